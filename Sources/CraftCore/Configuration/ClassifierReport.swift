import CraftSchema
public import CraftVision
import Foundation

/// What `origami doctor` says about the image classifier: where its files are and where that place came from,
/// whether the weights' sha256 matches, whether the class names and the network load, and where both came from.
public struct ClassifierReport: Sendable {
    /// One check and its outcome.
    public struct Check: Sendable {
        /// What was checked, e.g. `weights`.
        public var name: String
        /// Whether it passed.
        public var passed: Bool
        /// What was found.
        public var detail: String
    }

    /// The files checked.
    public var files: ClassifierFiles
    /// The checks, in order; a missing file stops the ones after it.
    public var checks: [Check]
    /// Whether the classifier can be used: every check passed.
    public var isUsable: Bool { !checks.isEmpty && checks.allSatisfy(\.passed) }
    /// Where the two files come from.
    public static let source = "\(ClassifierFiles.weightsSource); class names: \(ClassifierFiles.classNamesSource)"

    /// Checks the files `files` names: presence, the weights' sha256 (computed now), and loading.
    public static func check(_ files: ClassifierFiles) -> ClassifierReport {
        var checks: [Check] = []
        let manager = FileManager.default
        let fix = "run scripts/setup"
        guard let data = manager.contents(atPath: files.weights.path) else {
            checks.append(Check(name: "weights", passed: false, detail: "\(files.weights.path) is missing; \(fix)"))
            return ClassifierReport(files: files, checks: checks)
        }
        checks.append(Check(name: "weights", passed: true, detail: "\(files.weights.path) (\(data.count) bytes)"))
        let sum = SHA256.hex(of: [UInt8](data))
        let matches = sum == ClassifierFiles.weightsSHA256
        checks.append(Check(
            name: "sha256", passed: matches,
            detail: matches ? "\(sum.prefix(16))… matches" : "\(sum) is not \(ClassifierFiles.weightsSHA256); \(fix)"))
        guard manager.fileExists(atPath: files.classNames.path) else {
            checks.append(Check(name: "classes", passed: false, detail: "\(files.classNames.path) is missing; \(fix)"))
            return ClassifierReport(files: files, checks: checks)
        }
        do {
            let classifier = try files.load()
            checks.append(Check(
                name: "network", passed: true,
                detail: "EfficientNet-Lite0 loads; \(classifier.classNames.count) ImageNet classes"))
        } catch {
            checks.append(Check(name: "network", passed: false, detail: error.description))
        }
        return ClassifierReport(files: files, checks: checks)
    }
}

/// Why the image classifier could not be loaded.
public enum VisionError: Error, Equatable, Sendable {
    // MARK: Files

    /// A file could not be read.
    case unreadable(file: String, reason: String)
    /// The weights file is not a PyTorch checkpoint in the legacy format this reader knows.
    case notACheckpoint(file: String, found: String)
    /// A pickle inside the checkpoint is malformed or uses something this reader does not know.
    case malformedPickle(file: String, offset: Int, reason: String)
    /// The checkpoint's structure is not what a state dictionary of tensors looks like.
    case malformedCheckpoint(file: String, reason: String)

    // MARK: The network

    /// A tensor the network needs is not in the checkpoint.
    case missingTensor(file: String, name: String)
    /// A tensor has another shape than the network needs.
    case wrongShape(file: String, name: String, expected: [Int], found: [Int])
    /// The class names file is not a JSON list of as many names as the network has outputs.
    case classNames(file: String, reason: String)
}

extension VisionError: CustomStringConvertible {
    /// What went wrong, with what, and what to do.
    public var description: String {
        let fix = "run scripts/setup to fetch and check the classifier again"
        return switch self {
        case .unreadable(let file, let reason): "\(file): cannot be read (\(reason)); \(fix)"
        case .notACheckpoint(let file, let found):
            "\(file): not a PyTorch checkpoint in the legacy format (\(found)); \(fix)"
        case .malformedPickle(let file, let offset, let reason):
            "\(file): the pickle at byte \(offset) is malformed: \(reason); \(fix)"
        case .malformedCheckpoint(let file, let reason): "\(file): not a checkpoint of tensors: \(reason); \(fix)"
        case .missingTensor(let file, let name): "\(file): has no tensor '\(name)'; is it EfficientNet-Lite0? \(fix)"
        case .wrongShape(let file, let name, let expected, let found):
            "\(file): tensor '\(name)' has shape \(found), EfficientNet-Lite0 needs \(expected); \(fix)"
        case .classNames(let file, let reason): "\(file): \(reason); \(fix)"
        }
    }
}

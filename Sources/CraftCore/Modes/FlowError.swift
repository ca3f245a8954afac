public import CraftSchema

/// A flow cannot start with what it was given.
public enum FlowError: Error, Sendable, Hashable {
    // MARK: Brainstorm

    /// Brainstorm was asked for with no photos at all.
    case noPhotos

    // MARK: Tutorial and coach

    /// The step asked for is not in the tutorial.
    case noSuchStep(Int, stepCount: Int)
    /// The coach was given no progress photo.
    case noProgressPhoto(step: Int)
}

extension FlowError: ExitStatusProviding {
    /// Every case is a command line asking for something that cannot be done: a usage error.
    public var exitStatus: ExitStatus { .usage }
}

extension FlowError: CustomStringConvertible {
    /// What went wrong, to what, and what to do.
    public var description: String {
        switch self {
        case .noPhotos:
            "no photos to brainstorm from; pass one or more photos of your supplies or inspiration"
        case .noSuchStep(let step, let count):
            "the tutorial has no step \(step); it has steps 1 to \(count)"
        case .noProgressPhoto(let step):
            "no photo of your progress on step \(step); pass a photo to have it checked"
        }
    }
}

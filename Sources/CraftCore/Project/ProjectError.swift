public import CraftSchema

/// Why a project cannot be read, written or used for what was asked.
public enum ProjectError: Error, Sendable, Hashable {
    // MARK: The file

    /// There is no project file yet.
    case missing(path: String)
    /// The project file exists but cannot be read.
    case unreadable(path: String, detail: String)
    /// The project file is not valid; it is left untouched.
    case corrupt(path: String, detail: String)
    /// The project file was written by a newer origami.
    case newerSchema(path: String, found: Int, supported: Int)
    /// The project file, its directory or its lock cannot be written.
    case cannotWrite(path: String, detail: String)

    // MARK: The project's state

    /// A command needs ideas and there are none yet.
    case noIdeas(path: String)
    /// An idea number outside the list.
    case ideaOutOfRange(requested: Int, count: Int)
    /// A command needs a tutorial and there is none yet.
    case noTutorial(path: String)
    /// A tutorial number (`tutorial --switch N`) the project does not have.
    case tutorialOutOfRange(requested: Int, count: Int)
    /// A step number outside the tutorial.
    case stepOutOfRange(requested: Int, count: Int)
    /// The person said a step is done that is not the current one (steps are done in order).
    case notCurrentStep(requested: Int, current: Int, count: Int)
    /// What a model call was for changed in the project while the model answered (another origami saved it).
    case changedMeanwhile(path: String, what: String)
}

extension ProjectError: ExitStatusProviding {
    /// Missing input 66, bad data 65, unwritable 73, a number out of range 64, changed meanwhile 75 (run it again;
    /// see `ExitStatus`).
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .unreadable, .noIdeas, .noTutorial: .noInput
        case .corrupt, .newerSchema: .dataError
        case .cannotWrite: .cannotCreate
        case .ideaOutOfRange, .tutorialOutOfRange, .stepOutOfRange, .notCurrentStep: .usage
        case .changedMeanwhile: .temporaryFailure
        }
    }
}

extension ProjectError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missing(let path):
            "\(path): no project here yet; run 'origami brainstorm PHOTO...' first, or pass --project DIR"
        case .unreadable(let path, let detail):
            "\(path): cannot read the project file (\(detail))"
        case .corrupt(let path, let detail):
            "\(path): the project file is damaged (\(detail)); it was left as it is — repair it, or move it away"
                + " to start a new project"
        case .newerSchema(let path, let found, let supported):
            "\(path): written by a newer origami (schema version \(found); this origami reads up to \(supported));"
                + " update origami"
        case .cannotWrite(let path, let detail):
            "\(path): cannot write the project (\(detail)); check the directory's permissions and free space"
        case .noIdeas(let path):
            "\(path): there are no ideas yet; run 'origami brainstorm PHOTO...' first"
        case .ideaOutOfRange(let requested, let count):
            "there is no idea \(requested); choose --idea 1" + (count > 1 ? " to \(count)" : "")
        case .noTutorial(let path):
            "\(path): there is no tutorial yet; run 'origami tutorial --idea N' first"
        case .tutorialOutOfRange(let requested, let count):
            "there is no tutorial \(requested); the project keeps \(count == 1 ? "1 tutorial" : "\(count) tutorials")"
                + " ('origami status' lists them): choose --switch 1" + (count > 1 ? " to \(count)" : "")
        case .stepOutOfRange(let requested, let count):
            "the tutorial has no step \(requested); choose --step 1" + (count > 1 ? " to \(count)" : "")
        case .notCurrentStep(let requested, let current, let count) where current > count:
            "all \(count) steps are already done; to go back to step \(requested), run "
                + "'origami tutorial --step \(requested)'"
        case .notCurrentStep(let requested, let current, _):
            "step \(requested) is not the current step (\(current)); steps are done in order: say step \(current) is "
                + "done first, or move there with 'origami tutorial --step \(requested)'"
        case .changedMeanwhile(let path, let what):
            "\(path): \(what) changed while the model answered (another origami saved this project); nothing was "
                + "saved, run the command again"
        }
    }
}

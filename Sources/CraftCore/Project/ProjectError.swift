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
    /// A step number outside the tutorial.
    case stepOutOfRange(requested: Int, count: Int)
}

extension ProjectError: ExitStatusProviding {
    /// Missing input 66, bad data 65, unwritable 73, a number out of range 64 (see `ExitStatus`).
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .unreadable, .noIdeas, .noTutorial: .noInput
        case .corrupt, .newerSchema: .dataError
        case .cannotWrite: .cannotCreate
        case .ideaOutOfRange, .stepOutOfRange: .usage
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
        case .stepOutOfRange(let requested, let count):
            "the tutorial has no step \(requested); choose --step 1" + (count > 1 ? " to \(count)" : "")
        }
    }
}

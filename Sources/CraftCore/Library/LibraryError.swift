public import CraftSchema

/// Why the project library could not be used.
public enum LibraryError: Error, Sendable, Hashable {
    // MARK: The file
    /// No library file was found in any of these places.
    case missing(searched: [String])
    /// The file is not a library this origami reads.
    case unreadable(path: String, reason: String)
    /// The file breaks the library's rules.
    case invalid(path: String, problems: [String])

    // MARK: A name
    /// No project has this id or title.
    case unknownProject(String, known: [String])
}

extension LibraryError: CustomStringConvertible {
    /// The message, naming the file or the name and what to do.
    public var description: String {
        switch self {
        case .missing(let searched):
            "the project library (projects.json) is not installed; looked in \(searched.joined(separator: ", ")); "
                + "reinstall origami (scripts/install or the Debian package) so the library lies beside the command"
        case .unreadable(let path, let reason):
            "\(path): not a project library this origami reads (\(reason)); reinstall origami"
        case .invalid(let path, let problems):
            "\(path): the project library breaks its rules: \(problems.prefix(5).joined(separator: "; "))"
                + (problems.count > 5 ? " (and \(problems.count - 5) more)" : "")
        case .unknownProject(let name, let known):
            "no project '\(name)' in the library; 'origami library' lists them "
                + "(\(known.prefix(6).joined(separator: ", ")), …)"
        }
    }
}

extension LibraryError: ExitStatusProviding {
    /// 66 when the library is not installed, 65 when it cannot be read, 64 for a name not in it.
    public var exitStatus: ExitStatus {
        switch self {
        case .missing: .noInput
        case .unreadable, .invalid: .dataError
        case .unknownProject: .usage
        }
    }
}

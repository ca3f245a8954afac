public import Foundation

/// origami's library of checked projects, read from `projects.json` (a resource of this module, installed beside
/// the command): classic projects whose steps are known, which brainstorm offers, tutorial hands out as they are and
/// the coach checks progress photos against.
public struct ProjectLibrary: Sendable, Hashable, Codable {
    /// The file format's version.
    public var schemaVersion: Int
    /// What the file holds and what each field means.
    public var about: String
    /// The projects, in the file's order.
    public var projects: [LibraryProject]

    /// The format version this code reads.
    public static let currentSchemaVersion = 1
    /// The library file's name.
    public static let fileName = "projects.json"
    /// The resource bundle SwiftPM builds for this module, beside the executable that links it.
    public static let bundleName = "origami_CraftCore.resources"

    /// Decodes a library from JSON and checks it against the rules (`violations`).
    public init(json: Data, source: String) throws {
        let decoded: ProjectLibrary
        do {
            decoded = try JSONDecoder().decode(ProjectLibrary.self, from: json)
        } catch {
            throw LibraryError.unreadable(path: source, reason: "\(error)")
        }
        guard decoded.schemaVersion == Self.currentSchemaVersion else {
            throw LibraryError.unreadable(
                path: source,
                reason: "schemaVersion \(decoded.schemaVersion); this origami reads \(Self.currentSchemaVersion)")
        }
        let problems = decoded.violations
        guard problems.isEmpty else { throw LibraryError.invalid(path: source, problems: problems) }
        self = decoded
    }

    /// Reads the library at `url`.
    public static func load(from url: URL) throws -> ProjectLibrary {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LibraryError.missing(searched: [url.path])
        }
        return try ProjectLibrary(json: data, source: url.path)
    }

    /// Where an installed or built origami finds its library, in order: the module's resource bundle beside the
    /// executable (a build, or the Debian package's /usr/lib/origami), then `../share/origami/projects.json`
    /// beside the executable's directory (what `scripts/install` puts under its prefix). Symbolic links to the
    /// executable are followed first.
    public static func locations(executable: URL?) -> [URL] {
        guard let executable else { return [] }
        let directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        return [
            directory.appendingPathComponent(bundleName).appendingPathComponent(fileName),
            directory.deletingLastPathComponent().appendingPathComponent("share/origami/\(fileName)"),
        ]
    }

    /// The library that came with this program: the first of `locations` that exists.
    public static func bundled(executable: URL? = Bundle.main.executableURL) throws -> ProjectLibrary {
        let candidates = locations(executable: executable)
        guard let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else {
            throw LibraryError.missing(searched: candidates.map(\.path))
        }
        return try load(from: found)
    }

    /// The project a person named: by its id, or its title (case, articles and punctuation aside).
    public func project(named name: String) -> LibraryProject? {
        let key = CraftText.nearKey(name)
        return projects.first { $0.id == name.lowercased() }
            ?? projects.first { CraftText.nearKey($0.title) == key || CraftText.nearKey($0.id) == key }
    }

    /// The project a tutorial came from, when it came from this library.
    public func project(of tutorial: Tutorial) -> LibraryProject? {
        tutorial.libraryProject.flatMap { id in projects.first { $0.id == id } }
    }

    /// The projects whose every kind of supply is among `supplies`, in the library's order.
    public func projects(makeableWith supplies: Set<String>) -> [LibraryProject] {
        projects.filter { !$0.supplies.isEmpty && Set($0.supplies).isSubset(of: supplies) }
    }
}

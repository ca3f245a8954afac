public import CraftSchema
public import Foundation

/// A JSON Lines file of recorded exchanges: each line one request's key, its normalised form and the raw events
/// the backend streamed for it.
///
/// Lines are appended with one `write` on a file opened for appending, so concurrent recorders do not interleave.
public struct Cassette: Sendable {
    /// One recorded exchange.
    public struct Entry: Sendable, Hashable, Codable {
        /// The hex sha256 of the normalised request.
        public var key: String
        /// The normalised request, kept to explain a miss.
        public var request: CassetteRequest
        /// The capabilities of the recorded backend, so replay plans requests the same way.
        public var capabilities: Capabilities
        /// The events as the backend streamed them.
        public var events: [ModelEvent]

        /// Creates an entry; the key is computed from the request.
        public init(request: CassetteRequest, capabilities: Capabilities, events: [ModelEvent]) {
            self.key = request.key
            self.request = request
            self.capabilities = capabilities
            self.events = events
        }
    }

    /// The file's location.
    public let url: URL

    /// A cassette at `url` (which need not exist yet).
    public init(url: URL) {
        self.url = url
    }

    /// Reads every entry; a line that is not an entry is an error naming the file and line.
    public func load() throws -> [Entry] {
        let text = try Self.text(of: url)
        let decoder = JSONDecoder()
        var entries: [Entry] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            do {
                entries.append(try decoder.decode(Entry.self, from: Data(line.utf8)))
            } catch {
                throw CassetteError.malformedLine(path: url.path, line: index + 1, detail: "\(error)")
            }
        }
        return entries
    }

    /// The file's text, or why there is none: nothing at the path, a folder or device rather than a file, or a
    /// file that cannot be read. (Foundation calls `/dev/null` a permission problem, so the file is asked first.)
    static func text(of url: URL) throws(CassetteError) -> String {
        var status = stat()
        guard stat(url.path, &status) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .missing(path: url.path) }
            throw .unreadable(path: url.path, detail: String(cString: strerror(code)).lowercased())
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO: break
        case S_IFDIR: throw .notAFile(path: url.path, kind: "a folder")
        case S_IFCHR, S_IFBLK: throw .notAFile(path: url.path, kind: "a device")
        default: throw .notAFile(path: url.path, kind: "a special file")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            let reason = access(url.path, R_OK) == 0 ? "it could not be read" : String(cString: strerror(errno))
            throw .unreadable(path: url.path, detail: reason.lowercased())
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .unreadable(path: url.path, detail: "it is not UTF-8 text")
        }
        return text
    }

    /// Appends one entry as a line.
    public func append(_ entry: Entry) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var line = try encoder.encode(entry)
        line.append(UInt8(ascii: "\n"))
        let descriptor = open(url.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else {
            throw CassetteError.unwritable(path: url.path, detail: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw CassetteError.unwritable(path: url.path, detail: String(cString: strerror(errno)))
        }
    }
}

/// A cassette could not be read, written or matched.
public enum CassetteError: Error, Sendable, Hashable {
    // MARK: The file

    /// Nothing exists at the cassette's path.
    case missing(path: String)
    /// The path names a folder or a device, not a cassette file; `kind` says which.
    case notAFile(path: String, kind: String)
    /// The cassette cannot be read.
    case unreadable(path: String, detail: String)
    /// A line is not a recorded exchange.
    case malformedLine(path: String, line: Int, detail: String)
    /// The cassette cannot be appended to.
    case unwritable(path: String, detail: String)

    // MARK: Matching

    /// No recording matches the request; names the closest recording and how the request differs from it.
    case miss(path: String, key: String, closestKey: String?, differences: [String])
}

extension CassetteError: ExitStatusProviding {
    /// A missing file is missing input; a bad line or a miss is bad data; an unwritable file cannot be created.
    public var exitStatus: ExitStatus {
        switch self {
        case .missing, .notAFile, .unreadable: .noInput
        case .malformedLine, .miss: .dataError
        case .unwritable: .cannotCreate
        }
    }
}

extension CassetteError: CustomStringConvertible {
    /// What went wrong, to what, and what to do.
    public var description: String {
        switch self {
        case .missing(let path):
            "\(path): no such cassette; record one with --record \(path)"
        case .notAFile(let path, let kind):
            "\(path): is \(kind), not a cassette file; pass the JSON Lines file that --record wrote"
        case .unreadable(let path, let detail):
            "\(path): cannot read the cassette (\(detail)); check that it is the file --record wrote and that you may "
                + "read it"
        case .malformedLine(let path, let line, let detail):
            "\(path):\(line): not a recorded exchange (\(detail)); re-record the cassette"
        case .unwritable(let path, let detail):
            "\(path): cannot append to the cassette (\(detail)); check the directory exists and is writable"
        case .miss(let path, let key, let closest, let differences):
            if let closest {
                "\(path): no recording for request \(key.prefix(12)); the closest is \(closest.prefix(12)), "
                    + "which differs in:\n" + differences.map { "  - \($0)" }.joined(separator: "\n")
                    + "\nre-record with --record \(path) if the prompts changed on purpose"
            } else {
                "\(path): no recording for request \(key.prefix(12)); the cassette is empty; "
                    + "record one with --record \(path)"
            }
        }
    }
}

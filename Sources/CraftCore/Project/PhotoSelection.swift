public import CraftSchema
public import Foundation

/// Turns the photo arguments of a command into photo files: a file stands for itself, a directory for the
/// image files directly inside it, sorted by name.
public enum PhotoSelection {
    /// The file extensions a directory's photos are recognised by (a named file is read whatever its name).
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif"]

    /// The photo files for `arguments`, in order, each once; paths are resolved against `directory`.
    public static func files(for arguments: [String], relativeTo directory: URL) throws -> [URL] {
        var files: [URL] = []
        var seen: Set<String> = []
        for argument in arguments {
            let url = argument.hasPrefix("/")
                ? URL(fileURLWithPath: argument) : directory.appendingPathComponent(argument)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                throw PhotoSelectionError.missing(path: argument)
            }
            var found: [URL] = [url]
            if isDirectory.boolValue {
                guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else {
                    throw PhotoSelectionError.unreadableDirectory(path: argument)
                }
                found = names.filter { name in
                    !name.hasPrefix(".") && imageExtensions.contains((name as NSString).pathExtension.lowercased())
                }.sorted().map { url.appendingPathComponent($0) }
                guard !found.isEmpty else { throw PhotoSelectionError.emptyDirectory(path: argument) }
            }
            for file in found where seen.insert(file.standardizedFileURL.path).inserted {
                files.append(file)
            }
        }
        return files
    }

    /// `file`'s path as the project records it: relative to `directory` when inside it, absolute otherwise.
    public static func recordedPath(_ file: URL, relativeTo directory: URL) -> String {
        let path = file.standardizedFileURL.path
        let base = directory.standardizedFileURL.path
        if path == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}

/// Why photo arguments do not name photos.
public enum PhotoSelectionError: Error, Sendable, Hashable {
    /// Nothing exists at the path.
    case missing(path: String)
    /// A directory that cannot be listed.
    case unreadableDirectory(path: String)
    /// A directory without image files.
    case emptyDirectory(path: String)
}

extension PhotoSelectionError: ExitStatusProviding {
    /// Always "input missing" (66).
    public var exitStatus: ExitStatus { .noInput }
}

extension PhotoSelectionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .missing(let path):
            "\(path): no such file or directory; check the path of the photo"
        case .unreadableDirectory(let path):
            "\(path): cannot list the directory; check its permissions"
        case .emptyDirectory(let path):
            "\(path): the directory holds no photos (.jpg, .jpeg, .png, .webp, .heic); name photo files instead"
        }
    }
}

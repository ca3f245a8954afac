public import CraftBackends
public import Foundation

/// Turns a project into the bytes of `project.json` and back, checking the schema version first.
public enum ProjectCodec {
    /// The file's bytes: pretty-printed JSON with sorted keys, ISO 8601 dates, image bytes removed.
    public static func encode(_ project: Project) throws -> Data {
        var project = project
        project.transcript = trimmed(project.transcript)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(project)
        data.append(0x0A)
        return data
    }

    /// Reads a project; `path` names the file in errors. A file of an earlier schema version is upgraded.
    public static func decode(_ data: Data, path: String) throws -> Project {
        try decodeVersioned(data, path: path).project
    }

    /// Reads a project and the schema version its file was written with (older than `Project.currentSchemaVersion`
    /// when it was upgraded on reading, so the next save writes it anew).
    ///
    /// The version is read before anything else, so a file from a newer origami gets a clear message rather
    /// than a decoding error about a field this build has never heard of.
    static func decodeVersioned(_ data: Data, path: String) throws -> (project: Project, fileVersion: Int) {
        struct Version: Decodable { var schemaVersion: Int }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let version: Version
        do {
            version = try decoder.decode(Version.self, from: data)
        } catch {
            throw ProjectError.corrupt(path: path, detail: describe(error))
        }
        guard version.schemaVersion <= Project.currentSchemaVersion else {
            throw ProjectError.newerSchema(
                path: path, found: version.schemaVersion, supported: Project.currentSchemaVersion)
        }
        guard version.schemaVersion >= 1 else {
            throw ProjectError.corrupt(path: path, detail: "schemaVersion \(version.schemaVersion) is not valid")
        }
        do {
            if version.schemaVersion == 1 {
                return (upgraded(try decoder.decode(ProjectV1.self, from: data)), 1)
            }
            return (try decoder.decode(Project.self, from: data), version.schemaVersion)
        } catch {
            throw ProjectError.corrupt(path: path, detail: describe(error))
        }
    }

    /// The transcript with every image's bytes dropped; labels, hashes and descriptions stay.
    public static func trimmed(_ transcript: Transcript) -> Transcript {
        Transcript(entries: transcript.entries.map { entry in
            guard case .prompt(var prompt) = entry else { return entry }
            prompt.segments = prompt.segments.map { segment in
                guard case .image(var attachment) = segment else { return segment }
                attachment.data = nil
                return .image(attachment)
            }
            return .prompt(prompt)
        })
    }

    /// A decoding error in a few words: what is wrong and where.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        func at(_ path: [any CodingKey]) -> String {
            path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
                .joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "not valid JSON"
        case .dataCorrupted(let context): return "invalid value" + at(context.codingPath)
        case .keyNotFound(let key, let context): return "missing \"\(key.stringValue)\"" + at(context.codingPath)
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "wrong type" + at(context.codingPath)
        @unknown default: return "not valid JSON"
        }
    }
}

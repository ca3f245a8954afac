import Foundation

/// Decoding helpers shared by the suite, the manifest and the report reader: strict keys (an unknown key is an
/// error, since a typo such as `minIdea` would otherwise silently switch an assertion off) and problems that
/// carry the JSON path where they were found.
struct SuiteKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        stringValue = string
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A problem found while decoding a suite, before the file's name is known to the decoder.
enum SuiteProblem: Error {
    case unknownKey(path: String, known: [String])
    case invalid(path: String, problem: String)

    /// The problem as an `EvalError` naming `file`.
    func error(file: String) -> EvalError {
        switch self {
        case .unknownKey(let path, let known): .unknownKey(file: file, path: path, known: known)
        case .invalid(let path, let problem): .invalidValue(file: file, path: path, problem: problem)
        }
    }
}

enum SuiteDecoding {
    /// `cases[2].expect.minIdeas` for a coding path.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "(top level)" : text
    }

    /// The path of `key` inside the container at `codingPath`.
    static func path(_ codingPath: [any CodingKey], _ key: String) -> String {
        path(codingPath + [SuiteKey(key)])
    }

    /// Decodes `data` as `T`, turning every failure into an `EvalError` that names `file` and the key.
    static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(EvalError) -> T {
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch let problem as SuiteProblem {
            throw problem.error(file: file)
        } catch let error as DecodingError {
            throw translate(error, file: file)
        } catch {
            throw .notJSON(file: file, detail: "\(error)")
        }
    }

    private static func translate(_ error: DecodingError, file: String) -> EvalError {
        switch error {
        case .typeMismatch(let type, let context):
            return .invalidValue(file: file, path: path(context.codingPath), problem: "expected \(kind(type))")
        case .valueNotFound(let type, let context):
            return .invalidValue(file: file, path: path(context.codingPath), problem: "expected \(kind(type)), found null")
        case .keyNotFound(let key, let context):
            return .missingKey(file: file, path: path(context.codingPath + [key]))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
                return .notJSON(file: file, detail: detail ?? context.debugDescription)
            }
            return .invalidValue(file: file, path: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return .notJSON(file: file, detail: "\(error)")
        }
    }

    /// "a string", "a whole number", … for the type a decoder wanted.
    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type: "a whole number"
        case is Double.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "a list"
        default: String(describing: type).hasPrefix("Array") ? "a list" : "an object"
        }
    }
}

extension KeyedDecodingContainer where Key == SuiteKey {
    /// Throws when the object holds a key not in `known`.
    func rejectUnknownKeys(_ known: [String]) throws {
        for key in allKeys where !known.contains(key.stringValue) {
            throw SuiteProblem.unknownKey(path: SuiteDecoding.path(codingPath, key.stringValue), known: known)
        }
    }

    /// The value at `key`, or nil when it is absent or null.
    func optional<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
        try decodeIfPresent(type, forKey: SuiteKey(key))
    }

    /// The value at `key`; absent is an error naming the key.
    func required<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
        try decode(type, forKey: SuiteKey(key))
    }

    /// A whole number at `key` that must be at least `minimum`.
    func count(_ key: String, atLeast minimum: Int) throws -> Int? {
        guard let value = try optional(Int.self, key) else { return nil }
        guard value >= minimum else {
            throw SuiteProblem.invalid(path: SuiteDecoding.path(codingPath, key), problem: "must be at least \(minimum), found \(value)")
        }
        return value
    }

    /// A rate at `key`: a number from 0 to 1.
    func rate(_ key: String) throws -> Double? {
        guard let value = try optional(Double.self, key) else { return nil }
        guard (0...1).contains(value) else {
            throw SuiteProblem.invalid(
                path: SuiteDecoding.path(codingPath, key), problem: "must be from 0 to 1, found \(value)")
        }
        return value
    }

    /// A number at `key` that must be above zero.
    func positive(_ key: String) throws -> Double? {
        guard let value = try optional(Double.self, key) else { return nil }
        guard value > 0, value.isFinite else {
            throw SuiteProblem.invalid(path: SuiteDecoding.path(codingPath, key), problem: "must be above 0, found \(value)")
        }
        return value
    }
}

/// Why a model's answer could not become a value: its JSON is malformed, or it breaks the schema or a domain rule.
///
/// Offsets count UTF-8 bytes from the start of the answer. Every case ends a command with `dataError` (65) once
/// the session's retries are used up.
public enum SchemaError: Error, Sendable, Hashable {
    // MARK: JSON syntax

    /// A byte that cannot appear here; `expected` says what could.
    case unexpectedCharacter(String, offset: Int, expected: String)
    /// The text ended inside a value; `expected` says what was still missing.
    case unexpectedEnd(offset: Int, expected: String)
    /// Something other than whitespace follows the complete value.
    case trailingData(offset: Int)
    /// A comma after the last element or member, right before the closing `]` or `}` (`before`); `offset` is the
    /// comma's, since the comma is what to remove.
    case trailingComma(before: String, offset: Int)
    /// A bare word that is not `true`, `false` or `null` (`truth`, `nul]`): the word as far as it goes.
    case invalidLiteral(String, offset: Int)
    /// A backslash escape that JSON does not have (`\x`, `\u12G4`).
    case invalidEscape(String, offset: Int)
    /// A `\uD800`–`\uDFFF` escape without its other half.
    case loneSurrogate(String, offset: Int)
    /// Bytes that are not valid UTF-8.
    case invalidUTF8(offset: Int)
    /// A control character (below U+0020) inside a string; JSON requires it escaped.
    case controlCharacter(UInt8, offset: Int)
    /// A number that does not follow JSON's number grammar (`01`, `1.`, `-`).
    case invalidNumber(String, offset: Int)
    /// The same key twice in one object.
    case duplicateKey(String, offset: Int)

    // MARK: Limits

    /// Arrays and objects nested deeper than the parser's limit.
    case tooDeep(limit: Int, offset: Int)
    /// A string longer than the parser's limit, in UTF-8 bytes.
    case stringTooLong(limit: Int, offset: Int)

    // MARK: Content

    /// The value is well-formed JSON but breaks the schema or a domain rule, one entry per problem.
    case violations([SchemaViolation])
}

/// One way a value breaks its schema or a domain rule, at a path like `images[1].image`.
public struct SchemaViolation: Sendable, Hashable, CustomStringConvertible {
    /// Where the problem is: property names joined by dots, array indices in brackets; empty for the whole value.
    public var path: String
    /// What is wrong, e.g. `expected at least 3 items, got 2`.
    public var message: String

    /// Creates a violation.
    public init(path: String = "", _ message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or the message alone at the top level.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// This violation seen from the object holding it under `key`.
    public func inside(key: String) -> SchemaViolation {
        SchemaViolation(path: path.isEmpty ? key : path.hasPrefix("[") ? key + path : key + "." + path, message)
    }

    /// This violation seen from the array holding it at `index`.
    public func inside(index: Int) -> SchemaViolation {
        SchemaViolation(path: path.isEmpty || path.hasPrefix("[") ? "[\(index)]" + path : "[\(index)]." + path, message)
    }
}

extension SchemaError {
    /// The violations this error stands for: its own list, or the syntax error as one top-level entry.
    public var violations: [SchemaViolation] {
        if case .violations(let list) = self { return list }
        return [SchemaViolation(description)]
    }

    /// Whether the error is about JSON syntax or a parser limit rather than the content.
    public var isSyntaxError: Bool {
        if case .violations = self { false } else { true }
    }
}

extension SchemaError: ExitStatusProviding {
    /// Always `dataError`: the model's answer, not origami or the user, is at fault.
    public var exitStatus: ExitStatus { .dataError }
}

extension SchemaError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .unexpectedEnd(let offset, let expected):
            "the JSON ends early at byte \(offset): expected \(expected) (was the answer cut off?)"
        case .tooDeep(let limit, let offset):
            "JSON nested more than \(limit) levels deep at byte \(offset); origami refuses it"
        case .stringTooLong(let limit, let offset):
            "a JSON string at byte \(offset) is longer than \(limit) bytes; origami refuses it"
        case .violations(let list):
            list.count == 1
                ? "the answer breaks its schema: \(list[0])"
                : "the answer breaks its schema in \(list.count) places:\n" + list.map { "  - \($0)" }.joined(separator: "\n")
        default:
            "invalid JSON at byte \(offset ?? 0): \(problem)"
        }
    }

    /// Where a syntax error or limit was met, in UTF-8 bytes from the start; nil for schema violations.
    public var offset: Int? {
        switch self {
        case .unexpectedCharacter(_, let offset, _), .unexpectedEnd(let offset, _), .trailingData(let offset),
            .trailingComma(_, let offset), .invalidLiteral(_, let offset), .invalidEscape(_, let offset),
            .loneSurrogate(_, let offset), .invalidUTF8(let offset), .controlCharacter(_, let offset),
            .invalidNumber(_, let offset), .duplicateKey(_, let offset), .tooDeep(_, let offset),
            .stringTooLong(_, let offset):
            offset
        case .violations: nil
        }
    }

    /// What is wrong, without where: for messages that give the place their own way, such as a line and column
    /// of a file a person edits (`found '1', expected ':'`).
    public var problem: String {
        switch self {
        case .unexpectedCharacter(let character, _, let expected):
            "found \(character), expected \(expected)"
        case .unexpectedEnd(_, let expected):
            "the text ends early; expected \(expected)"
        case .trailingData:
            "more text follows the complete value"
        case .trailingComma(let closer, _):
            "a ',' right before \(closer), which JSON does not allow: remove that comma"
        case .invalidLiteral(let word, _):
            "\(word) is not a JSON value (true, false and null are the only bare words; text needs double quotes)"
        case .invalidEscape(let escape, _):
            "\(escape) is not a JSON escape"
        case .loneSurrogate(let escape, _):
            "\(escape) is half of a UTF-16 surrogate pair without its other half"
        case .invalidUTF8:
            "the text is not valid UTF-8"
        case .controlCharacter(let byte, _):
            "control character 0x\(String(byte, radix: 16)) in a string must be escaped"
        case .invalidNumber(let text, _):
            "\(text) is not a JSON number"
        case .duplicateKey(let key, _):
            "the key \(GeneratedContent.quoted(key)) appears twice in one object"
        case .tooDeep(let limit, _):
            "nested more than \(limit) levels deep"
        case .stringTooLong(let limit, _):
            "a string is longer than \(limit) bytes"
        case .violations:
            description
        }
    }
}

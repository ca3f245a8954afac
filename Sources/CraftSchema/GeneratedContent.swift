/// A JSON value as a model produced it: objects keep their key order and numbers keep their text.
///
/// It is what the parsers produce, what the schema validates and what `Generable` types decode from. Key order
/// matters because fields generate in declaration order, and number text is kept so nothing is lost in a round
/// trip (`1.50` stays `1.50`).
///
/// It is also origami's JSON value wherever JSON is read or written: HTTP bodies, `--json` events, cassettes, the
/// configuration file and eval reports. The general role keeps this name, without a second one, for three reasons.
/// The answers are the payload of those other roles (an idea goes into an event, an answer into a report, earlier
/// answers into the next request body), so a separate `JSONValue` type would need a conversion at each of those
/// places that changes nothing. A `typealias` would give one type two names: readers would look for a difference,
/// and the compiler's messages would use only one of them. And the sample API's `GeneratedContent` already covers
/// more than a final answer: it also carries tool arguments and structured content built by hand, with
/// `init(json:)` and `jsonString` for reading and writing JSON.
public enum GeneratedContent: Sendable, Hashable {
    /// JSON `null`.
    case null
    /// JSON `true` or `false`.
    case bool(Bool)
    /// A JSON number, as its text in the document (e.g. `-1.5e3`).
    case number(String)
    /// A JSON string, unescaped.
    case string(String)
    /// A JSON array.
    case array([GeneratedContent])
    /// A JSON object, its members in document order.
    case object([Member])

    /// One key and its value in a JSON object.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: GeneratedContent

        /// Creates a member.
        public init(_ key: String, _ value: GeneratedContent) {
            self.key = key
            self.value = value
        }
    }
}

// MARK: - Building

extension GeneratedContent {
    /// An object from key–value pairs in order; nil values (absent optionals) are left out.
    public init(properties: KeyValuePairs<String, GeneratedContent?>) {
        self = .object(properties.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// An object from key–value pairs gathered at run time, in order; nil values are left out.
    ///
    /// Request bodies and `--json` events are built this way: the order written is the order sent. Disfavoured so
    /// that `.object([])` still means the case.
    @_disfavoredOverload
    public static func object(_ pairs: [(String, GeneratedContent?)]) -> GeneratedContent {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// JSON text as the value it parses to, or the text itself as a string when it is not JSON.
    ///
    /// Splices a schema or tool arguments into a larger document with their key order and number text intact.
    public init(jsonOrString text: String) {
        self = (try? GeneratedContent(json: text)) ?? .string(text)
    }

    /// A number from an integer.
    public init(_ value: Int) {
        self = .number(String(value))
    }

    /// A number from a double; integral values are written without a fraction (`3`, not `3.0`).
    public init(_ value: Double) {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            self = .number(String(Int64(value)))
        } else if value.isFinite {
            self = .number(String(value))
        } else {
            self = .null
        }
    }
}

// MARK: - Reading

extension GeneratedContent {
    /// The value of `key` when this is an object holding it (the first such member), else nil.
    public subscript(key: String) -> GeneratedContent? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element at `index` when this is an array long enough, else nil.
    public subscript(index: Int) -> GeneratedContent? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { text } else { nil }
    }

    /// The Boolean when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    /// The number as a double when this is a number.
    public var doubleValue: Double? {
        if case .number(let text) = self { Double(text) } else { nil }
    }

    /// The number as an integer when this is a number with an integral value (`3`, `3.0`, `3e0`).
    public var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let value = Int(text) { return value }
        guard let value = Double(text), value == value.rounded(), abs(value) < 9e15 else { return nil }
        return Int(value)
    }

    /// The elements when this is an array.
    public var arrayValue: [GeneratedContent]? {
        if case .array(let elements) = self { elements } else { nil }
    }

    /// The members when this is an object.
    public var objectMembers: [Member]? {
        if case .object(let members) = self { members } else { nil }
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { true } else { false }
    }

    /// What kind of value this is, with its text when short, for messages: `a string ("Photo_zz9")`, `an array`.
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let text): "the number \(text.count > 24 ? String(text.prefix(24)) + "…" : text)"
        case .string(let text): "a string (\(Self.quoted(text)))"
        case .array(let elements): "an array of \(elements.count)"
        case .object: "an object"
        }
    }

    /// A string in double quotes for messages, shortened past 60 characters.
    package static func quoted(_ text: String) -> String {
        let short = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return GeneratedContent.string(short).jsonString
    }
}

// MARK: - Codable

extension GeneratedContent: Codable {
    /// Decodes any JSON value; numbers become their shortest text.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            self = .object(try container.allKeys.map { Member($0.stringValue, try container.decode(Self.self, forKey: $0)) })
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [GeneratedContent] = []
            while !container.isAtEnd { elements.append(try container.decode(Self.self)) }
            self = .array(elements)
            return
        }
        let value = try decoder.singleValueContainer()
        if value.decodeNil() {
            self = .null
        } else if let bool = try? value.decode(Bool.self) {
            self = .bool(bool)
        } else if let text = try? value.decode(String.self) {
            self = .string(text)
        } else if let integer = try? value.decode(Int64.self) {
            self = .number(String(integer))
        } else {
            self = GeneratedContent(try value.decode(Double.self))
        }
    }

    /// Encodes the JSON value itself (an object as a keyed container in member order).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for member in members { try container.encode(member.value, forKey: AnyKey(member.key)) }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(element) }
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int64(text) { try container.encode(integer) } else { try container.encode(Double(text) ?? 0) }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// The shape a model's answer must have: objects with ordered properties, arrays, strings, numbers and Booleans,
/// each with its guides (counts, ranges, choices, patterns) and descriptions.
///
/// One schema renders to JSON Schema for backends that enforce it (`jsonSchema(_:)`), to a short text for prompts
/// (`promptDescription`), and checks decoded answers in code (`validate(_:)`), so the guides hold whatever a
/// backend promised. A string may be a named placeholder filled at run time (`resolving(_:)`), which is how a photo
/// reference becomes an enum of the labels actually in the session.
public struct GenerationSchema: Sendable, Hashable {
    /// The type's name, e.g. `ImageAnalysisList`; used as the response format's name.
    public var name: String
    /// What the value is, for the model.
    public var description: String?
    /// What kind of value, with its guides.
    public var kind: Kind
    /// Whether `null` is allowed (an optional value); such a property may also be left out.
    public var isNullable: Bool

    /// The kinds of value, each with the guides that apply to it.
    public indirect enum Kind: Sendable, Hashable {
        /// An object with properties in declaration order.
        case object([Property])
        /// An array of items, with an optional minimum and maximum count.
        case array(items: GenerationSchema, minimumCount: Int?, maximumCount: Int?)
        /// A string, free or constrained.
        case string(StringFormat)
        /// A whole number within optional bounds.
        case integer(minimum: Int?, maximum: Int?)
        /// A number within optional bounds.
        case number(minimum: Double?, maximum: Double?)
        /// `true` or `false`.
        case boolean
    }

    /// What a string may be.
    public enum StringFormat: Sendable, Hashable {
        /// Any text.
        case free
        /// Any text of at most this many characters (JSON Schema `maxLength`). A backend that constrains its output
        /// to the schema stops the text at the cap, so the session ends a capped text at its last whole sentence
        /// (see `AnswerRepair.endCappedTexts(_:)`).
        case maximumLength(Int)
        /// Text matching a regular expression somewhere (JSON Schema `pattern`).
        case pattern(String)
        /// One of a fixed list.
        case choices([String])
        /// Exactly this text.
        case constant(String)
        /// One of a list supplied at run time under this name (see `resolving(_:)`); any text until then.
        case dynamicChoices(String)
    }

    /// One property of an object schema.
    public struct Property: Sendable, Hashable {
        /// The key in the JSON object.
        public var name: String
        /// What the property holds, for the model.
        public var description: String?
        /// The property's schema; a nullable schema makes the property optional.
        public var schema: GenerationSchema
        /// The Boolean property this optional one depends on: it is given only when that one is true (see
        /// `onlyWhenTrue(_:)`).
        public var condition: String?

        /// Whether the property may be missing or null.
        public var isOptional: Bool { schema.isNullable }

        /// A property holding a `Generable` type, its schema narrowed by guides.
        public init<Value: Generable>(
            _ name: String, _ type: Value.Type, description: String? = nil, _ guides: GenerationGuide...
        ) {
            self.init(name, schema: Value.generationSchema.guided(by: guides), description: description)
        }

        /// A property with an explicit schema.
        public init(_ name: String, schema: GenerationSchema, description: String? = nil) {
            self.name = name
            self.description = description
            self.schema = schema
        }

        /// This optional property, given only when the Boolean property `name` is true, as a congratulation only
        /// with a complete step. A grammar of compact answers holds a model to it when `name` is the object's last
        /// required property (`compactJSONGrammar`); JSON Schema and the prompt leave it to the description.
        public func onlyWhenTrue(_ name: String) -> Self {
            var property = self
            property.condition = name
            return property
        }
    }

    /// Creates a schema.
    public init(name: String, description: String? = nil, kind: Kind, isNullable: Bool = false) {
        self.name = name
        self.description = description
        self.kind = kind
        self.isNullable = isNullable
    }
}

// MARK: - Building

extension GenerationSchema {
    /// An object schema: the builder every hand-written `Generable` conformance uses.
    public static func object(_ name: String, description: String? = nil, _ properties: [Property]) -> Self {
        Self(name: name, description: description, kind: .object(properties))
    }

    /// A string schema whose value is one of `choices`.
    public static func choices(_ name: String, description: String? = nil, _ choices: [String]) -> Self {
        Self(name: name, description: description, kind: .string(.choices(choices)))
    }

    /// A string schema naming a list of choices supplied later by `resolving(_:)`.
    public static func dynamicChoices(_ name: String, description: String? = nil) -> Self {
        Self(name: name, description: description, kind: .string(.dynamicChoices(name)))
    }

    /// An array schema of `items`.
    public static func array(of items: GenerationSchema, description: String? = nil) -> Self {
        Self(name: "ArrayOf\(items.name)", description: description,
             kind: .array(items: items, minimumCount: nil, maximumCount: nil))
    }

    /// This schema with `null` allowed.
    public func nullable() -> Self {
        var copy = self
        copy.isNullable = true
        return copy
    }

    /// This schema narrowed by guides, applied in order.
    public func guided(by guides: [GenerationGuide]) -> Self {
        guides.reduce(self) { $0.applying($1) }
    }

    /// This schema with every dynamic-choices placeholder named in `choices` replaced by that list.
    ///
    /// The session calls it with the labels of the photos it holds, e.g. `["ImageReference": labels]`, so the
    /// model can only name a photo that exists. Placeholders not named stay free strings.
    public func resolving(_ choices: [String: [String]]) -> Self {
        var copy = self
        switch kind {
        case .string(.dynamicChoices(let placeholder)):
            if let list = choices[placeholder] { copy.kind = .string(.choices(list)) }
        case .object(let properties):
            copy.kind = .object(properties.map { property in
                var property = property
                property.schema = property.schema.resolving(choices)
                return property
            })
        case .array(let items, let minimum, let maximum):
            copy.kind = .array(items: items.resolving(choices), minimumCount: minimum, maximumCount: maximum)
        case .string, .integer, .number, .boolean:
            break
        }
        return copy
    }

    private func applying(_ guide: GenerationGuide) -> Self {
        var copy = self
        switch (guide.rule, kind) {
        case (.description(let text), _):
            copy.description = text
        case (.count(let low, let high), .array(let items, let minimum, let maximum)):
            copy.kind = .array(items: items, minimumCount: low ?? minimum, maximumCount: high ?? maximum)
        case (.bounds(let low, let high), .integer(let minimum, let maximum)):
            copy.kind = .integer(minimum: low.map { Int($0.rounded(.up)) } ?? minimum,
                                 maximum: high.map { Int($0.rounded(.down)) } ?? maximum)
        case (.bounds(let low, let high), .number(let minimum, let maximum)):
            copy.kind = .number(minimum: low ?? minimum, maximum: high ?? maximum)
        case (.string(let format), .string):
            copy.kind = .string(format)
        default:
            preconditionFailure("the guide \(guide.rule) does not apply to the schema \(name) (\(kind))")
        }
        return copy
    }
}

/// A constraint on a property's value: a count for arrays, a range for numbers, choices or a pattern for strings.
///
/// Every guide is rendered into the JSON Schema and also checked in code when an answer is decoded.
public struct GenerationGuide: Sendable, Hashable {
    enum Rule: Sendable, Hashable {
        case description(String)
        case count(Int?, Int?)
        case bounds(Double?, Double?)
        case string(GenerationSchema.StringFormat)
    }

    let rule: Rule

    /// Replaces the description.
    public static func description(_ text: String) -> Self { Self(rule: .description(text)) }
    /// Exactly `count` items.
    public static func count(_ count: Int) -> Self { Self(rule: .count(count, count)) }
    /// Between `range.lowerBound` and `range.upperBound` items.
    public static func count(_ range: ClosedRange<Int>) -> Self { Self(rule: .count(range.lowerBound, range.upperBound)) }
    /// At least `count` items.
    public static func minimumCount(_ count: Int) -> Self { Self(rule: .count(count, nil)) }
    /// At most `count` items.
    public static func maximumCount(_ count: Int) -> Self { Self(rule: .count(nil, count)) }
    /// A number within `range`.
    public static func range(_ range: ClosedRange<Double>) -> Self { Self(rule: .bounds(range.lowerBound, range.upperBound)) }
    /// A whole number within `range`.
    public static func range(_ range: ClosedRange<Int>) -> Self {
        Self(rule: .bounds(Double(range.lowerBound), Double(range.upperBound)))
    }
    /// A number no smaller than `value`.
    public static func minimum(_ value: Double) -> Self { Self(rule: .bounds(value, nil)) }
    /// A number no larger than `value`.
    public static func maximum(_ value: Double) -> Self { Self(rule: .bounds(nil, value)) }
    /// A string that is one of `choices`.
    public static func anyOf(_ choices: [String]) -> Self { Self(rule: .string(.choices(choices))) }
    /// A string that is exactly `value`.
    public static func constant(_ value: String) -> Self { Self(rule: .string(.constant(value))) }
    /// A string matching the regular expression `pattern`.
    public static func pattern(_ pattern: String) -> Self { Self(rule: .string(.pattern(pattern))) }
    /// A string of at most `count` characters: a length guide a constrained backend enforces while it generates.
    public static func maximumLength(_ count: Int) -> Self { Self(rule: .string(.maximumLength(count))) }
    /// A string from a list supplied at run time under `name`.
    public static func dynamicChoices(_ name: String) -> Self { Self(rule: .string(.dynamicChoices(name))) }
}

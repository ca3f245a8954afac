// Generable conformances of the standard types: String, Int, Double, Bool, arrays and optionals.

extension String: Generable, PartiallyGeneratable {
    /// Streams as itself.
    public typealias PartiallyGenerated = String

    /// Any text.
    public static var generationSchema: GenerationSchema { GenerationSchema(name: "String", kind: .string(.free)) }

    /// Decodes a JSON string.
    public init(_ content: GeneratedContent) throws {
        guard case .string(let text) = content else { throw SchemaError.mismatch("a string", content) }
        self = text
    }

    /// The text so far; empty for anything but a string.
    public init(partial content: GeneratedContent) {
        self = content.stringValue ?? ""
    }

    /// The string as JSON content.
    public var generatedContent: GeneratedContent { .string(self) }
}

extension Int: Generable, PartiallyGeneratable {
    /// Streams as itself.
    public typealias PartiallyGenerated = Int

    /// Any whole number.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(name: "Int", kind: .integer(minimum: nil, maximum: nil))
    }

    /// Decodes a JSON number with an integral value.
    public init(_ content: GeneratedContent) throws {
        guard let value = content.intValue else { throw SchemaError.mismatch("an integer", content) }
        self = value
    }

    /// The number once complete; 0 until then.
    public init(partial content: GeneratedContent) {
        self = content.intValue ?? 0
    }

    /// The integer as JSON content.
    public var generatedContent: GeneratedContent { GeneratedContent(self) }
}

extension Double: Generable, PartiallyGeneratable {
    /// Streams as itself.
    public typealias PartiallyGenerated = Double

    /// Any number.
    public static var generationSchema: GenerationSchema {
        GenerationSchema(name: "Double", kind: .number(minimum: nil, maximum: nil))
    }

    /// Decodes a JSON number.
    public init(_ content: GeneratedContent) throws {
        guard let value = content.doubleValue, value.isFinite else { throw SchemaError.mismatch("a number", content) }
        self = value
    }

    /// The number once complete; 0 until then.
    public init(partial content: GeneratedContent) {
        self = content.doubleValue ?? 0
    }

    /// The number as JSON content.
    public var generatedContent: GeneratedContent { GeneratedContent(self) }
}

extension Bool: Generable, PartiallyGeneratable {
    /// Streams as itself.
    public typealias PartiallyGenerated = Bool

    /// `true` or `false`.
    public static var generationSchema: GenerationSchema { GenerationSchema(name: "Bool", kind: .boolean) }

    /// Decodes `true` or `false`.
    public init(_ content: GeneratedContent) throws {
        guard case .bool(let value) = content else { throw SchemaError.mismatch("true or false", content) }
        self = value
    }

    /// The Boolean once complete; false until then.
    public init(partial content: GeneratedContent) {
        self = content.boolValue ?? false
    }

    /// The Boolean as JSON content.
    public var generatedContent: GeneratedContent { .bool(self) }
}

extension Array: Generable where Element: Generable {
    /// Streams as the elements' partial forms.
    public typealias PartiallyGenerated = [Element.PartiallyGenerated]

    /// An array of the element's schema.
    public static var generationSchema: GenerationSchema { .array(of: Element.generationSchema) }

    /// Decodes a JSON array element by element; a failure's path starts with the element's index.
    public init(_ content: GeneratedContent) throws {
        guard case .array(let elements) = content else { throw SchemaError.mismatch("an array", content) }
        self = try elements.enumerated().map { index, element in
            do {
                return try Element(element)
            } catch let error as SchemaError {
                throw SchemaError.violations(error.violations.map { $0.inside(index: index) })
            }
        }
    }

    /// The array as JSON content.
    public var generatedContent: GeneratedContent { .array(map(\.generatedContent)) }
}

extension Array: PartiallyGeneratable where Element: PartiallyGeneratable {
    /// The elements so far, the last possibly partial; empty for anything but an array.
    public init(partial content: GeneratedContent) {
        self = (content.arrayValue ?? []).map(Element.init(partial:))
    }
}

extension Optional: Generable where Wrapped: Generable {
    /// Streams as the wrapped partial form, or nil.
    public typealias PartiallyGenerated = Wrapped.PartiallyGenerated?

    /// The wrapped schema with null allowed; as a property, it may also be left out.
    public static var generationSchema: GenerationSchema { Wrapped.generationSchema.nullable() }

    /// Decodes null as nil, anything else as the wrapped type.
    public init(_ content: GeneratedContent) throws {
        self = content.isNull ? nil : try Wrapped(content)
    }

    /// The value, or null.
    public var generatedContent: GeneratedContent { self?.generatedContent ?? .null }
}

extension Optional: PartiallyGeneratable where Wrapped: PartiallyGeneratable {
    /// nil for null, else the wrapped partial value.
    public init(partial content: GeneratedContent) {
        self = content.isNull ? nil : Wrapped(partial: content)
    }
}

extension SchemaError {
    /// A value of the wrong kind at the top level: `expected a string, got the number 3`.
    static func mismatch(_ expected: String, _ content: GeneratedContent) -> SchemaError {
        .violations([SchemaViolation("expected \(expected), got \(content.kindDescription)")])
    }
}

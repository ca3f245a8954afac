/// A type a model can generate: it has a schema, decodes from the model's JSON and encodes back to it.
///
/// Conformances are written by hand: `generationSchema` with `GenerationSchema.object(_:description:_:)`,
/// `init(_:)` with a `PropertyReader` (which reports the path of whatever is wrong) and `generatedContent` with
/// `GeneratedContent(properties:)`. Decoding an answer goes through `decode(_:schema:)`, which checks every guide
/// first and then lets `init(_:)` enforce the type's domain rules.
public protocol Generable: Sendable {
    /// The type's partial form for streaming: every property optional, built from incomplete content.
    associatedtype PartiallyGenerated: PartiallyGeneratable

    /// The schema answers of this type must follow.
    static var generationSchema: GenerationSchema { get }

    /// Decodes a value, throwing `SchemaError.violations` (with paths) when the content does not fit or breaks a
    /// domain rule.
    init(_ content: GeneratedContent) throws

    /// The value as JSON content; decoding it gives the value back.
    var generatedContent: GeneratedContent { get }
}

/// A partial form of a `Generable` type, built from whatever part of an answer has streamed so far.
public protocol PartiallyGeneratable: Sendable {
    /// Builds a value leniently: what is missing or not yet complete is left nil (or empty), nothing throws.
    init(partial content: GeneratedContent)
}

extension Generable {
    /// The partial value for a streaming snapshot.
    public static func partial(_ content: GeneratedContent) -> PartiallyGenerated {
        PartiallyGenerated(partial: content)
    }

    /// Decodes content after checking it against `schema` (the type's schema, resolved with the session's dynamic
    /// choices); throws `SchemaError.violations` listing every violation with its path.
    public static func decode(_ content: GeneratedContent, schema: GenerationSchema) throws -> Self {
        let violations = schema.validate(content)
        guard violations.isEmpty else { throw SchemaError.violations(violations) }
        return try Self(content)
    }

    /// Decodes content after checking it against the type's own schema (dynamic choices unresolved).
    public static func decode(_ content: GeneratedContent) throws -> Self {
        try decode(content, schema: generationSchema)
    }

    /// Parses JSON text and decodes it; syntax errors and violations are `SchemaError`s.
    public static func decode(json: String, schema: GenerationSchema? = nil) throws -> Self {
        try decode(GeneratedContent(json: json), schema: schema ?? generationSchema)
    }
}

/// Reads the properties of an object in a `Generable` initializer, reporting failures with their paths.
///
/// ```
/// let object = try PropertyReader(content, type: "BrainstormIdea")
/// title = try object["title"]
/// ```
public struct PropertyReader: Sendable {
    /// The object being read.
    public let content: GeneratedContent

    /// Starts reading `content`, which must be an object; `type` names it in the error otherwise.
    public init(_ content: GeneratedContent, type: String) throws {
        guard case .object = content else {
            throw SchemaError.violations([SchemaViolation("expected an object (\(type)), got \(content.kindDescription)")])
        }
        self.content = content
    }

    /// The value under `key` decoded as `Value`; a missing key reads as null, which only optionals accept.
    public subscript<Value: Generable>(key: String) -> Value {
        get throws {
            let value = content[key]
            do {
                return try Value(value ?? .null)
            } catch let error as SchemaError {
                guard value != nil else { throw SchemaError.violations([SchemaViolation(path: key, "missing")]) }
                throw SchemaError.violations(error.violations.map { $0.inside(key: key) })
            }
        }
    }

    /// Fails with one violation at `key`: how a domain rule rejects a value.
    public func reject(_ key: String, _ message: String) -> SchemaError {
        SchemaError.violations([SchemaViolation(path: key, message)])
    }
}

extension GeneratedContent {
    /// The partial value under `key` for a `PartiallyGenerated` initializer, or nil while the key has not
    /// appeared or holds null.
    public func partial<Value: Generable>(_ key: String, as type: Value.Type) -> Value.PartiallyGenerated? {
        guard let value = self[key], !value.isNull else { return nil }
        return Value.partial(value)
    }
}

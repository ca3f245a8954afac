public import CraftSchema

/// A reference to one of the session's photos by its label (`Photo_` and six characters).
///
/// Its schema is a placeholder, `dynamicChoices("ImageReference")`, which the session resolves to the labels of
/// the photos it actually holds, so a model cannot name a photo that does not exist.
public struct ImageReference: Sendable, Hashable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The photo's label, e.g. `Photo_a1b2c3`.
    public var label: String

    /// Creates a reference to the photo with `label`.
    public init(_ label: String) {
        self.label = label
    }

    /// Creates a reference from a literal label.
    public init(stringLiteral label: String) {
        self.label = label
    }

    /// Decodes the label from a bare JSON string.
    public init(from decoder: any Decoder) throws {
        label = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the label as a bare JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(label)
    }

    /// The label.
    public var description: String { label }
}

extension ImageReference: Generable {
    /// Streams as the label's text so far.
    public typealias PartiallyGenerated = String

    /// The name under which the session supplies the labels of its photos.
    public static let choicesName = "ImageReference"

    /// A label from the session's photos, once resolved; any string before.
    public static var generationSchema: GenerationSchema {
        .dynamicChoices(choicesName, description: "The label of the photo, exactly as it was given with the photo")
    }

    /// Decodes a label; whether it names a real photo is checked by the resolved schema.
    public init(_ content: GeneratedContent) throws {
        label = try String(content)
    }

    /// The label as a JSON string.
    public var generatedContent: GeneratedContent { .string(label) }
}

public import CraftSchema

/// What a photo shows, as far as crafting goes: the three categories of Apple's Origami sample, raw values
/// exactly as the sample spells them (the model answers with these strings).
///
/// Supplies come first, in the schema too: what people photograph for origami is mostly their supplies, and the
/// small on-box models lean towards the first choice offered when a description leaves them unsure (with
/// inspiration first, the 1.5B model called loose sheets of paper "inspiration" in most runs).
public enum ImageCategory: String, Sendable, Hashable, Codable, CaseIterable {
    /// Materials and tools to make something with.
    case supplies = "craft supplies"
    /// Something already made.
    case finishedPiece = "a finished craft piece"
    /// Something the user would like to make or that sets the mood.
    case inspiration = "inspiration for the craft"
}

extension ImageCategory {
    /// The category in one or two words, as a model that cannot see is asked for it (see `PhotoVerdict`): each
    /// answer costs a token or two instead of four.
    public var shortName: String {
        switch self {
        case .supplies: "supplies"
        case .finishedPiece: "finished piece"
        case .inspiration: "inspiration"
        }
    }

    /// The category with this short name; nil for any other text.
    public init?(shortName: String) {
        guard let category = Self.allCases.first(where: { $0.shortName == shortName }) else { return nil }
        self = category
    }
}

extension ImageCategory: Generable {
    /// Streams as the text of the category so far.
    public typealias PartiallyGenerated = String

    /// A string that is one of the three raw values.
    public static var generationSchema: GenerationSchema {
        .choices("ImageCategory", description: "Whether the photo shows supplies, a finished piece or inspiration",
                 allCases.map(\.rawValue))
    }

    /// Decodes one of the raw values.
    public init(_ content: GeneratedContent) throws {
        let text = try String(content)
        guard let category = ImageCategory(rawValue: text) else {
            let choices = Self.allCases.map(\.rawValue).joined(separator: ", ")
            throw SchemaError.violations([SchemaViolation("\(GeneratedContent.quoted(text)) is not one of \(choices)")])
        }
        self = category
    }

    /// The raw value as a JSON string.
    public var generatedContent: GeneratedContent { .string(rawValue) }
}

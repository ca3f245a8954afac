public import CraftSchema

/// One project the user could make: a title and a short description.
public struct BrainstormIdea: Sendable, Hashable, Codable {
    /// A short name for the project.
    public var title: String
    /// What the project is and how it uses the supplies.
    public var description: String
    /// The id of the library project this idea is (see `ProjectLibrary`); nil for the model's own idea. Set by
    /// origami, never by the model: its tutorial then comes from the library.
    public var libraryProject: String?

    /// Creates an idea.
    public init(title: String, description: String, libraryProject: String? = nil) {
        self.title = title
        self.description = description
        self.libraryProject = libraryProject
    }

    /// An idea as it streams.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The title so far.
        public var title: String?
        /// The description so far.
        public var description: String?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            title = content.partial("title", as: String.self)
            description = content.partial("description", as: String.self)
        }
    }
}

extension BrainstormIdea: Generable {
    /// The most characters of an idea's description: one sentence of about 30 words. The 1.5B model, asked for one
    /// sentence, wrote up to eight (400 tokens of ideas); a backend that follows the schema now stops it here, and the
    /// session keeps the whole sentences before the stop (see `AnswerRepair.endCappedTexts(_:)`).
    public static let descriptionLength = 180

    /// An object with `title` and `description`.
    public static var generationSchema: GenerationSchema {
        .object("BrainstormIdea", description: "A craft project the user could make", [
            .init("title", String.self, description: "A short, inviting name for the project"),
            .init("description", String.self,
                  description: "What the project is and how it uses the supplies, in one sentence",
                  .maximumLength(descriptionLength)),
        ])
    }

    /// Decodes the title and description.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "BrainstormIdea")
        title = try object["title"]
        description = try object["description"]
    }

    /// The idea as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": title.generatedContent, "description": description.generatedContent])
    }
}

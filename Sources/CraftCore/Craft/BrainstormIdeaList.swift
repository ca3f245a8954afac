/// The second brainstorm pass's answer: at least three project ideas.
public struct BrainstormIdeaList: Sendable, Hashable, Codable {
    /// The ideas, three or more.
    public var ideas: [BrainstormIdea]

    /// Creates a list.
    public init(ideas: [BrainstormIdea]) {
        self.ideas = ideas
    }

    /// The list as it streams: ideas appear one by one.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The ideas so far, the last possibly partial.
        public var ideas: [BrainstormIdea.PartiallyGenerated]?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            ideas = content.partial("ideas", as: [BrainstormIdea].self)
        }
    }
}

extension BrainstormIdeaList: Generable {
    /// An object with `ideas`, `minimumCount(3)`.
    public static var generationSchema: GenerationSchema {
        .object("BrainstormIdeaList", description: "Craft projects the user could make with their supplies", [
            .init("ideas", [BrainstormIdea].self,
                  description: "Different projects, each made from the supplies shown",
                  .minimumCount(3)),
        ])
    }

    /// Decodes the ideas.
    public init(_ content: GeneratedContent) throws {
        ideas = try PropertyReader(content, type: "BrainstormIdeaList")["ideas"]
    }

    /// The list as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["ideas": ideas.generatedContent])
    }
}

public import CraftSchema

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

extension BrainstormIdeaList: DomainRules {
    /// Drops ideas that repeat an earlier one word for word, title and description both.
    public static func repair(_ answer: inout AnswerRepair) {
        answer.removeDuplicates(in: "ideas") { idea in
            let (title, description) = (idea["title"]?.stringValue ?? "", idea["description"]?.stringValue ?? "")
            return title.isEmpty && description.isEmpty ? "" : CraftText.key(title) + "\n" + CraftText.key(description)
        }
    }

    /// For each idea, the index of an earlier one with the same title (articles, case and punctuation aside), or nil.
    public var repeatedTitles: [Int?] {
        CraftText.earlierDuplicates(ideas) { CraftText.nearKey($0.title) }
    }

    /// Ideas with distinct titles (articles, case and punctuation aside).
    public var ruleViolations: [String] {
        repeatedTitles.enumerated().compactMap { index, earlier in
            earlier.map { _ in
                "ideas[\(index)].title: \"\(ideas[index].title)\" repeats an earlier idea; offer different ideas"
            }
        }
    }
}

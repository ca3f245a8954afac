public import CraftSchema

/// One numbered step of a tutorial.
public struct TutorialStep: Sendable, Hashable, Codable {
    /// The step's position, from 1.
    public var number: Int
    /// A few words naming the step.
    public var title: String
    /// What to do.
    public var instruction: String

    /// Creates a step.
    public init(number: Int, title: String, instruction: String) {
        self.number = number
        self.title = title
        self.instruction = instruction
    }

    /// A step as it streams.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The number, once complete.
        public var number: Int?
        /// The title so far.
        public var title: String?
        /// The instruction so far.
        public var instruction: String?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            number = content["number"]?.intValue
            title = content.partial("title", as: String.self)
            instruction = content.partial("instruction", as: String.self)
        }
    }
}

extension TutorialStep: Generable {
    /// An object with `number` (from 1), `title` and `instruction`.
    public static var generationSchema: GenerationSchema {
        .object("TutorialStep", description: "One step of the tutorial", [
            .init("number", Int.self, description: "The step's position, starting at 1", .minimum(1)),
            .init("title", String.self, description: "A few words naming the step"),
            .init("instruction", String.self,
                  description: "What to do in this step, concretely enough to follow without pictures"),
        ])
    }

    /// Decodes the three properties.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "TutorialStep")
        number = try object["number"]
        title = try object["title"]
        instruction = try object["instruction"]
    }

    /// The step as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: [
            "number": number.generatedContent,
            "title": title.generatedContent,
            "instruction": instruction.generatedContent,
        ])
    }
}

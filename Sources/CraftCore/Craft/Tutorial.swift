/// Step-by-step instructions for the chosen idea: its title, the materials and the numbered steps.
public struct Tutorial: Sendable, Hashable, Codable {
    /// The project's name.
    public var title: String
    /// Everything needed, one item per entry.
    public var materials: [String]
    /// The steps in order, numbered from 1.
    public var steps: [TutorialStep]

    /// Creates a tutorial.
    public init(title: String, materials: [String], steps: [TutorialStep]) {
        self.title = title
        self.materials = materials
        self.steps = steps
    }

    /// A tutorial as it streams.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The title so far.
        public var title: String?
        /// The materials so far.
        public var materials: [String]?
        /// The steps so far.
        public var steps: [TutorialStep.PartiallyGenerated]?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            title = content.partial("title", as: String.self)
            materials = content.partial("materials", as: [String].self)
            steps = content.partial("steps", as: [TutorialStep].self)
        }
    }
}

extension Tutorial: Generable {
    /// An object with `title`, `materials` and `steps` (at least one).
    public static var generationSchema: GenerationSchema {
        .object("Tutorial", description: "Step-by-step instructions for making the chosen project", [
            .init("title", String.self, description: "The project's name"),
            .init("materials", [String].self, description: "Each supply or tool needed, once", .minimumCount(1)),
            .init("steps", [TutorialStep].self, description: "The steps in order, each a different action", .minimumCount(1)),
        ])
    }

    /// Decodes the tutorial and checks that the steps are numbered 1, 2, 3 … in order.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "Tutorial")
        title = try object["title"]
        materials = try object["materials"]
        steps = try object["steps"]
        for (index, step) in steps.enumerated() where step.number != index + 1 {
            throw object.reject("steps[\(index)].number", "expected \(index + 1) (steps are numbered in order), got \(step.number)")
        }
    }

    /// The tutorial as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: [
            "title": title.generatedContent,
            "materials": materials.generatedContent,
            "steps": steps.generatedContent,
        ])
    }
}

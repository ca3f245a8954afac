public import CraftSchema

/// Step-by-step instructions for the chosen idea: its title, the materials and the numbered steps.
public struct Tutorial: Sendable, Hashable, Codable {
    /// The project's name.
    public var title: String
    /// Everything needed, one item per entry.
    public var materials: [String]
    /// The steps in order, numbered from 1.
    public var steps: [TutorialStep]
    /// The id of the library project the tutorial was taken from (see `ProjectLibrary`); nil when the model wrote it.
    public var libraryProject: String?

    /// Creates a tutorial.
    public init(title: String, materials: [String], steps: [TutorialStep], libraryProject: String? = nil) {
        self.title = title
        self.materials = materials
        self.steps = steps
        self.libraryProject = libraryProject
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
    /// An object with `title`, `materials` and `steps` (`stepCountRange`, whose maximum `TutorialWriter` raises): a
    /// grammar that carries the count holds the model to at least 3 steps while it writes; held to at least one, the
    /// 1.5B model wrote two steps twice running and the command failed.
    public static var generationSchema: GenerationSchema {
        .object("Tutorial", description: "Step-by-step instructions for making the chosen project", [
            .init("title", String.self, description: "The project's name"),
            .init("materials", [String].self, description: "Each supply or tool needed, once", .minimumCount(1)),
            .init("steps", [TutorialStep].self, description: "The steps in order, each a different action",
                  .count(stepCountRange)),
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

extension Tutorial: DomainRules {
    /// How many steps a tutorial has: enough to teach something, few enough to follow.
    /// The tutorial instructions ask for this many (`CraftInstructions.tutorial` reads it), so the prompt and the rule
    /// cannot disagree.
    public static let stepCountRange = 3...10

    /// Drops materials and steps that repeat an earlier one word for word (a step: its title and instruction both),
    /// renumbering the steps when they were numbered 1, 2, 3 … before.
    public static func repair(_ answer: inout AnswerRepair) {
        answer.removeDuplicates(in: "materials") { CraftText.key($0.stringValue ?? "") }
        let numbers = answer.content["steps"]?.arrayValue?.map { $0["number"]?.intValue }
        let kept = answer.removeDuplicates(in: "steps") { step in
            let (title, instruction) = (step["title"]?.stringValue ?? "", step["instruction"]?.stringValue ?? "")
            return title.isEmpty && instruction.isEmpty ? "" : CraftText.key(title) + "\n" + CraftText.key(instruction)
        }
        guard let numbers, kept.count < numbers.count, numbers == numbers.indices.map({ $0 + 1 }),
              var steps = answer.content["steps"]?.arrayValue
        else { return }
        for index in steps.indices { steps[index].set("number", GeneratedContent(index + 1)) }
        answer.content.set("steps", .array(steps))
        answer.note("steps: renumbered 1 to \(steps.count)")
    }

    /// `stepCountRange` steps (3 to 10), each with a title and an instruction, no instruction repeating an earlier
    /// one (articles, case and punctuation aside), and no material listed twice.
    public var ruleViolations: [String] {
        var found: [String] = []
        let range = Self.stepCountRange
        if !range.contains(steps.count) {
            found.append("steps: \(steps.count) \(steps.count == 1 ? "step" : "steps"); write \(range.lowerBound) to "
                + "\(range.upperBound) steps")
        }
        for (index, step) in steps.enumerated() {
            if step.title.allSatisfy(\.isWhitespace) { found.append("steps[\(index)].title: must not be empty") }
            if step.instruction.allSatisfy(\.isWhitespace) {
                found.append("steps[\(index)].instruction: must not be empty")
            }
        }
        let repeatedSteps = CraftText.earlierDuplicates(steps) { CraftText.nearKey($0.instruction) }
        for (index, earlier) in repeatedSteps.enumerated() {
            guard let earlier else { continue }
            found.append("steps[\(index)].instruction: repeats step \(earlier + 1); every step must do something new")
        }
        let repeatedMaterials = CraftText.earlierDuplicates(materials, identity: CraftText.nearKey)
        for (index, earlier) in repeatedMaterials.enumerated() {
            guard let earlier else { continue }
            found.append("materials[\(index)]: \"\(materials[index])\" repeats materials[\(earlier)]; list each once")
        }
        return found
    }
}

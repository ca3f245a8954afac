public import CraftSchema

/// The coach's answer to a progress photo: what it sees, two or three sections of feedback, whether the current
/// step is complete and, only then, a short congratulation.
///
/// `observation` comes first on purpose: fields generate in declaration order, and a small model judges the step
/// better after it has described the photo. Decoding enforces the domain rule that `completionMessage` is present
/// exactly when `isCurrentStepComplete` is true; the session first drops a message given with an incomplete verdict
/// (the verdict stands), so only a complete verdict without a message goes back to the model.
public struct CoachFeedback: Sendable, Hashable, Codable {
    /// What the photo shows, compared with the goal of the step.
    public var observation: String
    /// Two or three sections of feedback.
    public var sections: [CoachSection]
    /// Whether the photo clearly shows the current step complete; only `true` advances the tutorial.
    public var isCurrentStepComplete: Bool
    /// One or two sentences of congratulation, present only when the step is complete.
    public var completionMessage: String?

    /// Creates feedback.
    public init(observation: String, sections: [CoachSection], isCurrentStepComplete: Bool, completionMessage: String?) {
        self.observation = observation
        self.sections = sections
        self.isCurrentStepComplete = isCurrentStepComplete
        self.completionMessage = completionMessage
    }

    /// Feedback as it streams (the CLI buffers it and shows it once final).
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The observation so far.
        public var observation: String?
        /// The sections so far.
        public var sections: [CoachSection.PartiallyGenerated]?
        /// The verdict, once complete.
        public var isCurrentStepComplete: Bool?
        /// The congratulation so far.
        public var completionMessage: String?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            observation = content.partial("observation", as: String.self)
            sections = content.partial("sections", as: [CoachSection].self)
            isCurrentStepComplete = content["isCurrentStepComplete"]?.boolValue
            completionMessage = content.partial("completionMessage", as: String.self)
        }
    }
}

extension CoachFeedback: Generable {
    /// An object with `observation`, `sections` (2…3), `isCurrentStepComplete` and optional `completionMessage`.
    public static var generationSchema: GenerationSchema {
        .object("CoachFeedback", description: "Feedback on a photo of the user's progress on the current step", [
            .init("observation", String.self,
                  description: "First describe what you see in the photo and compare it to the goal of the current step, "
                      + "in one or two sentences", .maximumLength(160)),
            .init("sections", [CoachSection].self, description: "Feedback in two short sections", .count(2...3)),
            .init("isCurrentStepComplete", Bool.self,
                  description: "True ONLY if the photo clearly and unambiguously demonstrates that the current step "
                      + "is complete. Err strongly on the side of false: when anything is unclear, hidden or "
                      + "unfinished, answer false"),
            .init("completionMessage", String?.self,
                  description: "One short sentence congratulating the user, only when isCurrentStepComplete is "
                      + "true; null otherwise", .maximumLength(100)).onlyWhenTrue("isCurrentStepComplete"),
        ])
    }

    /// Decodes the feedback and enforces that a completion message comes with, and only with, a complete step.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "CoachFeedback")
        observation = try object["observation"]
        sections = try object["sections"]
        isCurrentStepComplete = try object["isCurrentStepComplete"]
        let message: String? = try object["completionMessage"]
        let hasMessage = message.map { !$0.allSatisfy(\.isWhitespace) } ?? false
        if isCurrentStepComplete, !hasMessage {
            throw object.reject("completionMessage", "required when isCurrentStepComplete is true (one short sentence)")
        }
        if !isCurrentStepComplete, hasMessage {
            throw object.reject("completionMessage", "must be null unless isCurrentStepComplete is true")
        }
        completionMessage = hasMessage ? message : nil
    }

    /// The feedback as JSON content; an absent completion message is left out.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: [
            "observation": observation.generatedContent,
            "sections": sections.generatedContent,
            "isCurrentStepComplete": isCurrentStepComplete.generatedContent,
            "completionMessage": completionMessage.map(\.generatedContent),
        ])
    }
}

extension CoachFeedback: DomainRules {
    /// Drops a completion message given with a verdict of not complete: the verdict stands, and the message it rules
    /// out cannot change it.
    public static func repair(_ answer: inout AnswerRepair) {
        guard answer.content["isCurrentStepComplete"]?.boolValue == false,
              let message = answer.content["completionMessage"]?.stringValue, !message.isEmpty
        else { return }
        answer.content.set("completionMessage", .null)
        answer.note("completionMessage: dropped, since isCurrentStepComplete is false (the verdict stands)")
    }
}

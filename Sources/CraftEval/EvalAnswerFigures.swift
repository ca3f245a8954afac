import CraftBackends
import CraftCore
import CraftSchema

/// Two figures read from a run's final answer: how much of it is origami's own instructions echoed back, and how
/// many of its list items repeat.
///
/// Pure functions of the mode and the answer's JSON, so a cached outcome or an earlier report gives the same
/// figures as a fresh run.
public struct EvalAnswerFigures: Sendable, Hashable, Codable {
    /// How many words make a sequence for `instructionEcho`.
    public static let sequenceLength = 6

    /// The answer's sequences of `sequenceLength` words, each within one string value.
    public var sequences: Int
    /// Those of them that also occur in the mode's instructions, its prompts' fixed text or its schemas'
    /// descriptions.
    public var echoedSequences: Int
    /// Steps, materials, ideas or terms repeating an earlier one of their list (compared as `CraftText.nearKey`:
    /// case, punctuation and articles aside).
    public var repeatedItems: Int

    /// `echoedSequences / sequences`; nil when the answer has no sequence that long.
    public var instructionEcho: Double? {
        sequences == 0 ? nil : Double(echoedSequences) / Double(sequences)
    }

    /// Creates figures.
    public init(sequences: Int, echoedSequences: Int, repeatedItems: Int) {
        self.sequences = sequences
        self.echoedSequences = echoedSequences
        self.repeatedItems = repeatedItems
    }

    /// The figures of a run's answer as `EvalOutcome.answer` holds it; nil when there is no answer or it is not JSON.
    public init?(mode: EvalCase.Mode, answer: String?) {
        guard let answer, let content = try? GeneratedContent(json: answer) else { return nil }
        let reference = Self.references[mode] ?? []
        var (sequences, echoed) = (0, 0)
        for text in Self.strings(in: content) {
            for sequence in Self.sequences(of: text) {
                sequences += 1
                if reference.contains(sequence) { echoed += 1 }
            }
        }
        let lists: [[String]]
        switch mode {
        case .brainstorm:
            lists = [Self.texts(content["ideas"]) { $0["title"] }]
        case .tutorial:
            lists = [Self.texts(content["steps"]) { $0["instruction"] }, Self.texts(content["materials"]) { $0 }]
        case .term:
            lists = [Self.texts(content["terms"]) { $0 }]
        case .coach:
            lists = []
        }
        let repeated = lists.map { CraftText.earlierDuplicates($0, identity: CraftText.nearKey).count { $0 != nil } }
        self.init(sequences: sequences, echoedSequences: echoed, repeatedItems: repeated.reduce(0, +))
    }

    /// The word sequences of one text, joined by spaces.
    static func sequences(of text: String) -> [String] {
        let words = CraftText.words(text)
        guard words.count >= sequenceLength else { return [] }
        return (0...(words.count - sequenceLength)).map { words[$0..<($0 + sequenceLength)].joined(separator: " ") }
    }

    /// Every string value in the content (keys left out), in document order.
    static func strings(in content: GeneratedContent) -> [String] {
        switch content {
        case .string(let text): [text]
        case .array(let elements): elements.flatMap(strings(in:))
        case .object(let members): members.flatMap { strings(in: $0.value) }
        case .null, .bool, .number: []
        }
    }

    private static func texts(_ list: GeneratedContent?, _ field: (GeneratedContent) -> GeneratedContent?) -> [String] {
        (list?.arrayValue ?? []).compactMap { field($0)?.stringValue }
    }

    /// What origami itself says to the model in each mode, as word sequences: the instructions, the prompts' fixed
    /// text (their inputs left empty) and the descriptions of the schemas asked for.
    static let references: [EvalCase.Mode: Set<String>] = {
        let photo = Attachment(
            label: "Photo_000000", sha256: "0", data: nil, description: nil,
            reading: Attachment.Reading(category: "supplies", reason: ""))
        let texts: [EvalCase.Mode: [String]] = [
            .brainstorm: [
                CraftInstructions.brainstorm.text, CraftPrompts.analysis(of: [photo]).text,
                CraftPrompts.categories(of: [photo]).text, CraftPrompts.ideas(hint: nil, photos: [photo]).text,
                ImageAnalysisList.generationSchema.responseFormat.promptDescription,
                PhotoCategoryList.schema(labels: ["Photo_000000"]).responseFormat.promptDescription,
                BrainstormIdeaList.generationSchema.responseFormat.promptDescription,
            ],
            .tutorial: [
                CraftInstructions.tutorial.text, CraftPrompts.tutorial(title: "", description: "", hint: nil).text,
                TutorialWriter.schema.responseFormat.promptDescription,
            ],
            .coach: [
                CraftInstructions.tutorial.text,
                CraftPrompts.coach(step: 1, title: "", instruction: "", photos: [], note: nil).text,
                CoachFeedback.generationSchema.responseFormat.promptDescription,
            ],
            .term: [
                CraftInstructions.term.text, CraftPrompts.extractTerms(tutorialText: "").text,
                CraftPrompts.explain(term: "", tutorialTitle: "").text,
                ExtractedTerms.generationSchema.responseFormat.promptDescription,
                TermExplanation.generationSchema.responseFormat.promptDescription,
            ],
        ]
        return texts.mapValues { Set($0.flatMap(sequences(of:))) }
    }()
}

public import CraftSchema

/// A short explanation of one craft term for a beginner.
public struct TermExplanation: Sendable, Hashable, Codable {
    /// The term explained.
    public var term: String
    /// The explanation.
    public var explanation: String

    /// Creates an explanation.
    public init(term: String, explanation: String) {
        self.term = term
        self.explanation = explanation
    }

    /// An explanation as it streams.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The term so far.
        public var term: String?
        /// The explanation so far.
        public var explanation: String?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            term = content.partial("term", as: String.self)
            explanation = content.partial("explanation", as: String.self)
        }
    }
}

extension TermExplanation: Generable {
    /// An object with `term` and `explanation`.
    public static var generationSchema: GenerationSchema {
        .object("TermExplanation", description: "A short explanation of a craft term", [
            .init("term", String.self, description: "The term being explained"),
            .init("explanation", String.self,
                  description: "What the term means and how it is used, in plain words a beginner can follow"),
        ])
    }

    /// Decodes the term and its explanation.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "TermExplanation")
        term = try object["term"]
        explanation = try object["explanation"]
    }

    /// The explanation as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["term": term.generatedContent, "explanation": explanation.generatedContent])
    }
}

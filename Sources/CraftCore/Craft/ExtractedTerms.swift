public import CraftSchema

/// Craft terms in a tutorial that a beginner may not know, for the term mode to explain.
public struct ExtractedTerms: Sendable, Hashable, Codable {
    /// The terms, as they appear in the tutorial.
    public var terms: [String]

    /// Creates a list of terms.
    public init(terms: [String]) {
        self.terms = terms
    }

    /// The terms as they stream.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The terms so far, the last possibly partial.
        public var terms: [String]?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            terms = content.partial("terms", as: [String].self)
        }
    }
}

extension ExtractedTerms: Generable {
    /// An object with `terms`, at most ten.
    public static var generationSchema: GenerationSchema {
        .object("ExtractedTerms", description: "Craft terms in the tutorial that a beginner may not know", [
            .init("terms", [String].self,
                  description: "Each term exactly as it appears in the tutorial, most useful first", .maximumCount(10)),
        ])
    }

    /// Decodes the terms; each must be non-empty.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "ExtractedTerms")
        terms = try object["terms"]
        if let index = terms.firstIndex(where: { $0.allSatisfy(\.isWhitespace) }) {
            throw object.reject("terms[\(index)]", "a term must not be empty")
        }
    }

    /// The terms as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["terms": terms.generatedContent])
    }
}

extension ExtractedTerms: DomainRules {
    /// Drops terms that repeat an earlier one (case, spacing and punctuation aside).
    public static func repair(_ answer: inout AnswerRepair) {
        answer.removeDuplicates(in: "terms") { CraftText.key($0.stringValue ?? "") }
    }
}

/// The term flow: picks the craft terms of a tutorial worth explaining, and explains one, with the term profile
/// (greedy sampling, on the small model when one is configured).
///
/// Validated in code: every extracted term must occur in the tutorial (a term the model made up is rejected and
/// asked for again), and an explanation must be about the term asked for.
public struct TermGlossary: Sendable {
    /// The session the terms are asked on (switched to term mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// The terms of `tutorial` a beginner may need explained, each once (the session drops repeats as a repair), and
    /// none of the words origami frames the tutorial with (see `framing(of:)`), which are dropped and listed among
    /// the repairs.
    public func extractTerms(from tutorial: Tutorial) async throws -> GenerationResult<ExtractedTerms> {
        try await session.switchMode(.term)
        let text = tutorial.promptText
        var result = try await session.respond(
            to: CraftPrompts.extractTerms(tutorialText: text),
            generating: ExtractedTerms.self,
            validate: { Self.violations(of: $0, in: text) }
        )
        let framing = Self.framing(of: tutorial)
        for (index, term) in result.content.terms.enumerated() where framing.contains(Self.normalised(term)) {
            result.repairs.append("terms[\(index)]: \"\(term)\" frames the tutorial, it is no craft term; removed")
        }
        result.content.terms.removeAll { framing.contains(Self.normalised($0)) }
        return result
    }

    /// What origami writes around a tutorial's steps (`Tutorial.promptText`), normalised: its title and the
    /// headings "Materials" and "Steps". The 0.5B model listed all three as terms of the sample cup's tutorial.
    static func framing(of tutorial: Tutorial) -> Set<String> {
        [normalised(tutorial.title), "materials", "materials:", "steps", "steps:"]
    }

    /// An explanation of `term` as it is used in `tutorial`.
    public func explain(term: String, in tutorial: Tutorial) async throws -> GenerationResult<TermExplanation> {
        try await session.switchMode(.term)
        return try await session.respond(
            to: CraftPrompts.explain(term: term, tutorialTitle: tutorial.title),
            generating: TermExplanation.self,
            validate: { Self.violations(of: $0, explaining: term) }
        )
    }

    /// Terms that do not occur in the tutorial text.
    static func violations(of extracted: ExtractedTerms, in text: String) -> [String] {
        let haystack = normalised(text)
        return extracted.terms.enumerated().compactMap { index, term in
            haystack.contains(normalised(term))
                ? nil : "terms[\(index)]: \"\(term)\" does not occur in the tutorial; list only terms from its text"
        }
    }

    /// An explanation about another term, or an empty one.
    static func violations(of explanation: TermExplanation, explaining term: String) -> [String] {
        var found: [String] = []
        let (asked, given) = (normalised(term), normalised(explanation.term))
        if !(given.contains(asked) || asked.contains(given)) || given.isEmpty {
            found.append("term: \"\(explanation.term)\" is not the term asked about, \"\(term)\"")
        }
        if explanation.explanation.allSatisfy(\.isWhitespace) { found.append("explanation: must not be empty") }
        return found
    }

    /// Lowercased, whitespace runs collapsed: how terms are compared.
    static func normalised(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

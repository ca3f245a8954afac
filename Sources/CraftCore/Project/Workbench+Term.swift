/// The terms of the tutorial, and whether the model was asked for them just now.
public struct TermsOutcome: Sendable {
    /// The terms, each with its explanation once asked for.
    public var terms: [Project.Term]
    /// False when the terms were already in the project.
    public var isNew: Bool
}

extension Workbench {
    /// The tutorial's terms worth explaining: extracted by the model the first time, then kept in the project.
    public func terms() async throws -> TermsOutcome {
        let base = try await snapshot(create: false)
        guard let tutorial = base.tutorial else { throw ProjectError.noTutorial(path: store.fileURL.path) }
        if !base.terms.isEmpty { return TermsOutcome(terms: base.terms, isNew: false) }
        return try await askModel(from: base) { session in
            try await TermGlossary(session: session).extractTerms(from: tutorial)
        } merge: { project, result in
            try unchanged(project.tutorial, tutorial, "the tutorial")
            // Another term run may have listed them meanwhile; its list (with any explanations) stays.
            if project.terms.isEmpty { project.terms = result.content.terms.map { Project.Term(term: $0) } }
            return TermsOutcome(terms: project.terms, isNew: true)
        }
    }

    /// An explanation of `term` as the tutorial uses it; kept in the project, so asking again costs nothing.
    public func explain(term: String) async throws -> TermExplanation {
        let base = try await snapshot(create: false)
        guard let tutorial = base.tutorial else { throw ProjectError.noTutorial(path: store.fileURL.path) }
        let key = Self.normalised(term)
        if let known = base.terms.first(where: { Self.normalised($0.term) == key }),
            let explanation = known.explanation
        {
            return TermExplanation(term: known.term, explanation: explanation)
        }
        return try await askModel(from: base) { session in
            try await TermGlossary(session: session).explain(term: term, in: tutorial)
        } merge: { project, result in
            try unchanged(project.tutorial, tutorial, "the tutorial")
            if let index = project.terms.firstIndex(where: { Self.normalised($0.term) == key }) {
                project.terms[index].explanation = result.content.explanation
            } else {
                project.terms.append(Project.Term(term: term, explanation: result.content.explanation))
            }
            return result.content
        }
    }

    /// Lowercased with whitespace runs collapsed, so "Valley  Fold" finds "valley fold".
    static func normalised(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

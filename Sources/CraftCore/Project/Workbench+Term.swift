/// The terms of the tutorial, and whether the model was asked for them just now.
public struct TermsOutcome: Sendable {
    /// The terms, each with its explanation once asked for.
    public var terms: [Project.Term]
    /// False when the terms were already in the project.
    public var isNew: Bool
}

extension Workbench {
    /// The current tutorial's terms worth explaining: extracted by the model the first time, then kept with it.
    public func terms() async throws -> TermsOutcome {
        let base = try await snapshot(create: false)
        guard let current = base.currentTutorial else { throw ProjectError.noTutorial(path: store.fileURL.path) }
        if !current.terms.isEmpty { return TermsOutcome(terms: current.terms, isNew: false) }
        return try await askModel(from: base) { session in
            try await TermGlossary(session: session).extractTerms(from: current.tutorial)
        } merge: { project, result in
            try changeTutorial(current.number, of: &project) { progress in
                // Another term run may have listed them meanwhile; its list (with any explanations) stays.
                if progress.terms.isEmpty { progress.terms = result.content.terms.map { Project.Term(term: $0) } }
                return TermsOutcome(terms: progress.terms, isNew: true)
            }
        }
    }

    /// An explanation of `term` as the tutorial uses it; kept in the project, so asking again costs nothing.
    public func explain(term: String) async throws -> TermExplanation {
        let base = try await snapshot(create: false)
        guard let current = base.currentTutorial else { throw ProjectError.noTutorial(path: store.fileURL.path) }
        let key = Self.normalised(term)
        if let known = current.terms.first(where: { Self.normalised($0.term) == key }),
            let explanation = known.explanation
        {
            return TermExplanation(term: known.term, explanation: explanation)
        }
        return try await askModel(from: base) { session in
            try await TermGlossary(session: session).explain(term: term, in: current.tutorial)
        } merge: { project, result in
            try changeTutorial(current.number, of: &project) { progress in
                if let index = progress.terms.firstIndex(where: { Self.normalised($0.term) == key }) {
                    progress.terms[index].explanation = result.content.explanation
                } else {
                    progress.terms.append(Project.Term(term: term, explanation: result.content.explanation))
                }
                return result.content
            }
        }
    }

    /// Lowercased with whitespace runs collapsed, so "Valley  Fold" finds "valley fold".
    static func normalised(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

import CraftSchema
import Foundation

/// The verdict of one assertion on one run.
public struct EvalAssertionResult: Sendable, Hashable, Codable {
    /// The assertion's name, stable across reports: `answered`, `schemaValid`, `minIdeas`, `labelsValid`,
    /// `category`, `stepComplete`, `contains`, `notContains`, `maxLatencyMs`, `maxTokens`,
    /// `maxRetries`.
    public var name: String
    /// Whether it held.
    public var passed: Bool
    /// What was expected and, on failure, what was found.
    public var message: String

    /// Creates a verdict.
    public init(name: String, passed: Bool, message: String) {
        self.name = name
        self.passed = passed
        self.message = message
    }
}

/// Checks a case's expectations against one outcome. Pure: the same expectations and outcome always give the
/// same verdicts, which is what lets a cached outcome be re-checked against an edited suite.
public enum EvalAssertions {
    /// Every verdict for `outcome`, `answered` first, then the expectations in a fixed order.
    public static func evaluate(_ expectations: EvalExpectations, on outcome: EvalOutcome) -> [EvalAssertionResult] {
        var results = [answered(outcome)]
        let noAnswer = outcome.error.map { "no answer: \($0.message)" } ?? "no answer"
        if let expected = expectations.schemaValid {
            results.append(schemaValid(expected, outcome))
        }
        if let minimum = expectations.minIdeas {
            let count = outcome.ideaCount
            results.append(.init(
                name: "minIdeas", passed: (count ?? -1) >= minimum,
                message: count.map { "expected at least \(minimum) ideas, found \($0)" } ?? "expected at least \(minimum) ideas; \(noAnswer)"
            ))
        }
        if let expected = expectations.labelsValid {
            let problems = labelProblems(outcome)
            let valid = problems.isEmpty
            results.append(.init(
                name: "labelsValid", passed: valid == expected,
                message: valid ? "every photo analysed once under its own label" : problems.joined(separator: "; ")
            ))
        }
        for path in expectations.categories.keys.sorted() {
            results.append(category(path: path, expected: expectations.categories[path]!, outcome: outcome, noAnswer: noAnswer))
        }
        if let expected = expectations.stepComplete {
            let found = outcome.stepComplete
            results.append(.init(
                name: "stepComplete", passed: found == expected,
                message: found.map { "expected isCurrentStepComplete \(expected), found \($0)" }
                    ?? "expected isCurrentStepComplete \(expected); \(noAnswer)"
            ))
        }
        // origami's own parser, not Foundation's: an answer the product would refuse (a trailing comma, a key
        // twice) must not pass a text check here.
        let parsed: Result<GeneratedContent, any Error>? = outcome.answer.map { answer in
            Result { try GeneratedContent(json: answer) }
        }
        for match in expectations.contains {
            results.append(text(match, in: parsed, mustContain: true, noAnswer: noAnswer))
        }
        for match in expectations.notContains {
            results.append(text(match, in: parsed, mustContain: false, noAnswer: noAnswer))
        }
        if let limit = expectations.maxLatencyMs {
            let latency = Int(outcome.latencyMs.rounded())
            results.append(.init(
                name: "maxLatencyMs", passed: outcome.latencyMs <= limit,
                message: "took \(latency) ms, limit \(Int(limit)) ms"
            ))
        }
        if let limit = expectations.maxTokens {
            let total = outcome.totalTokens
            results.append(.init(
                name: "maxTokens", passed: total.map { $0 <= limit } ?? false,
                message: total.map { "used \($0) tokens, limit \(limit)" }
                    ?? "the backend reported no token counts, so the limit of \(limit) cannot be checked"
            ))
        }
        if let limit = expectations.maxRetries {
            results.append(.init(
                name: "maxRetries", passed: outcome.retries <= limit,
                message: "asked again \(outcome.retries) \(outcome.retries == 1 ? "time" : "times"), limit \(limit)"
            ))
        }
        if let library = EvalSourceFigures.libraryVerdict(expectations, on: outcome) { results.append(library) }
        return results
    }

    /// Valid or invalid is the model's answer's; a run without an answer checks neither, and says so.
    private static func schemaValid(_ expected: Bool, _ outcome: EvalOutcome) -> EvalAssertionResult {
        switch outcome.answerState {
        case .unanswered:
            let why = outcome.error.map { ": \($0.message)" } ?? ""
            return .init(name: "schemaValid", passed: false, message: "unanswered, so not checked\(why)")
        case .valid, .invalid:
            let valid = outcome.answerState == .valid
            let after = outcome.retries == 1 ? "1 retry" : "\(outcome.retries) retries"
            return .init(
                name: "schemaValid", passed: valid == expected,
                message: valid == expected ? "schema valid is \(expected)"
                    : "expected schema valid \(expected), found \(valid)" + (valid ? "" : " after \(after)"))
        }
    }

    private static func answered(_ outcome: EvalOutcome) -> EvalAssertionResult {
        if let error = outcome.error {
            return .init(name: "answered", passed: false, message: error.message)
        }
        return .init(name: "answered", passed: true, message: "the run finished without error")
    }

    /// Why the analyses' labels are not exactly the photos sent, one phrase per problem; empty when they are.
    static func labelProblems(_ outcome: EvalOutcome) -> [String] {
        guard let analyses = outcome.analyses else {
            return [outcome.error.map { "no analyses: \($0.message)" } ?? "the answer has no analyses"]
        }
        let pathByLabel = Dictionary(outcome.photoLabels.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var counts: [String: Int] = [:]
        for analysis in analyses { counts[analysis.label, default: 0] += 1 }
        var problems: [String] = []
        for label in counts.keys.sorted() {
            if pathByLabel[label] == nil {
                problems.append("\(label) is not a photo that was sent")
            } else if counts[label]! > 1 {
                problems.append("\(label) (\(pathByLabel[label]!)) analysed \(counts[label]!) times")
            }
        }
        for (path, label) in outcome.photoLabels.sorted(by: { $0.key < $1.key }) where counts[label] == nil {
            problems.append("\(label) (\(path)) not analysed")
        }
        return problems
    }

    private static func category(path: String, expected: String, outcome: EvalOutcome, noAnswer: String) -> EvalAssertionResult {
        guard let label = outcome.photoLabels[path] else {
            return .init(name: "category", passed: false, message: "\(path): expected \(expected); \(noAnswer)")
        }
        guard let analysis = outcome.analyses?.first(where: { $0.label == label }) else {
            let why = outcome.analyses == nil ? noAnswer : "the model did not analyse it"
            return .init(name: "category", passed: false, message: "\(path) (\(label)): expected \(expected); \(why)")
        }
        let passed = analysis.category.caseInsensitiveCompare(expected) == .orderedSame
        return .init(
            name: "category", passed: passed,
            message: passed ? "\(path) (\(label)): \(expected)"
                : "\(path) (\(label)): expected \(expected), model said \(analysis.category)"
        )
    }

    private static func text(
        _ match: EvalExpectations.TextMatch, in parsed: Result<GeneratedContent, any Error>?, mustContain: Bool,
        noAnswer: String
    ) -> EvalAssertionResult {
        let name = mustContain ? "contains" : "notContains"
        let place = match.path ?? "the answer"
        let verb = mustContain ? "contains" : "does not contain"
        let answer: GeneratedContent
        switch parsed {
        case nil:
            return .init(name: name, passed: false, message: "\(place) \(verb) \"\(match.text)\": \(noAnswer)")
        case .failure(let error):
            return .init(
                name: name, passed: false,
                message: "\(place) \(verb) \"\(match.text)\": the answer is not valid JSON (\(error))")
        case .success(let value):
            answer = value
        }
        let texts: [String]
        if let path = match.path, let parsed = try? AnswerPath(path) {
            texts = parsed.texts(in: answer)
        } else {
            texts = AnswerPath.texts(of: answer)
        }
        guard !texts.isEmpty else {
            return .init(name: name, passed: false, message: "\(place) matched nothing in the answer; check the path")
        }
        let hits = texts.filter { $0.range(of: match.text, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        let passed = mustContain ? !hits.isEmpty : hits.isEmpty
        let message: String
        if passed {
            message = "\(place) \(verb) \"\(match.text)\""
        } else if mustContain {
            message = "\(place) does not contain \"\(match.text)\"; found " + preview(texts)
        } else {
            message = "\(place) contains \"\(match.text)\" in " + preview(hits)
        }
        return .init(name: name, passed: passed, message: message)
    }

    /// Up to three texts, quoted and shortened, for a failure message.
    private static func preview(_ texts: [String]) -> String {
        let shown = texts.prefix(3).map { "\"" + ($0.count > 60 ? $0.prefix(60) + "…" : $0) + "\"" }
        return shown.joined(separator: ", ") + (texts.count > 3 ? " and \(texts.count - 3) more" : "")
    }
}

import CraftCore
import CraftSchema
import Foundation

/// The eval's view of the project library: the assertion that a library tutorial is the library's, step for step,
/// and the figures of runs on library tutorials and on model-written ones, reported apart.
public struct EvalSourceFigures: Sendable, Hashable, Codable {
    /// `library` or `model`.
    public var source: String
    /// Runs on tutorials from this source.
    public var runs: Int
    /// How many passed every assertion.
    public var passed: Int
    /// Coach runs among them with a ground truth, and how many called an unfinished step complete.
    public var coachJudged: Int
    /// Coach runs that called an unfinished step complete.
    public var falseCompletes: Int

    /// The figures of each source present in `results`, library first.
    public static func of(_ results: [EvalRunResult]) -> [EvalSourceFigures] {
        ["library", "model"].compactMap { source in
            let mine = results.filter { $0.outcome.tutorialSource == source }
            guard !mine.isEmpty else { return nil }
            let judged = mine.filter { $0.mode == .coach && $0.expectations.stepComplete == false }
            return EvalSourceFigures(
                source: source, runs: mine.count, passed: mine.count(where: \.passed), coachJudged: judged.count,
                falseCompletes: judged.count { $0.outcome.stepComplete == true })
        }
    }

    /// The figures as label–value rows for the reports.
    static func rows(_ figures: [EvalSourceFigures]) -> [(String, String)] {
        figures.map { figure in
            let label = figure.source == "library" ? "library tutorials" : "model-written tutorials"
            var value = "\(EvalFormat.percent(Double(figure.passed) / Double(max(1, figure.runs)))) pass "
                + "(\(figure.passed)/\(figure.runs))"
            if figure.coachJudged > 0 {
                value += ", false-complete \(figure.falseCompletes)/\(figure.coachJudged)"
            }
            return (label, value)
        }
    }

    /// `libraryStepsMatch`: the answer's steps are the library tutorial's, number, title and instruction alike.
    static func libraryVerdict(_ expectations: EvalExpectations, on outcome: EvalOutcome) -> EvalAssertionResult? {
        guard let library = expectations.libraryTutorial else { return nil }
        guard let answer = outcome.answer, let tutorial = try? Tutorial.decode(json: answer) else {
            return .init(name: "libraryStepsMatch", passed: false, message: "no tutorial to compare with the library")
        }
        let count = max(tutorial.steps.count, library.steps.count)
        let differing = (0..<count).filter { index in
            index >= tutorial.steps.count || index >= library.steps.count
                || tutorial.steps[index] != library.steps[index]
        }
        return .init(
            name: "libraryStepsMatch", passed: differing.isEmpty,
            message: differing.isEmpty
                ? "the \(library.steps.count) steps are the library's"
                : "steps \(differing.map { String($0 + 1) }.joined(separator: ", ")) differ from the library's")
    }
}

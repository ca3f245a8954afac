@testable import CraftEval
import Foundation
import Testing

/// The category matrix and the balanced figures every report shows.
@Suite struct CategoryMatrixTests {
    @Test func balancedAccuracyIsTheMeanRecallWhateverTheMix() {
        var matrix = CategoryMatrix()
        // Five supplies (all right), one finished piece and one inspiration print (both called supplies).
        for _ in 0..<5 { matrix.add(expected: "craft supplies", actual: "craft supplies") }
        matrix.add(expected: "a finished craft piece", actual: "craft supplies")
        matrix.add(expected: "inspiration for the craft", actual: nil)
        #expect(matrix.recall("craft supplies") == 1)
        #expect(matrix.recall("a finished craft piece") == 0)
        #expect(matrix.recall("inspiration for the craft") == 0)
        #expect(matrix.balancedAccuracy == 1.0 / 3)
        #expect(matrix.unanswered == ["inspiration for the craft": 1] && matrix.total == 7)
        #expect(CategoryMatrix().balancedAccuracy == nil)
    }

    @Test func everyReportShowsTheBalancedFiguresMatricesAndEvidence() {
        let report = EvalReportSample.make()
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        for text in [
            "category balanced accuracy", "recall: craft supplies", "coach (acted on) balanced accuracy",
            "coach (model's own) balanced accuracy", "invalid / unanswered", "Photo category",
            "Coach: the verdict origami acted on", "Coach: the model's own verdict",
            "step 2 unfinished: truth not complete · model said complete · acted on complete · read the description: "
                + "\"Photo_cccccc: a teal square\" · verdict rests on the note · note: \"I folded it\"",
        ] {
            #expect(table.contains(text), "\(text)")
        }
        #expect(table.contains("invalid / unanswered                   1 / 0"), "\(table)")
        let markdown = EvalMarkdownReporter.render(report)
        #expect(markdown.contains("| category balanced accuracy | 100 % |"))
        #expect(markdown.contains("| **truth: supplies** | 1 | 0 | 0 | 0 |"))
        #expect(markdown.contains("*evidence*: truth not complete · model said complete"))
        let html = EvalHTMLReporter.render(report) { _ in nil }
        #expect(html.contains("<caption>Coach: the model&#39;s own verdict</caption>") || html.contains("<caption>Coach: the model's own verdict</caption>"))
        #expect(html.contains("<p class=\"evidence\">Evidence: truth not complete"))
        let junit = EvalJUnitReporter.render(report)
        #expect(junit.contains(#"<property name="category balanced accuracy" value="100 %"/>"#))
        #expect(junit.contains("<property name=\"matrix Coach: the verdict origami acted on\" value=\"truth: complete: TP 0 said complete"))
        #expect(junit.contains("evidence: truth not complete · model said complete · acted on complete"))
    }
}

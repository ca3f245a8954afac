@testable import CraftEval
import Testing

@Suite struct EvalAssertionsTests {
    private let labels = ["a.jpg": "Photo_aaaaaa", "b.jpg": "Photo_bbbbbb"]
    private let answer = #"{"analyses": [], "ideas": [{"title": "Paper Crane Mobile", "description": "Hang cranes"}, {"title": "Yarn Pompom", "description": "Fluffy"}, {"title": "Button Garland", "description": "Thread 12 buttons"}]}"#

    private func outcome(
        analyses: [EvalOutcome.Analysis]? = nil, ideas: Int? = 3, step: Bool? = nil, error: EvalOutcome.Failure? = nil
    ) -> EvalOutcome {
        EvalOutcome(
            answer: error == nil ? answer : nil, photoLabels: labels, analyses: analyses, ideaCount: error == nil ? ideas : nil,
            stepComplete: step, schemaValid: error == nil, latencyMs: 1200, promptTokens: 300, completionTokens: 120,
            error: error
        )
    }

    private func verdict(_ name: String, _ expectations: EvalExpectations, _ outcome: EvalOutcome) -> EvalAssertionResult? {
        EvalAssertions.evaluate(expectations, on: outcome).first { $0.name == name }
    }

    @Test func answeredComesFirstAndFailsOnError() {
        let failed = outcome(error: .init(message: "engine: no complete answer within 60 s", exitStatus: 75))
        let results = EvalAssertions.evaluate(.init(minIdeas: 3), on: failed)
        #expect(results.map(\.name) == ["answered", "minIdeas"])
        #expect(results.allSatisfy { !$0.passed })
        #expect(results[1].message.contains("no answer: engine: no complete answer within 60 s"))
        #expect(EvalAssertions.evaluate(.init(), on: outcome()).map(\.passed) == [true])
    }

    @Test(arguments: [(3, true), (4, false), (0, true)])
    func minIdeasComparesTheCount(minimum: Int, passes: Bool) {
        #expect(verdict("minIdeas", .init(minIdeas: minimum), outcome())?.passed == passes)
    }

    @Test func labelsMustNameEachSentPhotoOnce() {
        let expect = EvalExpectations(labelsValid: true)
        let good = [EvalOutcome.Analysis(label: "Photo_bbbbbb", category: "x"), .init(label: "Photo_aaaaaa", category: "y")]
        #expect(verdict("labelsValid", expect, outcome(analyses: good))?.passed == true)

        let invented = [EvalOutcome.Analysis(label: "Photo_aaaaaa", category: "x"), .init(label: "Photo_zzzzzz", category: "y")]
        let wrong = verdict("labelsValid", expect, outcome(analyses: invented))
        #expect(wrong?.passed == false)
        #expect(wrong?.message == "Photo_zzzzzz is not a photo that was sent; Photo_bbbbbb (b.jpg) not analysed")

        let twice = [EvalOutcome.Analysis(label: "Photo_aaaaaa", category: "x"), .init(label: "Photo_aaaaaa", category: "x"),
                     .init(label: "Photo_bbbbbb", category: "y")]
        #expect(verdict("labelsValid", expect, outcome(analyses: twice))?.message == "Photo_aaaaaa (a.jpg) analysed 2 times")
    }

    @Test func categoryIsCheckedPerPhotoIgnoringCase() {
        let analyses = [EvalOutcome.Analysis(label: "Photo_aaaaaa", category: "Craft Supplies"),
                        .init(label: "Photo_bbbbbb", category: "craft supplies")]
        let expect = EvalExpectations(categories: ["a.jpg": "craft supplies", "b.jpg": "a finished craft piece"])
        let results = EvalAssertions.evaluate(expect, on: outcome(analyses: analyses)).filter { $0.name == "category" }
        #expect(results.map(\.passed) == [true, false])
        #expect(results[1].message == "b.jpg (Photo_bbbbbb): expected a finished craft piece, model said craft supplies")
    }

    @Test(arguments: [(true, true, true), (false, true, false), (false, false, true), (true, nil, false)] as [(Bool, Bool?, Bool)])
    func stepCompleteMustMatch(expected: Bool, actual: Bool?, passes: Bool) {
        #expect(verdict("stepComplete", .init(stepComplete: expected), outcome(step: actual))?.passed == passes)
    }

    @Test func containsLooksAtThePathIgnoringCase() {
        let hit = verdict("contains", .init(contains: [.init(path: "ideas[*].title", text: "CRANE")]), outcome())
        #expect(hit?.passed == true)
        let wrongPlace = verdict("contains", .init(contains: [.init(path: "ideas[*].title", text: "fluffy")]), outcome())
        #expect(wrongPlace?.passed == false)
        #expect(wrongPlace?.message.hasPrefix("ideas[*].title does not contain \"fluffy\"; found \"Paper Crane Mobile\"") == true)
        #expect(verdict("contains", .init(contains: [.init(text: "fluffy")]), outcome())?.passed == true)
        #expect(verdict("contains", .init(contains: [.init(path: "ideas[1].description", text: "fluffy")]), outcome())?.passed == true)
    }

    @Test func notContainsFailsOnAHitAndOnAPathThatMatchesNothing() {
        let hit = verdict("notContains", .init(notContains: [.init(path: "ideas[*].title", text: "garland")]), outcome())
        #expect(hit?.passed == false)
        #expect(hit?.message == "ideas[*].title contains \"garland\" in \"Button Garland\"")
        #expect(verdict("notContains", .init(notContains: [.init(path: "ideas[*].title", text: "quilt")]), outcome())?.passed == true)
        let typo = verdict("notContains", .init(notContains: [.init(path: "idea[*].title", text: "quilt")]), outcome())
        #expect(typo?.passed == false)
        #expect(typo?.message == "idea[*].title matched nothing in the answer; check the path")
    }

    @Test(arguments: [
        #"{"ideas": [{"title": "Paper Crane"},],}"#,
        #"{"ideas": [{"title": "Paper Crane"}], "ideas": []}"#,
    ])
    func textChecksFailOnAnAnswerOrigamisParserRefuses(answer: String) {
        // Foundation's JSONSerialization reads both (a trailing comma; a key twice), so these checks once passed
        // on answers the product itself would have refused.
        var refused = outcome()
        refused.answer = answer
        let contains = verdict("contains", .init(contains: [.init(path: "ideas[*].title", text: "crane")]), refused)
        #expect(contains?.passed == false)
        #expect(contains?.message.hasPrefix(
            "ideas[*].title contains \"crane\": the answer is not valid JSON (") == true, "\(contains?.message ?? "")")
        let absent = verdict("notContains", .init(notContains: [.init(text: "quilt")]), refused)
        #expect(absent?.passed == false)
    }

    @Test func latencyAndTokenLimits() {
        #expect(verdict("maxLatencyMs", .init(maxLatencyMs: 1200), outcome())?.passed == true)
        #expect(verdict("maxLatencyMs", .init(maxLatencyMs: 1000), outcome())?.message == "took 1200 ms, limit 1000 ms")
        #expect(verdict("maxTokens", .init(maxTokens: 420), outcome())?.passed == true)
        #expect(verdict("maxTokens", .init(maxTokens: 419), outcome())?.passed == false)
        var silent = outcome()
        silent.promptTokens = nil
        silent.completionTokens = nil
        #expect(verdict("maxTokens", .init(maxTokens: 419), silent)?.passed == false)
    }

    @Test func maxRetriesBoundsHowOftenTheAnswerWasAskedFor() {
        var twice = outcome()
        twice.retries = 2
        #expect(verdict("maxRetries", .init(maxRetries: 1), outcome())?.passed == true)
        #expect(verdict("maxRetries", .init(maxRetries: 1), twice)?.passed == false)
        #expect(verdict("maxRetries", .init(maxRetries: 1), twice)?.message == "asked again 2 times, limit 1")
        #expect(verdict("maxRetries", .init(maxRetries: 2), twice)?.passed == true)
    }

    @Test func schemaValidCanExpectEitherWay() {
        var invalid = outcome(error: .init(message: "the model's answer is not valid", exitStatus: 65))
        invalid.invalidAnswer = true
        #expect(verdict("schemaValid", .init(schemaValid: true), outcome())?.passed == true)
        #expect(verdict("schemaValid", .init(schemaValid: true), invalid)?.passed == false)
        #expect(verdict("schemaValid", .init(schemaValid: false), invalid)?.passed == true)
        // A run the backend never answered is neither valid nor invalid, whichever is expected.
        let unanswered = outcome(error: .init(message: "engine: timed out", exitStatus: 75))
        #expect(unanswered.answerState == .unanswered && invalid.answerState == .invalid)
        for expected in [true, false] {
            let verdict = verdict("schemaValid", .init(schemaValid: expected), unanswered)
            #expect(verdict?.passed == false)
            #expect(verdict?.message == "unanswered, so not checked: engine: timed out")
        }
    }
}

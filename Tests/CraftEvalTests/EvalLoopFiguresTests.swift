@testable import CraftCore
@testable import CraftEval
import Foundation
import Testing

/// The eval's figures of answers that loop, are repaired, repeat items or echo origami's instructions, and their
/// gates in the suite file.
@Suite struct EvalLoopFiguresTests {
    /// The first 16 words of the brainstorm instructions, whatever their wording: 11 sequences, all copied.
    static let copied = CraftText.words(CraftInstructions.brainstorm.text).prefix(16).joined(separator: " ")
    static let echoing = #"{"analyses": [{"image": "Photo_aaaaaa", "analysis": ""# + copied
        + #"", "typeOfImage": "craft supplies"}], "ideas": [{"title": "Crane", "description": "A crane neatly "#
        + #"folded in the style of any inspiration photo."}]}"#
    static let original = #"{"analyses": [{"image": "Photo_aaaaaa", "analysis": "Two squares of teal paper lie "#
        + #"side by side on a wooden desk.", "typeOfImage": "craft supplies"}], "ideas": ["#
        + #"{"title": "Crane", "description": "A teal crane folded from one of the squares."}]}"#

    @Test func instructionEchoIsTheShareOfSixWordSequencesCopiedFromOrigamisOwnText() throws {
        let echo = try #require(EvalAnswerFigures(mode: .brainstorm, answer: Self.echoing))
        // The analysis is 16 words of the instructions: 11 sequences, all copied. The description has 11 words, 6
        // sequences, of which the last 2 ("in the style of any inspiration photo") are copied.
        #expect(echo.sequences == 17 && echo.echoedSequences == 13)
        #expect(try #require(EvalAnswerFigures(mode: .brainstorm, answer: Self.original)).echoedSequences == 0)
        #expect(EvalAnswerFigures(mode: .brainstorm, answer: #"{"ideas": []}"#)?.instructionEcho == nil)
        #expect(EvalAnswerFigures(mode: .brainstorm, answer: nil) == nil)
    }

    @Test(arguments: [
        (EvalCase.Mode.tutorial, #"{"materials": ["paper", "Paper.", "glue"], "steps": [{"instruction": "Fold it."}, "#
            + #"{"instruction": "fold the it"}, {"instruction": "Open it."}]}"#, 2),
        (.brainstorm, #"{"ideas": [{"title": "Crane"}, {"title": "A crane"}, {"title": "Boat"}, {"title": "crane!"}]}"#, 2),
        (.term, #"{"terms": ["valley fold", "Valley fold"], "explanation": {"term": "valley fold"}}"#, 1),
        (.coach, #"{"sections": [{"title": "Next Steps"}, {"title": "Next Steps"}]}"#, 0),
    ])
    func repeatedItemsCountEntriesRepeatingAnEarlierOne(mode: EvalCase.Mode, answer: String, expected: Int) throws {
        #expect(try #require(EvalAnswerFigures(mode: mode, answer: answer)).repeatedItems == expected)
    }

    static func run(_ index: Int, answer: String?, capped: Int?, loops: Int?, repairs: [String]?) -> EvalRunResult {
        var outcome = EvalOutcome(answer: answer, schemaValid: true, latencyMs: 10, retries: (loops ?? 0) + (capped ?? 0))
        (outcome.cappedAnswers, outcome.loopsCut, outcome.repairs) = (capped, loops, repairs)
        return EvalRunResult(caseName: "case \(index)", mode: .brainstorm, iteration: 1, outcome: outcome,
                             assertions: EvalAssertions.evaluate(.init(), on: outcome))
    }

    static let runs = [
        run(0, answer: echoing, capped: 1, loops: 2, repairs: ["ideas[1]: \"Crane\" repeats ideas[0]; removed"]),
        run(1, answer: original, capped: 0, loops: 0, repairs: []),
        run(2, answer: #"{"ideas": [{"title": "Crane"}, {"title": "Crane"}]}"#, capped: nil, loops: nil, repairs: nil),
    ]

    @Test func metricsAddUpCapsLoopsRepairsRepeatsAndPoolTheEcho() throws {
        let metrics = EvalMetrics(Self.runs)
        #expect(metrics.cappedAnswers == 1 && metrics.loopsCut == 2 && metrics.repairs == 1)
        #expect(metrics.repeatedItems == 1 && metrics.retries == 3)
        let original = try #require(EvalAnswerFigures(mode: .brainstorm, answer: Self.original))
        #expect(metrics.instructionEcho == 13 / Double(17 + original.sequences))
    }

    @Test(arguments: [
        (EvalGates(maxRepeatedItems: 1, maxCappedAnswers: 1), ["max-repeated-items: 1 <= 1", "max-capped-answers: 1 <= 1"]),
        (EvalGates(maxRepeatedItems: 0, maxCappedAnswers: 0), ["max-repeated-items: 1 > 0", "max-capped-answers: 1 > 0"]),
        (EvalGates(maxInstructionEcho: 0.1), ["max-instruction-echo: 0.448 > 0.1"]),
        (EvalGates(minSchemaValidRate: 1, maxRetriesPerRun: 2),
         ["min-schema-valid-rate: 1 >= 1", "max-retries-per-run: 3 > 2"]),
    ])
    func gatesBoundTheNewFigures(gates: EvalGates, messages: [String]) {
        let report = EvalReport(suite: "s", backend: "test", startedAt: Date(), durationMs: 1, concurrency: 1,
                                runs: Self.runs, gates: gates)
        #expect(report.gates.map(\.message) == messages)
        #expect(report.passed == messages.allSatisfy { $0.contains("<=") })
    }

    @Test func maxRetriesPerRunBoundsTheWorstRunNotTheSum() {
        let once = (0..<3).map { Self.run($0, answer: Self.original, capped: 0, loops: 1, repairs: []) }
        let report = EvalReport(suite: "s", backend: "test", startedAt: Date(), durationMs: 1, concurrency: 1,
                                runs: once, gates: EvalGates(maxRetriesPerRun: 1))
        #expect(report.metrics.retries == 3 && report.metrics.mostRetries == 1)
        #expect(report.gates.map(\.message) == ["max-retries-per-run: 1 <= 1"])
    }

    @Test func theSuiteFileSetsGatesAndTheCommandLineWinsGateByGate() throws {
        let scratch = try EvalScratch([:])
        let url = try scratch.write("suite.json", """
            {"gates": {"minPassRate": 0.5, "maxRepeatedItems": 0, "maxCappedAnswers": 0, "maxInstructionEcho": 0.05},
             "cases": [{"name": "a", "mode": "tutorial", "inputs": {"idea": "Paper cup"}}]}
            """)
        let suite = try EvalSuite.load(contentsOf: url)
        #expect(suite.gates == EvalGates(minPassRate: 0.5, maxInstructionEcho: 0.05, maxRepeatedItems: 0, maxCappedAnswers: 0))
        let merged = EvalGates(minPassRate: 0.9).filling(from: suite.gates)
        #expect(merged.minPassRate == 0.9 && merged.maxRepeatedItems == 0 && merged.maxInstructionEcho == 0.05)
    }

    @Test(arguments: [
        (#"{"gates": {"maxInstructionEcho": 1.5}, "cases": []}"#, "gates.maxInstructionEcho: must be from 0 to 1"),
        (#"{"gates": {"maxRepeatedItems": -1}, "cases": []}"#, "gates.maxRepeatedItems: must be at least 0"),
        (#"{"gates": {"maxLoops": 1}, "cases": []}"#, "gates.maxLoops: unknown key"),
    ])
    func invalidGatesNameTheirKey(suite: String, message: String) throws {
        let scratch = try EvalScratch([:])
        let url = try scratch.write("suite.json", suite)
        #expect { try EvalSuite.load(contentsOf: url) } throws: { "\($0)".contains(message) }
    }

    @Test func everyReportShowsTheFiguresAndARunsRepairs() throws {
        let report = EvalReport(suite: "s", backend: "test", startedAt: Date(), durationMs: 1, concurrency: 1,
                                runs: Self.runs, gates: .init())
        let table = EvalTableReporter.render(report, colour: false, width: nil)
        for line in ["answers at the token cap  1", "loops cut                 2", "repeated items            1"] {
            #expect(table.contains(line), "\(line)")
        }
        #expect(EvalMarkdownReporter.render(report).contains("| instruction echo | 45 % |"))
        let html = EvalHTMLReporter.render(report) { _ in nil }
        #expect(html.contains("2 loops cut · 1 at the token cap · 1 repair") && !html.contains("1 repairs"))
        #expect(html.contains("<li>ideas[1]: &quot;Crane&quot; repeats ideas[0]; removed</li>"))
        let junit = EvalJUnitReporter.render(report)
        #expect(junit.contains(#"<property name="loops cut" value="2"/>"#))
        #expect(junit.contains("repair: ideas[1]: &quot;Crane&quot; repeats ideas[0]; removed"))
        let decoded = try JSONDecoder.iso8601.decode(EvalReport.self, from: report.jsonData())
        #expect(decoded.metrics == report.metrics && decoded.runs[0].figures == report.runs[0].figures)
    }
}

extension JSONDecoder {
    static var iso8601: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}

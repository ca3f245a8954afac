@testable import CraftEval
@testable import CraftImages
import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif
import Synchronization
import Testing

@Suite struct EvalReportersTests {
    private let report = EvalReportSample.make()

    @Test func junitParsesBackWithOneTestcasePerRun() throws {
        let xml = EvalJUnitReporter.render(report)
        let document = try XMLDocument(data: Data(xml.utf8))
        let root = try #require(document.rootElement())
        #expect(root.name == "testsuites")
        #expect(root.attribute(forName: "tests")?.stringValue == "3")
        #expect(root.attribute(forName: "failures")?.stringValue == "1")
        #expect(root.attribute(forName: "errors")?.stringValue == "1")
        let cases = try document.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == ["paper & yarn", "step 2 unfinished", "broken <case> [2/2]"])
        #expect(cases[0].attribute(forName: "classname")?.stringValue == "samples.brainstorm")
        #expect(cases[0].attribute(forName: "time")?.stringValue == "12.345")
        #expect(cases[0].elements(forName: "failure").isEmpty)
        let failure = try #require(cases[1].elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "stepComplete")
        #expect(failure.attribute(forName: "message")?.stringValue == "stepComplete: expected isCurrentStepComplete false, found true")
        let error = try #require(cases[2].elements(forName: "error").first)
        #expect(error.attribute(forName: "type")?.stringValue == "exit 65")
        #expect(error.attribute(forName: "message")?.stringValue?.contains("ideas: <3 & \"few\"\u{FFFD}") == true)
        #expect(cases[0].elements(forName: "system-out").first?.stringValue?.contains("Crane <mobile>") == true)
        let properties = try document.nodes(forXPath: "//property").compactMap { $0 as? XMLElement }
        #expect(properties.first?.attribute(forName: "value")?.stringValue == "replay")
    }

    @Test func junitFailureBodyListsEveryFailedAssertion() throws {
        let document = try XMLDocument(data: Data(EvalJUnitReporter.render(report).utf8))
        let body = try document.nodes(forXPath: "//testcase[3]/error").first?.stringValue
        #expect(body?.hasPrefix("answered: the model's answer is not valid:\n  - ideas: <3 & \"few\"\u{FFFD}\nminIdeas: ") == true)
    }

    @Test func jsonReportRoundTripsWithStableNames() throws {
        let data = try report.jsonData()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["formatVersion", "suite", "suiteFile", "backend", "model", "startedAt", "durationMs",
                                     "concurrency", "runs", "metrics", "gates", "gateBounds"])
        let metrics = try #require(object["metrics"] as? [String: Any])
        #expect(metrics["falseCompleteRate"] as? Double == 1)
        #expect((metrics["coach"] as? [String: Any])?["falsePositives"] as? Int == 1)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("origami-report-\(UUID()).json")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let back = try EvalReport.load(contentsOf: url)
        #expect(back == report)
        #expect(back.failingCases == ["step 2 unfinished", "broken <case>"])
    }

    @Test func markdownHasTheFiguresMatrixGatesAndEscapedCells() {
        let markdown = EvalMarkdownReporter.render(report)
        #expect(markdown.hasPrefix("## origami eval: samples\n\n❌ gate failed · 1/3 runs passed (33 %) · backend `replay`"))
        #expect(markdown.contains("| **truth: not complete** | FP 1 | TN 0 |"))
        #expect(markdown.contains("| max-false-complete-rate: 1 &gt; 0.2 | ❌ |"))
        #expect(markdown.contains("| broken &lt;case&gt; | brainstorm | 2/2 | ❌ |"))
        #expect(markdown.contains("| paper &amp; yarn | brainstorm | 1/1 | ✅ | 12.3 s (cached) |"))
        #expect(!markdown.contains("\u{1}"))
    }

    @Test func terminalTableFitsTheWidthOnATerminalAndSaysEverythingInALog() {
        let narrow = EvalTableReporter.render(report, colour: false, width: 80)
        let rows = narrow.split(separator: "\n").prefix(4)
        #expect(rows.allSatisfy { $0.count <= 80 })
        #expect(rows.first?.hasPrefix("CASE") == true)
        #expect(narrow.contains("gate max-false-complete-rate: 1 > 0.2  FAILED"))
        #expect(narrow.split(separator: "\n").contains { $0.hasPrefix("  truth: not complete ") && $0.contains("FP 1 ") && $0.hasSuffix("TN 0") })
        #expect(!narrow.contains("\u{1B}["))
        let log = EvalTableReporter.render(report, colour: false, width: nil)
        #expect(log.contains("stepComplete: expected isCurrentStepComplete false, found true"))
        #expect(log.contains("12.3 s*"))
        let coloured = EvalTableReporter.render(report, colour: true, width: 120)
        #expect(coloured.contains("\u{1B}[31mFAIL"))
    }

    @Test func htmlEmbedsThumbnailsAnswersVerdictsAndTheMatrix() throws {
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3])
        let asked = Counter()
        let html = EvalHTMLReporter.render(report) { photo in
            asked.add(photo.path)
            return photo == EvalReportSample.yarn ? nil : EvalThumbnail(mimeType: "image/jpeg", data: jpeg)
        }
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(asked.values.sorted() == [EvalReportSample.supplies.path, EvalReportSample.progress.path, EvalReportSample.yarn.path])
        #expect(html.components(separatedBy: "data:image/jpeg;base64,\(jpeg.base64EncodedString())").count - 1 == 3)
        #expect(html.contains("no preview</div><figcaption>../SamplePhotos/yarn.png · Photo_bbbbbb</figcaption>"))
        #expect(html.contains("&quot;title&quot;: &quot;Crane &lt;mobile&gt;&quot;"))
        #expect(html.contains("<td class=\"worst\">FP 1</td>"))
        #expect(html.contains("<span class=\"mark\">✗</span><b>stepComplete</b>"))
        #expect(html.contains("<h3><span class=\"badge\">FAIL</span> broken &lt;case&gt;</h3>"))
        #expect(!html.contains("src=\"http"))
        #expect(!html.contains("<case>"))
    }

    @Test func indentedJSONKeepsKeyOrderAndStrings() {
        let text = #"{"b":[1,{"a":"x, y: {z}"}],"a":{},"c":[]}"#
        #expect(EvalFormat.indentedJSON(text) == """
            {
              "b": [
                1,
                {
                  "a": "x, y: {z}"
                }
              ],
              "a": {},
              "c": []
            }
            """)
        #expect(EvalFormat.indentedJSON("not json {") == "not json {")
    }

    @Test func indentedJSONLeavesWhatOrigamisParserRefusesAsItIs() {
        // A trailing comma, which Foundation's JSONSerialization accepts: the answer is shown as the model wrote it.
        #expect(EvalFormat.indentedJSON(#"{"ideas": ["crane",],}"#) == #"{"ideas": ["crane",],}"#)
        #expect(EvalFormat.indentedJSON(#"{"a": 1, "a": 2}"#) == #"{"a": 1, "a": 2}"#)
    }
}

/// Collects strings from a `@Sendable` closure.
final class Counter: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ value: String) { storage.withLock { $0.append(value) } }
    var values: [String] { storage.withLock { $0 } }
}

@Suite struct EvalReportWriterTests {
    @Test func writesEveryFileAndAppendsTheStepSummary() throws {
        let scratch = try EvalScratch(["summary.md": "# earlier step\n"])
        let files = EvalReportFiles(
            json: scratch.url("r.json"), junit: scratch.url("r.xml"), markdown: scratch.url("r.md"), html: scratch.url("r.html")
        )
        let report = EvalReportSample.make()
        try EvalReportWriter.write(report, to: files, environment: ["GITHUB_STEP_SUMMARY": scratch.url("summary.md").path]) { _ in nil }
        #expect(try EvalReport.load(contentsOf: scratch.url("r.json")) == report)
        #expect(try String(contentsOf: scratch.url("r.xml"), encoding: .utf8).hasPrefix("<?xml"))
        #expect(try String(contentsOf: scratch.url("r.html"), encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        let markdown = try String(contentsOf: scratch.url("r.md"), encoding: .utf8)
        #expect(try String(contentsOf: scratch.url("summary.md"), encoding: .utf8) == "# earlier step\n" + markdown + "\n")
    }

    @Test func anUnwritableReportIsCannotCreate() throws {
        let files = EvalReportFiles(junit: URL(fileURLWithPath: "/nonexistent/dir/r.xml"))
        do {
            try EvalReportWriter.write(EvalReportSample.make(), to: files, environment: [:]) { _ in nil }
            Issue.record("the report was written")
        } catch {
            #expect(error.exitStatus == .cannotCreate)
            #expect("\(error)".hasPrefix("/nonexistent/dir/r.xml: cannot write the report"))
        }
    }
}

@Suite struct EvalThumbnailTests {
    @Test func standardThumbnailIsASmallUprightJPEG() throws {
        let scratch = try EvalScratch()
        let url = scratch.url("wide.jpg")
        let pixels = (0..<1200 * 600 * 3).map { UInt8(truncatingIfNeeded: $0 / 7) }
        let wide = RGBImage(width: 1200, height: 600, pixels: pixels)
        try Data(JPEGCodec.encode(wide, quality: 95)).write(to: url)
        let thumbnail = try #require(EvalHTMLReporter.standardThumbnailer(EvalPhoto(path: "wide.jpg", url: url)))
        #expect(thumbnail.mimeType == "image/jpeg")
        #expect(Array(thumbnail.data.prefix(2)) == [0xFF, 0xD8])
        let frame = try #require(JPEGStructure(scanning: Array(thumbnail.data)).frame)
        #expect((frame.width, frame.height) == (280, 140))
        #expect(EvalHTMLReporter.standardThumbnailer(EvalPhoto(path: "x", url: scratch.url("missing.jpg"))) == nil)
    }
}

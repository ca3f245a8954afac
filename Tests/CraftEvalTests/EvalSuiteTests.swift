@testable import CraftCore
@testable import CraftEval
import Foundation
import Testing

@Suite struct EvalSuiteTests {
    private static let manifest = """
        {"photos": [
          {"file": "supplies.jpg", "category": "craft supplies"},
          {"file": "progress/step1-done.jpg", "category": "a finished craft piece", "step": 1, "complete": true},
          {"file": "progress/step2-wrong.jpg", "category": "a finished craft piece", "step": 2, "complete": false}
        ], "progressSeries": {"model": "Paper cup", "paper": "one teal square",
             "steps": ["Fold the square in half.", "Fold the corners to the middle."]}}
        """

    private func scratch(suite: String) throws -> (EvalScratch, URL) {
        let scratch = try EvalScratch([
            "photos/manifest.json": Self.manifest, "photos/supplies.jpg": "x",
            "photos/progress/step1-done.jpg": "x", "photos/progress/step2-wrong.jpg": "x",
        ])
        return (scratch, try scratch.write("evals/suite.json", suite))
    }

    private func loadError(_ suite: String) throws -> EvalError {
        let (scratch, url) = try scratch(suite: suite)
        defer { _ = scratch }
        do {
            _ = try EvalSuite.load(contentsOf: url)
        } catch {
            return error
        }
        Issue.record("the suite loaded")
        return .noCases(file: "", reason: "")
    }

    @Test func resolvesPhotosDefaultsAndManifestTruth() throws {
        let (scratch, url) = try scratch(suite: """
            {"manifest": "../photos/manifest.json", "defaults": {"backend": "replay", "cassette": "suite.cassette.jsonl", "repeats": 3, "timeoutSeconds": 60},
             "cases": [
               {"name": "supplies", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]},
                "expect": {"minIdeas": 3, "category": "manifest", "contains": [{"path": "ideas[*].title", "text": "crane"}, "paper"]}},
               {"name": "step 2", "mode": "coach", "repeats": 1, "inputs": {"photos": ["../photos/progress/step2-wrong.jpg"]},
                "expect": {"stepComplete": "manifest"}}
             ]}
            """)
        let suite = try EvalSuite.load(contentsOf: url)
        #expect(suite.name == "suite")
        #expect(suite.backend == "replay")
        #expect(suite.cassette == scratch.url("evals/suite.cassette.jsonl").standardizedFileURL)
        let brainstorm = suite.cases[0]
        #expect(brainstorm.repeats == 3)
        #expect(brainstorm.timeoutSeconds == 60)
        #expect(brainstorm.inputs.photos[0].url == scratch.url("photos/supplies.jpg").standardizedFileURL)
        #expect(brainstorm.expectations.categories == ["../photos/supplies.jpg": "craft supplies"])
        #expect(brainstorm.expectations.contains == [.init(path: "ideas[*].title", text: "crane"), .init(text: "paper")])
        let coach = suite.cases[1]
        #expect(coach.repeats == 1)
        #expect(coach.inputs.step == 2)
        #expect(coach.inputs.tutorial?.title == "Paper cup")
        #expect(coach.inputs.tutorial?.materials == ["one teal square"])
        #expect(coach.inputs.tutorial?.steps.last == TutorialStep(number: 2, title: "Fold the corners to the middle", instruction: "Fold the corners to the middle."))
        #expect(coach.expectations.stepComplete == false)
        #expect(coach.inputs.earlierPhoto == EvalPhoto(
            path: "../photos/progress/step1-done.jpg",
            url: scratch.url("photos/progress/step1-done.jpg").standardizedFileURL))
    }

    @Test func aCoachCaseMeasuresFromThePhotoItNamesOrFromAnUnfoldedSheetAtStepOne() throws {
        let (scratch, url) = try scratch(suite: """
            {"manifest": "../photos/manifest.json",
             "cases": [
               {"name": "named", "mode": "coach", "inputs": {"photos": ["../photos/progress/step2-wrong.jpg"],
                 "earlierPhoto": "../photos/supplies.jpg"}},
               {"name": "first step", "mode": "coach", "inputs": {"photos": ["../photos/progress/step1-done.jpg"]}}
             ]}
            """)
        let suite = try EvalSuite.load(contentsOf: url)
        #expect(suite.cases[0].inputs.earlierPhoto?.url == scratch.url("photos/supplies.jpg").standardizedFileURL)
        #expect(suite.cases[1].inputs.step == 1)
        #expect(suite.cases[1].inputs.earlierPhoto == nil)
    }

    @Test func anEarlierPhotoOfTheSameStepMakesTheCheckARetake() throws {
        let (scratch, url) = try scratch(suite: """
            {"manifest": "../photos/manifest.json",
             "cases": [
               {"name": "retake", "mode": "coach", "inputs": {"photos": ["../photos/progress/step1-done.jpg"],
                 "step": 2, "earlierPhoto": "../photos/progress/step2-wrong.jpg"}},
               {"name": "next step", "mode": "coach", "inputs": {"photos": ["../photos/progress/step2-wrong.jpg"]}},
               {"name": "outside", "mode": "coach", "inputs": {"photos": ["../photos/progress/step2-wrong.jpg"],
                 "earlierPhoto": "../photos/supplies.jpg"}}
             ]}
            """)
        defer { _ = scratch }
        let suite = try EvalSuite.load(contentsOf: url)
        #expect(suite.cases.map(\.inputs.earlierPhotoIsRetake) == [true, false, false])
    }

    @Test func aMissingEarlierPhotoIsNoInputNamingIt() throws {
        let error = try loadError("""
            {"manifest": "../photos/manifest.json",
             "cases": [{"name": "a", "mode": "coach", "inputs": {"photos": ["../photos/progress/step2-wrong.jpg"],
               "earlierPhoto": "../photos/gone.jpg"}}]}
            """)
        #expect(error.exitStatus == .noInput)
        #expect("\(error)".contains("cases[0].inputs.earlierPhoto: photo ../photos/gone.jpg does not exist"), "\(error)")
    }

    @Test func missingSuiteIsNoInput() {
        let url = URL(fileURLWithPath: "/nonexistent/origami/suite.json")
        #expect(throws: EvalError.self) { try EvalSuite.load(contentsOf: url) }
        do {
            _ = try EvalSuite.load(contentsOf: url)
        } catch {
            #expect(error.exitStatus == .noInput)
            #expect("\(error)".contains("/nonexistent/origami/suite.json"))
        }
    }

    @Test func syntaxErrorIsDataError() throws {
        let error = try loadError(#"{"cases": [ {"name": "a", }"#)
        #expect(error.exitStatus == .dataError)
        #expect("\(error)".contains("suite.json: not valid JSON"))
    }

    @Test(arguments: [
        (#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]}, "expect": {"minIdea": 3}}]}"#,
         "cases[0].expect.minIdea: unknown key"),
        (#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]}, "expect": {"minIdeas": "three"}}]}"#,
         "cases[0].expect.minIdeas: expected a whole number"),
        (#"{"cases": [{"name": "a", "mode": "origami"}]}"#, "cases[0].mode: unknown mode \"origami\""),
        (#"{"cases": [{"mode": "term"}]}"#, "cases[0].name: missing"),
        (#"{"cases": []}"#, "cases: the suite has no case"),
        (#"{"defaults": {"repeats": 0}, "cases": [{"name": "a", "mode": "tutorial", "inputs": {"idea": "x"}}]}"#,
         "defaults.repeats: must be at least 1"),
        (#"{"cases": [{"name": "a", "mode": "tutorial", "inputs": {"idea": "x"}}, {"name": "a", "mode": "tutorial", "inputs": {"idea": "y"}}]}"#,
         "cases[1].name: \"a\" is already the name"),
        (#"{"cases": [{"name": "a", "mode": "tutorial"}]}"#, "cases[0].inputs.idea: missing"),
        (#"{"cases": [{"name": "a", "mode": "coach", "inputs": {"photos": ["../photos/supplies.jpg"], "step": 3, "tutorial": {"title": "t", "steps": ["one", {"title": "Two", "instruction": "two"}]}}}]}"#,
         "cases[0].inputs.step: step 3 is not a step of the tutorial (it has 2)"),
        (#"{"cases": [{"name": "a", "mode": "coach", "inputs": {"photos": ["../photos/supplies.jpg"], "step": 1}}]}"#,
         "cases[0].inputs.tutorial: missing"),
        (#"{"cases": [{"name": "a", "mode": "term", "inputs": {"tutorial": {"title": "t", "steps": []}}}]}"#,
         "cases[0].inputs.tutorial.steps: a tutorial needs at least one step"),
        (#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]}, "expect": {"category": "manifest"}}]}"#,
         "asks for the manifest, but the suite names none"),
        (#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]}, "expect": {"stepComplete": "maybe"}}]}"#,
         "cases[0].expect.stepComplete: expected a value or \"manifest\""),
        (#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/supplies.jpg"]}, "expect": {"contains": [{"path": "ideas[x", "text": "a"}]}}]}"#,
         "cases[0].expect.contains[0].path: path \"ideas[x\" has a [ without ]"),
    ])
    func invalidSuiteNamesFileAndKey(suite: String, message: String) throws {
        let error = try loadError(suite)
        #expect(error.exitStatus == .configuration)
        #expect("\(error)".contains("suite.json: "))
        #expect("\(error)".contains(message), "\(error)")
    }

    @Test func missingPhotoIsNoInputNamingThePhoto() throws {
        let error = try loadError(#"{"cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["../photos/nope.jpg"]}}]}"#)
        #expect(error.exitStatus == .noInput)
        #expect("\(error)".contains("cases[0].inputs.photos[0]: photo ../photos/nope.jpg does not exist"))
    }

    @Test func photoMissingFromManifestSaysWhatToDo() throws {
        let (scratch, url) = try scratch(suite: """
            {"manifest": "../photos/manifest.json",
             "cases": [{"name": "a", "mode": "brainstorm", "inputs": {"photos": ["extra.jpg"]}, "expect": {"category": "manifest"}}]}
            """)
        try scratch.write("evals/extra.jpg", "x")
        #expect(throws: EvalError.self) { try EvalSuite.load(contentsOf: url) }
        do {
            _ = try EvalSuite.load(contentsOf: url)
        } catch {
            #expect(error.exitStatus == .configuration)
            #expect("\(error)".contains("does not describe extra.jpg"))
        }
    }

    @Test func aPathInASuiteIsFromItsFolderUnlessItIsAbsolute() {
        let folder = URL(fileURLWithPath: "/suites/evals")
        #expect(EvalSuite.location(of: "../photos/a.jpg", in: folder).path == "/suites/photos/a.jpg")
        #expect(EvalSuite.location(of: "/elsewhere/b.jpg", in: folder).path == "/elsewhere/b.jpg")
        #expect(EvalSuite.location(of: "c.jsonl", in: folder).path == "/suites/evals/c.jsonl")
    }
}

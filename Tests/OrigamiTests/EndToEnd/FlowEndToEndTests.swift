@testable import CraftCore
@testable import CraftEval
@testable import CraftImages
import CraftTesting
import Foundation
import Testing

/// Whether `scripts/record-flow` has recorded the flow the suite replays.
private let recordedFlowExists = FileManager.default.fileExists(
    atPath: OrigamiProcess.packageRoot.appendingPathComponent("Tests/OrigamiTests/Fixtures/flow.json").path)

/// The whole flow through the built binary on `SamplePhotos/`, replaying a cassette recorded from the real engine
/// by `scripts/record-flow`: brainstorm → tutorial → coach (incomplete, then complete) → term → status, checking
/// stdout, stderr, `--json` lines, exit codes and the project file after every step. The incomplete verdict is an
/// answer written for the test (`Fixtures/scripted-incomplete-coach.json`, served by `scripts/fault-server.py`):
/// the installable model has called every step it was shown complete.
///
/// The suite runs when the recorded cassette is present (`scripts/record-flow` writes it).
@Suite(.enabled(if: recordedFlowExists, "needs Fixtures/flow.json and its cassette (scripts/record-flow)"))
struct FlowEndToEndTests {
    static let fixtures = OrigamiProcess.packageRoot.appendingPathComponent("Tests/OrigamiTests/Fixtures")

    struct Recorded: Decodable {
        struct Coach: Decodable {
            var photo: String
            /// The step asked for with `--step`, or nil for the current step.
            var step: Int?
            var complete: Bool
            /// The model called the step complete without seeing the photo, so origami kept it open.
            var unconfirmed: Bool?
            /// What the person said they did (`--note`).
            var note: String?

            var arguments: [String] {
                (step.map { ["--step", "\($0)"] } ?? []) + (note.map { ["--note", $0] } ?? []) + [photo]
            }
        }
        var hint: String
        var coach: [Coach]
        var term: String
    }

    let origami: OrigamiProcess
    let recorded: Recorded

    init() throws {
        var origami = try OrigamiProcess()
        origami.environment["ORIGAMI_BACKEND"] = "replay"
        origami.environment["ORIGAMI_CASSETTE"] = Self.fixtures.appendingPathComponent("flow.cassette.jsonl").path
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos"),
            to: origami.file("SamplePhotos"))
        self.origami = origami
        recorded = try JSONDecoder().decode(
            Recorded.self, from: Data(contentsOf: Self.fixtures.appendingPathComponent("flow.json")))
    }

    private func project() throws -> Project {
        try ProjectStore(root: origami.directory).load()
    }

    @Test func brainstormTutorialCoachTermStatus() async throws {
        // Brainstorm: a directory stands for its photos; people get results on stdout, messages on stderr.
        let brainstorm = try await origami.run(["brainstorm", "--hint", recorded.hint, "SamplePhotos"])
        #expect(brainstorm.status == 0, "\(brainstorm.stderr)")
        #expect(brainstorm.stdout.hasPrefix("Photos\n"))
        #expect(brainstorm.stdout.contains("\nIdeas\n  1. "))
        #expect(!brainstorm.stdout.contains("\u{1B}["), "no colour or cursor movement when stdout is not a terminal")
        #expect(brainstorm.stderr.contains("Looking at 6 photos"))
        #expect(brainstorm.stderr.contains("cannot see photos"))
        var project = try project()
        #expect(project.photos.count == 6)
        #expect(Set(project.analyses.map(\.image.label)) == Set(project.photos.map(\.label)))
        #expect(project.ideas.count >= 3)
        let firstIdea = project.ideas[0].title + (project.ideas[0].libraryProject == nil ? "" : " (from the library)")

        // Tutorial for idea 1, as JSON: one object per line, the last one the result.
        let tutorial = try await origami.run(["tutorial", "--idea", "1", "--json"])
        #expect(tutorial.status == 0, "\(tutorial.stderr)")
        let result = try #require(tutorial.events.last)
        #expect(result["event"] as? String == "result")
        #expect(result["command"] as? String == "tutorial")
        #expect(result["idea"] as? Int == 1)
        let steps = try #require(result["steps"] as? [[String: Any]])
        #expect(!steps.isEmpty)
        project = try self.project()
        #expect(project.currentTutorial?.idea == project.ideas[0] && project.currentTutorial?.currentStep == 1
            && project.tutorials.count == 1)

        // Coach, incomplete: the recorded model has never given that verdict (see the README), so an answer written
        // for this test comes over the OpenAI wire from scripts/fault-server.py, on a copy of the project, leaving
        // the recorded transcript as the cassette expects it. Exit 0, the verdict shown, the step not moved on.
        try FileManager.default.createDirectory(at: origami.file("copy"), withIntermediateDirectories: false)
        try FileManager.default.copyItem(at: origami.file(".origami"), to: origami.file("copy/.origami"))
        let server = try FaultServer(
            mode: "ok", answer: Self.fixtures.appendingPathComponent("scripted-incomplete-coach.json"))
        let incomplete = try await origami.run(
            ["coach", "--step", "2", "SamplePhotos/progress/cup-step2-wrong.jpg", "--project", "copy",
             "--backend", "openai", "--base-url", "http://127.0.0.1:\(server.port)", "--model", "ok-model"])
        #expect(incomplete.status == 0, "\(incomplete.stderr)")
        #expect(incomplete.stdout.hasPrefix("Step 2\n"))
        #expect(incomplete.stdout.contains("Step 2 is not complete yet."))
        #expect(incomplete.stdout.contains("Next Steps"))
        let copy = try ProjectStore(root: origami.file("copy")).load()
        #expect(copy.currentTutorial?.currentStep == 1, "an incomplete verdict moves no step")
        #expect(copy.currentTutorial?.feedback.map(\.isStepComplete) == [false])
        #expect(try self.project().currentTutorial?.feedback.isEmpty == true, "the original project is untouched")

        // Coach, as recorded: exit 0 whatever the verdict; only a complete verdict on the current step moves it on,
        // by one; a model that cannot see completes a step only with the person's note or a measured change that
        // fits the step.
        var step = 1
        for (index, coach) in recorded.coach.enumerated() {
            let outcome = try await origami.run(["coach"] + coach.arguments)
            let judged = coach.step ?? step
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("Step \(judged)\n"))
            let verdict = coach.complete ? "Step \(judged) is complete." : "Step \(judged) is not complete yet."
            #expect(outcome.stdout.contains(verdict))
            let unconfirmed = "The model thinks step \(judged) is done, but that is only its opinion"
            #expect(outcome.stdout.contains(unconfirmed) == (coach.unconfirmed ?? false), "\(outcome.stdout)")
            if coach.note != nil { #expect(outcome.stdout.contains("it judged your note")) }
            if coach.complete && judged == step { step += 1 }
            project = try self.project()
            #expect(project.currentTutorial?.currentStep == step)
            #expect(project.currentTutorial?.feedback.count == index + 1)
            #expect(project.currentTutorial?.feedback.last?.isStepComplete == coach.complete)
            let evidence = project.currentTutorial?.feedback.last?.evidence
            #expect(coach.note == nil ? evidence != .note : evidence == .note)
            #expect(!coach.complete || evidence != .description, "a blind verdict counts only with a note or change")
            let current = try #require(project.currentTutorial)
            #expect(project.photos(ofStep: judged, in: current).map(\.path).contains(coach.photo))
        }

        // Term: the list, then one explanation; both kept in the project.
        let terms = try await origami.run(["term"])
        #expect(terms.status == 0, "\(terms.stderr)")
        #expect(terms.stdout.contains(recorded.term))
        let explained = try await origami.run(["term", recorded.term, "--quiet"])
        #expect(explained.status == 0)
        #expect(explained.stderr.isEmpty, "--quiet prints only results")
        let kept = try #require(try self.project().currentTutorial?.terms)
        #expect(kept.contains { $0.term.lowercased() == recorded.term.lowercased() && $0.explanation != nil })

        // Status shows it all; its JSON result carries the project.
        let status = try await origami.run(["status"])
        #expect(status.status == 0)
        #expect(status.stdout.contains(firstIdea + " (chosen)"))
        #expect(status.stdout.contains("→ \(step)."))
        #expect(status.stdout.contains("Last feedback (step"))
        let current = try #require(try self.project().currentTutorial)
        let filed = current.photos.compactMap { try? self.project().photo(labelled: $0.label) }
        for photo in filed { #expect(status.stdout.contains("Photo: \(photo.label)  \(photo.path)")) }

        // The tutorial as a page to keep: every step, the progress photos inline, nothing fetched.
        let page = try await origami.run(["status", "--html", "tutorial.html"])
        #expect(page.status == 0, "\(page.stderr)")
        let html = try String(contentsOf: origami.file("tutorial.html"), encoding: .utf8)
        let tutorialSteps = current.tutorial.steps
        for step in tutorialSteps { #expect(html.contains(TestHTML.escape(step.title))) }
        #expect(html.components(separatedBy: "src=\"data:image/jpeg;base64,").count - 1 == filed.count)
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(html.contains("current step") || html.contains("All \(tutorialSteps.count) steps are done."))
        let json = try await origami.run(["status", "--json"])
        let saved = try #require(json.events.last?["project"] as? [String: Any])
        #expect((saved["tutorials"] as? [[String: Any]])?.first?["currentStep"] as? Int == step)
    }

    /// A library step whose photo origami measures as done moves on though the blind model said "not complete": the
    /// output, `--json` and the kept page say the step was done on origami's measurement, not on the model's word.
    @Test func aLibraryStepTheMeasurementShowsDoneMovesOnThoughTheBlindModelSaidNot() async throws {
        let start = try await origami.run(["library", "paper-cup", "--start"])
        #expect(start.status == 0, "\(start.stderr)")
        let server = try FaultServer(
            mode: "ok", answer: Self.fixtures.appendingPathComponent("scripted-incomplete-coach.json"))
        let backend = ["--backend", "openai", "--base-url", "http://127.0.0.1:\(server.port)", "--model", "ok-model"]
        let done = try await origami.run(["coach", "SamplePhotos/progress/cup-step1-done.jpg"] + backend)
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout.contains("Step 1 is complete."), "\(done.stdout)")
        #expect(done.stdout.contains("did not call step 1 done, but origami measured"), "\(done.stdout)")
        #expect(done.stdout.contains("Now on step 2 of 6."))
        let feedback = try #require(try project().currentTutorial?.feedback.last)
        #expect(feedback.decidedByMeasurement == true && feedback.isStepComplete && feedback.evidence == .change)

        // The wrong photo of step 2: the outline has the step's four sides, but the flap's edge is not level.
        let wrong = try await origami.run(
            ["coach", "SamplePhotos/progress/cup-step2-wrong.jpg", "--json"] + backend)
        #expect(wrong.status == 0, "\(wrong.stderr)")
        let result = try #require(wrong.events.last)
        #expect(result["decidedByMeasurement"] as? Bool == false && result["modelSaidComplete"] as? Bool == false)
        #expect(result["advanced"] as? Bool == false && result["isStepComplete"] as? Bool == false)
        #expect((result["shapeCheck"] as? [String: Any])?["verdict"] as? String == "agrees")
        #expect(try project().currentTutorial?.currentStep == 2)

        let page = try await origami.run(["status", "--html", "cup.html"])
        #expect(page.status == 0, "\(page.stderr)")
        let html = try String(contentsOf: origami.file("cup.html"), encoding: .utf8)
        #expect(html.contains("Done on origami&#39;s measurement") || html.contains("Done on origami's measurement"))
    }

    @Test func aRequestTheCassetteNeverSawIsALoudDataError() async throws {
        let outcome = try await origami.run(["brainstorm", "SamplePhotos/paper-warm.jpg", "--hint", "something unheard of"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("flow.cassette.jsonl"))
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami/project.json").path))
    }

    @Test(.enabled(
        if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs script(1) for a pseudo-terminal"))
    func onATerminalIdeasAreRedrawnInPlaceAndColoured() async throws {
        // script(1) gives origami a pseudo-terminal, so stdout and stderr are TTYs as for a person.
        let command = "\(OrigamiProcess.binary.path) brainstorm --hint '\(recorded.hint)' SamplePhotos"
        let outcome = try await origami.run(
            ["-qec", command, "/dev/null"], executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.contains("\u{1B}[1mIdeas\u{1B}[0m"), "bold headings on a terminal")
        #expect(outcome.stdout.range(of: #"\x1B\[\d+A\r\x1B\[J"#, options: .regularExpression) != nil,
                "cursor moves up and clears to redraw the streaming block")
        let plain = try await origami.run(["brainstorm", "--hint", recorded.hint, "SamplePhotos", "--project", "again"],
                                    environment: ["NO_COLOR": "1"])
        #expect(!plain.stdout.contains("\u{1B}"))
    }
}

/// Text escaped as the HTML page escapes it, to find a step's title in the page.
enum TestHTML {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }
}

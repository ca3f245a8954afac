@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// R3 and R4 on the real binary: SIGKILL at random moments never leaves a torn project file, concurrent writers
/// never lose an update, and the project's lock is held only to read and to save, never while a model answers.
///
/// Serialized: each test starts its own processes at once on purpose (eight writers, eight coaches, a slow and a
/// quick coach) and judges how they overlap, which the other tests of this suite, run beside it, would only blur.
@Suite(.serialized) struct ProjectDurabilityTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// The state an `origami-write-test` run leaves at revision `revision`: photos probe-1 … probe-revision.
    private func check(_ project: Project, bytes: Int) {
        #expect(project.photos.count == project.revision)
        for (index, photo) in project.photos.enumerated() {
            #expect(photo.label == "probe-\(index + 1)")
            #expect(photo.path.utf8.count == bytes)
        }
    }

    private func load() throws -> Project? {
        let store = ProjectStore(root: origami.directory)
        return try store.loadIfPresent()
    }

    /// The temporary files of unfinished writes in the project folder.
    private func temporaryFiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: origami.file(".origami").path)) ?? []
        return Set(names.filter { $0.contains(".tmp-") })
    }

    @Test func sigkillDuringTwoHundredWritesLeavesOldOrNewState() async throws {
        let bytes = 16 * 1024
        var revision = 0
        var completed = 0
        var interrupted = 0
        var midWrite = 0
        var duration = 0.1
        for run in 0..<200 {
            // Every 25 runs, time one uninterrupted run, so the kills spread over a whole run (startup, load,
            // encode, write, fsync, rename) as the file grows. The time only aims the kills; nothing asserts on it.
            // The timed run starts at once: a wait for the other tests' processes would stretch every kill's delay.
            if run % 25 == 0 {
                let start = Date()
                #expect(try await origami.writeTest(["--bytes", String(bytes)], queued: false).status == 0)
                duration = Date().timeIntervalSince(start)
                revision += 1
            }
            let before = temporaryFiles()
            let process = try origami.startWriteTest(["--bytes", String(bytes)])
            // The kill's moment, or sooner if the run ends first: a run timed while the other suites' engines
            // load the machine can take seconds, and later runs on a quiet machine end long before a kill aimed by
            // it (CI runs sat idle here for ten minutes).
            let moment = Date().addingTimeInterval(Double.random(in: 0.2...1.1) * duration)
            while process.isRunning, Date() < moment { try await Task.sleep(for: .milliseconds(5)) }
            kill(process.processIdentifier, SIGKILL)
            try await OrigamiProcess.waitForExit(of: process)
            let killed = process.terminationReason == .uncaughtSignal
            if killed { interrupted += 1 } else { completed += 1 }
            // A temporary file the run left is a kill between writing the new state and renaming it into place.
            if killed, !temporaryFiles().subtracting(before).isEmpty { midWrite += 1 }
            let project = try load()
            let now = project?.revision ?? 0
            #expect(now == revision || now == revision + 1, "revision went from \(revision) to \(now)")
            if !killed { #expect(now == revision + 1, "a run that finished must have saved") }
            if let project { check(project, bytes: bytes) }
            revision = now
        }
        let leftovers = temporaryFiles()
        // The next locked write sweeps temporary files a killed writer left behind.
        #expect(try await origami.writeTest(["--bytes", String(bytes)]).status == 0)
        #expect(temporaryFiles().isEmpty)
        print("R3: 200 runs, \(interrupted) killed (\(midWrite) in the middle of a write), \(completed) finished,"
            + " final revision \(revision), \(leftovers.count) temporary files swept")
        #expect(revision > 0)
        // Kills that never land inside a write prove nothing about torn files.
        #expect(midWrite >= 1, "only \(midWrite) of \(interrupted) kills landed in the middle of a write")
    }

    @Test func eightConcurrentWritersLoseNoUpdate() async throws {
        let processes = try (0..<8).map { _ in try origami.startWriteTest(["--bytes", "100000"]) }
        for process in processes {
            try await OrigamiProcess.waitForExit(of: process)
            #expect(process.terminationStatus == 0)
        }
        let project = try #require(try load())
        #expect(project.revision == 8)
        check(project, bytes: 100_000)
    }

    static let fixtures = OrigamiProcess.packageRoot.appendingPathComponent("Tests/OrigamiTests/Fixtures")

    /// The project after a tutorial made on the engine (`scripts/record-flow`), copied into the test's directory.
    private func projectAfterTutorial() throws {
        try FileManager.default.createDirectory(at: origami.file(".origami"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.fixtures.appendingPathComponent("r4.project.json"), to: origami.file(".origami/project.json"))
    }

    /// A coach over the OpenAI wire at the fault server, whose answer is the scripted incomplete verdict; the
    /// model name picks the server's behaviour (`fault:ok` answers at once, `fault:stallhead:SECS` after SECS of
    /// silence). The server runs as a llama-server (`llamacpp`), which serves any model name it is asked for. The
    /// photo is the cup's unfolded sheet, so the check stays incomplete: on the library cup's step 1, the done photo
    /// would be done on origami's measurement whatever the model says.
    private func coach(_ server: FaultServer, model: String, _ extra: [String] = []) -> [String] {
        ["coach", "--step", "1", "--backend", "openai", "--base-url", "http://127.0.0.1:\(server.port)",
         "--model", model] + extra + [OrigamiProcess.packageRoot.appendingPathComponent(
            "SamplePhotos/progress/cup-step1-unfinished.jpg").path]
    }

    private static var scriptedAnswer: URL { fixtures.appendingPathComponent("scripted-incomplete-coach.json") }

    @Test func eightConcurrentCoachRunsLoseNoFeedback() async throws {
        try projectAfterTutorial()
        let before = try #require(try load())
        let server = try FaultServer(mode: "llamacpp", answer: Self.scriptedAnswer)
        // Each answers after a second of silence, so the eight model calls overlap and every save is a merge.
        let processes = try (0..<8).map { _ in
            try origami.start(coach(server, model: "fault:stallhead:1", ["--quiet"]))
        }
        for process in processes {
            try await OrigamiProcess.waitForExit(of: process)
            #expect(process.terminationStatus == 0)
        }
        let after = try #require(try load())
        #expect(after.currentTutorial?.feedback.count == (before.currentTutorial?.feedback.count ?? 0) + 8)
        #expect(after.revision == before.revision + 8)
        // The conversation ends with a check's answer (the server's small context trims older turns, so the count
        // of entries says nothing here).
        #expect(after.transcript.entries.last.map { if case .response = $0 { true } else { false } } == true)
        #expect(after.currentTutorial?.currentStep == before.currentTutorial?.currentStep,
                "an incomplete verdict moves no step")
    }

    @Test func anotherCommandsModelCallRunsWhileACoachWaitsOnASlowServer() async throws {
        try projectAfterTutorial()
        let server = try FaultServer(mode: "llamacpp", answer: Self.scriptedAnswer)
        // The slow coach's model answers after 30 s: room for the quick one to start, check and save on a machine
        // busy with the other tests' engines (with 8 s, it sometimes finished second).
        let slow = try origami.start(coach(server, model: "fault:stallhead:30"))
        // By now the slow coach has read the project and is waiting for its model.
        try await Task.sleep(for: .seconds(3))
        // Started at once, not queued behind other tests' runs: it must run while the slow one waits.
        let quick = try await origami.run(coach(server, model: "fault:ok"), queued: false)
        #expect(quick.status == 0, "\(quick.stderr)")
        #expect(!quick.stderr.contains("waiting for another origami"), "\(quick.stderr)")
        #expect(slow.isRunning, "the second check finished while the first one's model was still answering")
        #expect(try load()?.currentTutorial?.feedback.count == 1)
        try await OrigamiProcess.waitForExit(of: slow)
        #expect(slow.terminationStatus == 0)
        #expect(try load()?.currentTutorial?.feedback.count == 2)
    }

    @Test func aCommandThatFailsAtTheBackendLeavesNoLockFileAndChangesNothing() async throws {
        let refused = ["--backend", "openai", "--base-url", "http://127.0.0.1:9", "--model", "any", "--timeout", "5"]
        let photo = OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg").path
        let fresh = try await origami.run(["brainstorm"] + refused + [photo])
        #expect(fresh.status == 69, "\(fresh.stderr)")
        #expect(!FileManager.default.fileExists(atPath: origami.file(".origami").path), "nothing written")

        try projectAfterTutorial()
        let before = try Data(contentsOf: origami.file(".origami/project.json"))
        let coach = try await origami.run(["coach"] + refused + [photo])
        #expect(coach.status == 69, "\(coach.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: origami.file(".origami").path) == ["project.json"])
        #expect(try Data(contentsOf: origami.file(".origami/project.json")) == before)
    }
}

import CraftCore
import Foundation
import Testing

/// R3 and R4 on the real binary: SIGKILL at random moments never leaves a torn project file, and concurrent
/// writers never lose an update.
@Suite struct ProjectDurabilityTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// The state a `_write-test` run leaves at revision `revision`: terms probe-1 … probe-revision.
    private func check(_ project: Project, bytes: Int) {
        #expect(project.terms.count == project.revision)
        for (index, term) in project.terms.enumerated() {
            #expect(term.term == "probe-\(index + 1)")
            #expect(term.explanation?.utf8.count == bytes)
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

    @Test func sigkillDuringTwoHundredWritesLeavesOldOrNewState() throws {
        let bytes = 16 * 1024
        var revision = 0
        var completed = 0
        var interrupted = 0
        var midWrite = 0
        var duration = 0.1
        for run in 0..<200 {
            // Every 25 runs, time one uninterrupted run, so the kills spread over a whole run (startup, load,
            // encode, write, fsync, rename) as the file grows. The time only aims the kills; nothing asserts on it.
            if run % 25 == 0 {
                let start = Date()
                #expect(try origami.run(["_write-test", "--bytes", String(bytes)]).status == 0)
                duration = Date().timeIntervalSince(start)
                revision += 1
            }
            let before = temporaryFiles()
            let process = try origami.start(["_write-test", "--bytes", String(bytes)])
            usleep(UInt32(Double.random(in: 0.2...1.1) * duration * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
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
        #expect(try origami.run(["_write-test", "--bytes", String(bytes)]).status == 0)
        #expect(temporaryFiles().isEmpty)
        print("R3: 200 runs, \(interrupted) killed (\(midWrite) in the middle of a write), \(completed) finished,"
            + " final revision \(revision), \(leftovers.count) temporary files swept")
        #expect(revision > 0)
        // Kills that never land inside a write prove nothing about torn files.
        #expect(midWrite >= 1, "only \(midWrite) of \(interrupted) kills landed in the middle of a write")
    }

    @Test func eightConcurrentWritersLoseNoUpdate() throws {
        let processes = try (0..<8).map { _ in try origami.start(["_write-test", "--bytes", "100000"]) }
        for process in processes {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let project = try #require(try load())
        #expect(project.revision == 8)
        check(project, bytes: 100_000)
    }
}

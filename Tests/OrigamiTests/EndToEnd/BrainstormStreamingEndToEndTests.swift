import CraftTesting
import Foundation
import Testing

/// What `origami brainstorm --json` sends before the model has answered.
@Suite struct BrainstormStreamingEndToEndTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    /// A blind model: origami's own reading of each photo is final at once, so its `analysis` event goes out while the
    /// model is still silent (here a server that says nothing for fifteen minutes), not with the first idea.
    @Test func origamisOwnReadingsGoOutBeforeTheModelAnswers() async throws {
        let server = try FaultServer(mode: "llamacpp")
        let photo = OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg").path
        let process = try origami.start([
            "brainstorm", photo, "--json", "--backend", "openai", "--base-url", "http://127.0.0.1:\(server.port)",
            "--model", "fault:stallhead:900",
        ], environment: ["ORIGAMI_TIMEOUT": "900"])  // origami waits out the silence rather than giving up
        // Bounds the wait, so a build that holds the event back fails here instead of waiting out the silence. Not a
        // timing: reading one photo takes seconds, but a fresh-clone run on a machine also rendering and building
        // took more than 60 s to start origami and read it.
        let bound = Thread {
            Thread.sleep(forTimeInterval: 300)
            if process.isRunning { process.terminate() }
        }
        bound.start()
        let out = (process.standardOutput as! Pipe).fileHandleForReading
        let events = try await offThePool { () -> [String] in
            var text = "", events: [String] = []
            while !events.contains("analysis") {
                let data = out.availableData
                if data.isEmpty { break }
                text += String(decoding: data, as: UTF8.self)
                events = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().compactMap { line in
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["event"] as? String
                }
            }
            return events
        }
        let stillWaiting = process.isRunning
        if process.isRunning { process.terminate() }
        try await OrigamiProcess.waitForExit(of: process)
        #expect(events.contains("analysis"), "\(events)")
        #expect(!events.contains { $0.hasPrefix("idea") }, "\(events)")
        #expect(stillWaiting, "the analysis came only when origami had ended")
    }
}

@testable import CraftBackends
@testable import CraftSchema
import CraftTesting
import Foundation
import Testing

@Suite struct ReplayTests {
    static func transcript(_ text: String, image: Data? = nil) -> Transcript {
        var segments: [Prompt.Segment] = [.text(text)]
        if let image {
            segments.append(.image(Attachment(label: "Photo_abc123", sha256: "abc123", data: image, description: nil)))
        }
        return Transcript(entries: [.instructions(Instructions("Be helpful.")), .prompt(Prompt(segments))])
    }

    static func collect(_ stream: AsyncThrowingStream<ModelEvent, any Error>) async throws -> [ModelEvent] {
        var events: [ModelEvent] = []
        for try await event in stream { events.append(event) }
        return events
    }

    @Test func aRecordedStreamReplaysEventForEvent() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        let live = TestLanguageModel(answers: ["{\"ideas\": [\"crane\", \"boat\", \"cup\"]}"])
        let recorder = RecordingLanguageModel(wrapping: live, cassette: cassette)
        let request = GenerationRequest(options: .init(temperature: 1.0))
        let transcript = Self.transcript("What can I make?", image: Data([0xFF, 0xD8, 1, 2, 3]))

        let recorded = try await Self.collect(recorder.stream(transcript, request: request))
        let replayed = try await Self.collect(
            ReplayLanguageModel(cassette: cassette).stream(transcript, request: request))

        #expect(recorded == replayed)
        #expect(recorded.count > 3)
        #expect(try cassette.load().count == 1)
    }

    @Test func theCassetteHoldsImageDigestsNotImageBytes() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        let image = Data(repeating: 0xAB, count: 4096)
        let recorder = RecordingLanguageModel(wrapping: TestLanguageModel(answers: ["ok"]), cassette: cassette)
        _ = try await Self.collect(recorder.stream(Self.transcript("Look", image: image), request: .init()))

        let text = try String(contentsOf: cassette.url, encoding: .utf8)
        #expect(text.contains(SHA256.hex(of: Array(image))))
        #expect(!text.contains(image.base64EncodedString().prefix(64)))
    }

    @Test func aDeviceAFolderOrNothingIsNotACassetteAndTheMessageSaysWhich() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cassettes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("none.jsonl")
        let cases: [(URL, CassetteError, String)] = [
            (URL(fileURLWithPath: "/dev/null"), .notAFile(path: "/dev/null", kind: "a device"),
             "/dev/null: is a device, not a cassette file; pass the JSON Lines file that --record wrote"),
            (folder, .notAFile(path: folder.path, kind: "a folder"),
             "\(folder.path): is a folder, not a cassette file; pass the JSON Lines file that --record wrote"),
            (missing, .missing(path: missing.path),
             "\(missing.path): no such cassette; record one with --record \(missing.path)"),
        ]
        for (url, expected, message) in cases {
            #expect(throws: expected) { try Cassette(url: url).load() }
            #expect("\(expected)" == message)
            #expect(expected.exitStatus == .noInput)
        }
    }

    @Test func aMissNamesTheClosestRecordingAndWhatDiffers() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        let recorder = RecordingLanguageModel(wrapping: TestLanguageModel(answers: ["one", "two"]), cassette: cassette)
        _ = try await Self.collect(
            recorder.stream(Self.transcript("Fold a crane"), request: .init(options: .init(temperature: 1.0))))
        _ = try await Self.collect(
            recorder.stream(Self.transcript("Knit a scarf"), request: .init(options: .init(temperature: 1.0))))
        let recorded = try cassette.load()

        let replay = ReplayLanguageModel(cassette: cassette, model: "test")
        await #expect {
            _ = try await Self.collect(
                replay.stream(Self.transcript("Fold a crane"), request: .init(options: .init(temperature: 0.2))))
        } throws: { error in
            guard case .miss(_, _, let closest, let differences) = error as? CassetteError else { return false }
            let message = "\(error)"
            return closest == recorded[0].key && differences.count == 1
                && message.contains(String(recorded[0].key.prefix(12)))
                && message.contains("temperature 0.2 instead of temperature 1.0")
        }
    }

    @Test func aChangedPromptIsReportedWithTheTextWhereItDiffers() throws {
        let recorded = CassetteRequest(
            model: "engine", transcript: Self.transcript("Fold a paper crane"), request: .init())
        let asked = CassetteRequest(model: "engine", transcript: Self.transcript("Fold a paper boat"), request: .init())
        let differences = recorded.differences(from: asked)
        #expect(
            differences == [
                "messages[1] (user): part 0 differs at character 13: \"d a paper boat\" instead of \"d a paper crane\""
            ])
    }

    @Test func repeatedIdenticalRequestsAreServedInRecordedOrder() async throws {
        let cassette = Cassette.temporary()
        defer { try? FileManager.default.removeItem(at: cassette.url) }
        let recorder = RecordingLanguageModel(
            wrapping: TestLanguageModel(answers: ["first", "second"]), cassette: cassette)
        let transcript = Self.transcript("Again")
        _ = try await Self.collect(recorder.stream(transcript, request: .init()))
        _ = try await Self.collect(recorder.stream(transcript, request: .init()))

        let replay = ReplayLanguageModel(cassette: cassette)
        let texts = try await (0..<3).asyncMap { _ in
            try await Self.collect(replay.stream(transcript, request: .init())).compactMap {
                if case .textDelta(let text) = $0 { text } else { nil }
            }.joined()
        }
        #expect(texts == ["first", "second", "second"])
    }

    @Test func aMissingCassetteMakesReplayUnavailableWithTheReason() async {
        let replay = ReplayLanguageModel(cassette: Cassette(url: URL(fileURLWithPath: "/nonexistent/origami.jsonl")))
        guard case .unavailable(let reason) = await replay.availability() else {
            Issue.record("a missing cassette must make replay unavailable")
            return
        }
        #expect(reason.contains("/nonexistent/origami.jsonl"))
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}

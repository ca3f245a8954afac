@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct SSESplitterTests {
    /// Every feature at once: comments, a named event, multi-line data, `\r\n` and a lone `\r`, fields without a
    /// space, an unknown field, an event with no data, and `[DONE]`.
    static let stream = Array((
        ": keep-alive comment\n" + "data: {\"n\":1}\n\n" + "event: update\r\n" + "data: line one\r\n"
            + "data:line two\r\n\r\n" + "id: 7\nretry: 100\n\n" + "data: cr only\r\r" + "data:\n\n"
            + "data: [DONE]\n\n"
    ).utf8)

    static let expected: [SSESplitter.Event] = [
        .init(data: "{\"n\":1}"),
        .init(name: "update", data: "line one\nline two"),
        .init(data: "cr only"),
        .init(data: ""),
        .init(data: "[DONE]"),
    ]

    private func events(_ bytes: [UInt8], size: Int, limit: Int = 1 << 20) throws -> [SSESplitter.Event] {
        var splitter = SSESplitter(maximumEventBytes: limit)
        var events: [SSESplitter.Event] = []
        for chunk in WireFixtures.chunks(bytes, size: size) { events += try splitter.feed(chunk) }
        if let last = splitter.finish() { events.append(last) }
        return events
    }

    @Test(arguments: WireFixtures.sizes(for: stream.count))
    func splitsEventsTheSameAtEveryChunkSize(size: Int) throws {
        #expect(try events(Self.stream, size: size) == Self.expected)
    }

    @Test func deliversALastEventThatLacksItsBlankLine() throws {
        #expect(try events(Array("data: end\n".utf8), size: 3) == [.init(data: "end")])
    }

    @Test func dropsAnUnfinishedLineAndSaysSo() throws {
        var splitter = SSESplitter()
        #expect(try splitter.feed(Array("data: {\"cho".utf8)).isEmpty)
        #expect(splitter.hasPartialEvent)
        #expect(splitter.finish() == nil)
    }

    @Test func refusesAnEventLargerThanItsLimit() {
        var splitter = SSESplitter(maximumEventBytes: 32)
        let lines = Array(String(repeating: "data: 0123456789\n", count: 4).utf8)
        #expect(throws: LineSplitterError.lineTooLong(limitBytes: 32)) { _ = try splitter.feed(lines) }
    }

    @Test(arguments: ["openai/llama-server-stop.sse", "openai/llama-server-json-schema.sse",
                      "openai/llama-server-length.sse", "openai/openai-tool-call.sse"])
    func decodesEachRecordedStreamTheSameAtEveryChunkSize(fixture: String) throws {
        let bytes = try WireFixtures.bytes(fixture)
        let whole = try WireFixtures.openAIEvents(bytes, size: bytes.count).get()
        for size in [1, 2, 3, 5, 7, 13, 64, 100, 333, 1000, 4096] {
            #expect(try WireFixtures.openAIEvents(bytes, size: size).get() == whole, "chunk size \(size)")
        }
    }
}

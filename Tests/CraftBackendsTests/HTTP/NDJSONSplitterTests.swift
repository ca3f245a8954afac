@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

@Suite struct NDJSONSplitterTests {
    static let stream = Array("{\"a\":1}\n{\"b\":\"two\"}\r\n\n  \n{\"c\":[3]}\n{\"tail\":true}".utf8)

    private func lines(_ bytes: [UInt8], size: Int, limit: Int = 1 << 20) throws -> [String] {
        var splitter = NDJSONSplitter(maximumLineBytes: limit)
        var lines: [Data] = []
        for chunk in WireFixtures.chunks(bytes, size: size) { lines += try splitter.feed(chunk) }
        if let last = splitter.finish() { lines.append(last) }
        return lines.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(arguments: WireFixtures.sizes(for: stream.count))
    func splitsLinesTheSameAtEveryChunkSize(size: Int) throws {
        #expect(try lines(Self.stream, size: size) == ["{\"a\":1}", "{\"b\":\"two\"}", "{\"c\":[3]}", "{\"tail\":true}"])
    }

    @Test func reportsAPartialLineUntilItsNewlineArrives() throws {
        var splitter = NDJSONSplitter()
        #expect(try splitter.feed(Array("{\"a\":".utf8)).isEmpty)
        #expect(splitter.hasPartialLine)
        #expect(try splitter.feed(Array("1}\n".utf8)) == [Data("{\"a\":1}".utf8)])
        #expect(!splitter.hasPartialLine)
        #expect(splitter.finish() == nil)
    }

    @Test func refusesALineLongerThanItsLimit() {
        var splitter = NDJSONSplitter(maximumLineBytes: 16)
        #expect(throws: LineSplitterError.lineTooLong(limitBytes: 16)) {
            _ = try splitter.feed([UInt8](repeating: UInt8(ascii: "x"), count: 17))
        }
    }

    @Test func acceptsALineExactlyAtItsLimitAtEveryChunkSize() throws {
        let line = [UInt8](repeating: UInt8(ascii: "y"), count: 16) + [UInt8(ascii: "\n")]
        for size in 1...line.count {
            #expect(try lines(line + line, size: size, limit: 16).count == 2)
        }
    }

    @Test(arguments: WireFixtures.sizes(for: 2000))
    func decodesTheOllamaFixtureAtEveryChunkSize(size: Int) throws {
        let bytes = try WireFixtures.bytes("ollama/chat-stop.ndjson")
        let events = try WireFixtures.ollamaEvents(bytes, size: size).get()
        #expect(WireFixtures.text(events) == "{\"ideas\":[{\"title\":\"Paper crane\"}]}")
        #expect(events.last == .finished(.stop))
    }
}

@testable import CraftSchema
import Testing

@Suite struct PartialJSONParserTests {
    /// Feeds `bytes` in chunks of `size` and returns every snapshot and the final value.
    static func stream(_ bytes: [UInt8], chunkSize size: Int) throws -> ([GeneratedContent?], GeneratedContent) {
        var parser = PartialJSONParser()
        var snapshots: [GeneratedContent?] = []
        var start = 0
        while start < bytes.count {
            let end = min(start + size, bytes.count)
            snapshots.append(try parser.feed(bytes[start..<end]))
            start = end
        }
        return (snapshots, try parser.finish())
    }

    @Test(arguments: JSONDocuments.all)
    func everyChunkSizeGivesTheWholeParse(_ document: String) throws {
        let whole = try GeneratedContent(json: document)
        let bytes = Array(document.utf8)
        for size in 1...bytes.count {
            let (_, final) = try Self.stream(bytes, chunkSize: size)
            #expect(final == whole, "chunk size \(size)")
        }
    }

    @Test(arguments: JSONDocuments.all)
    func stringChunksSplitAtEveryCharacterGiveTheWholeParse(_ document: String) throws {
        var parser = PartialJSONParser()
        for character in document { _ = try parser.feed(String(character)) }
        #expect(try parser.finish() == GeneratedContent(json: document))
    }

    @Test(arguments: JSONDocuments.all)
    func eachSnapshotExtendsTheLastAndTheLastIsTheValue(_ document: String) throws {
        let (snapshots, final) = try Self.stream(Array(document.utf8), chunkSize: 1)
        var previous: GeneratedContent?
        for (index, snapshot) in snapshots.enumerated() {
            if let previous {
                #expect(snapshot?.extends(previous) == true, "byte \(index): \(String(describing: snapshot)) after \(previous)")
            }
            previous = snapshot ?? previous
        }
        if JSONDocuments.delimited.contains(document) { #expect(snapshots.last == final) }
    }

    @Test func snapshotsHeldByTheCallerStayIntact() throws {
        let document = JSONDocuments.delimited[12]
        var kept: [GeneratedContent?] = []
        var printed: [String] = []
        var parser = PartialJSONParser()
        for byte in document.utf8 {
            let snapshot = try parser.feed([byte])
            kept.append(snapshot)
            printed.append(snapshot?.jsonString ?? "nil")
        }
        #expect(kept.map { $0?.jsonString ?? "nil" } == printed)
    }

    @Test(arguments: JSONDocuments.delimited)
    func snapshotsKeptByTheCallerStayIntactAtEveryChunkSize(_ document: String) throws {
        let bytes = Array(document.utf8)
        for size in 1...min(bytes.count, 24) {
            var parser = PartialJSONParser()
            var kept: [(GeneratedContent?, String)] = []
            var start = 0
            while start < bytes.count {
                let end = min(start + size, bytes.count)
                let snapshot = try parser.feed(bytes[start..<end])
                kept.append((snapshot, snapshot?.jsonString ?? "nil"))
                kept.append((snapshot?.lastMemberForTest, snapshot?.lastMemberForTest?.jsonString ?? "nil"))
                #expect(parser.snapshot() == snapshot, "chunk size \(size), byte \(end)")
                start = end
            }
            _ = try parser.finish()
            for (index, (value, printed)) in kept.enumerated() {
                #expect((value?.jsonString ?? "nil") == printed, "chunk size \(size), snapshot \(index / 2)")
            }
        }
    }

    @Test(arguments: JSONDocuments.delimited)
    func aLentSnapshotIsTheOneFeedReturnsAtEveryChunkSize(_ document: String) throws {
        let bytes = Array(document.utf8)
        for size in 1...min(bytes.count, 24) {
            var lending = PartialJSONParser()
            var copying = PartialJSONParser()
            var kept: [(GeneratedContent?, String)] = []
            try bytes.withUnsafeBufferPointer { buffer in
                var start = 0
                while start < buffer.count {
                    let end = min(start + size, buffer.count)
                    let chunk = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    let expected = try copying.feed(chunk)
                    let lent = try lending.feed(chunk) { snapshot in
                        #expect(snapshot == expected, "chunk size \(size), byte \(end)")
                        return snapshot?.lastMemberForTest
                    }
                    kept.append((lent, lent?.jsonString ?? "nil"))
                    start = end
                }
            }
            #expect(try lending.finish() == copying.finish())
            for (index, (value, printed)) in kept.enumerated() {
                #expect((value?.jsonString ?? "nil") == printed, "chunk size \(size), snapshot \(index)")
            }
        }
    }

    @Test func plainTextChunksGoIntoTheOpenStringUpToTheStringLimit() throws {
        var parser = PartialJSONParser(limits: .init(maximumStringBytes: 8))
        #expect(try parser.feed(#"{"a": ["x"#) == .object([.init("a", .array([.string("x")]))]))
        #expect(try parser.feed("yz") == .object([.init("a", .array([.string("xyz")]))]))
        #expect(try parser.feed("01234") == .object([.init("a", .array([.string("xyz01234")]))]))
        #expect(throws: SchemaError.stringTooLong(limit: 8, offset: 7)) { try parser.feed("5") }
        #expect(throws: SchemaError.stringTooLong(limit: 8, offset: 7)) { try parser.feed("6") }
    }

    @Test(arguments: [
        #"{"a": 1, "b": {"c": "x", "c": "y"}}"#,
        #"[{"k": [1, 2], "k": 3}]"#,
        #"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"e":11}"#,
        #"{"ideas": [{"title": "Crane", "title": "Star"}]}"#,
        #"{"ideas": ["a\qb"]}"#,
        #"[{"a": "x"} 1]"#,
        #"{"a": [tru]}"#,
        #"["x", truth, 1]"#,
        "[t" + String(repeating: "x", count: 60) + "]",
    ])
    func errorsAreTheSameAtEveryChunkSize(_ document: String) throws {
        let expected = MalformedJSONTests.error(document)
        #expect(expected != nil)
        let bytes = Array(document.utf8)
        for size in 1...bytes.count {
            var parser = PartialJSONParser()
            var error: SchemaError?
            var start = 0
            do {
                while start < bytes.count {
                    _ = try parser.feed(bytes[start..<min(start + size, bytes.count)])
                    start += size
                }
                _ = try parser.finish()
            } catch let thrown as SchemaError {
                error = thrown
            }
            #expect(error == expected, "chunk size \(size)")
        }
    }

    @Test(arguments: MalformedJSONTests.messages)
    func messagesAreTheSameAtEveryChunkSize(_ document: String, _ message: String) {
        let bytes = Array(document.utf8)
        for size in 1...bytes.count {
            var found: String?
            do {
                _ = try Self.stream(bytes, chunkSize: size)
            } catch {
                found = "\(error)"
            }
            #expect(found == message, "chunk size \(size)")
        }
    }

    @Test(arguments: [1, 2, 5, 16, 17, 100])
    func aWideObjectIsReadAndItsRepeatedKeyRefusedAtAnyChunkSize(_ size: Int) throws {
        let members = (0..<300).map { #""k\#($0)": [\#($0), "v"]"# }.joined(separator: ", ")
        let document = Array(("{\"wide\": {" + members + "}}").utf8)
        let (_, final) = try Self.stream(document, chunkSize: size)
        #expect(final == (try GeneratedContent(jsonBytes: document)))
        #expect(final["wide"]?.objectMembers?.count == 300)

        let repeated = Array(("{\"wide\": {" + members + #", "k7": 0}}"#).utf8)
        let offset = repeated.count - #""k7": 0}}"#.utf8.count
        #expect(throws: SchemaError.duplicateKey("k7", offset: offset)) { try Self.stream(repeated, chunkSize: size) }
    }

    @Test(arguments: [
        (#"{"a": "hel"#, #"{"a":"hel"}"#),
        (#"[1, 2, {"b": [tr"#, #"[1,2,{"b":[]}]"#),
        (#"{"a""#, #"{}"#),
        (#"{"a":"#, #"{}"#),
        (#"{"a": 12"#, #"{}"#),
        (#"{"a": 12,"#, #"{"a":12}"#),
        (#"[12"#, #"[]"#),
        (#"["x", "#, #"["x"]"#),
        (#""abc\u00"#, #""abc""#),
        (#""ab\"#, #""ab""#),
        (#"["\ud83d"#, #"[""]"#),
        (#"{"ideas": [{"title": "Cr"#, #"{"ideas":[{"title":"Cr"}]}"#),
        (#"{"k": {"#, #"{"k":{}}"#),
    ])
    func snapshotShowsCompleteValuesAndTheOpenOnesSoFar(_ prefix: String, _ expected: String) throws {
        var parser = PartialJSONParser()
        let snapshot = try parser.feed(prefix)
        #expect(snapshot?.jsonString == expected)
        #expect(parser.snapshot()?.jsonString == expected)
    }

    @Test func nothingIsShownBeforeAValueBegins() throws {
        var parser = PartialJSONParser()
        #expect(try parser.feed("  \n") == nil)
        #expect(try parser.feed("12") == nil)
        #expect(try parser.feed("3 ") == .number("123"))
    }

    @Test func aCharacterSplitAcrossChunksAppearsWhenComplete() throws {
        var parser = PartialJSONParser()
        let bytes = Array("\"é😀\"".utf8)
        #expect(try parser.feed(bytes[0..<2]) == .string(""))
        #expect(try parser.feed(bytes[2..<3]) == .string("é"))
        #expect(try parser.feed(bytes[3..<6]) == .string("é"))
        #expect(try parser.feed(bytes[6..<8]) == .string("é😀"))
        #expect(try parser.finish() == .string("é😀"))
    }

    @Test func whitespaceAfterTheValueIsAccepted() throws {
        var parser = PartialJSONParser()
        _ = try parser.feed("[1]")
        #expect(parser.isComplete)
        #expect(try parser.feed(" \r\n\t") == .array([.number("1")]))
        #expect(try parser.finish() == .array([.number("1")]))
        #expect(parser.bytesConsumed == 7)
    }

    @Test func sequencesThatAreNotContiguousAreAccepted() throws {
        var parser = PartialJSONParser()
        _ = try parser.feed("[\"a\"".utf8.lazy.map { $0 })
        #expect(try parser.feed(Set([UInt8(ascii: "]")])) == .array([.string("a")]))
    }

    @Test func aTruncatedAnswerIsAnErrorThatSaysWhatIsMissing() throws {
        var parser = PartialJSONParser()
        _ = try parser.feed(#"{"ideas": [{"title": "Cra"#)
        #expect(throws: SchemaError.unexpectedEnd(offset: 25, expected: #"the rest of the string and its closing '"', with }]} still to close"#)) {
            try parser.finish()
        }
    }
}

extension GeneratedContent {
    /// The last element or member value, which a caller may keep apart from the snapshot holding it.
    fileprivate var lastMemberForTest: GeneratedContent? {
        arrayValue?.last ?? objectMembers?.last?.value
    }
}

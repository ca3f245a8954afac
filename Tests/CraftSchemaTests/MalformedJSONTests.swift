@testable import CraftSchema
import Testing

@Suite struct MalformedJSONTests {
    /// Parses `text` and returns the error, or nil when it parsed.
    static func error(_ text: String) -> SchemaError? {
        do {
            _ = try GeneratedContent(json: text)
            return nil
        } catch {
            return error as? SchemaError
        }
    }

    static func error(bytes: [UInt8]) -> SchemaError? {
        do {
            _ = try GeneratedContent(jsonBytes: bytes)
            return nil
        } catch {
            return error as? SchemaError
        }
    }

    @Test(arguments: JSONDocuments.delimited)
    func everyTruncationIsAnError(_ document: String) {
        let bytes = Array(document.utf8)
        for length in 0..<bytes.count where !bytes[length...].allSatisfy(PartialJSONParser.isWhitespace) {
            guard case .unexpectedEnd(let offset, _)? = Self.error(bytes: Array(bytes[..<length])) else {
                Issue.record("prefix of \(length) bytes did not end early: \(String(describing: Self.error(bytes: Array(bytes[..<length]))))")
                continue
            }
            #expect(offset == length)
        }
    }

    @Test(arguments: [
        ("{} x", SchemaError.trailingData(offset: 3)),
        ("[1]]", .trailingData(offset: 3)),
        (#""a" "b""#, .trailingData(offset: 4)),
        ("1 2", .trailingData(offset: 2)),
        ("true false", .trailingData(offset: 5)),
        ("nullx", .invalidLiteral("nullx", offset: 0)),
        ("[1,]", .trailingComma(before: "']'", offset: 2)),
        (#"{"a":1,}"#, .trailingComma(before: "'}'", offset: 6)),
        (#"{"a": ]"#, .unexpectedCharacter(
            "']'", offset: 6, expected: "a value (object, array, string, number, true, false or null)")),
        ("[,1]", .unexpectedCharacter("','", offset: 1, expected: "a value or ']'")),
        (#"{"a" 1}"#, .unexpectedCharacter("'1'", offset: 5, expected: "':'")),
        (#"{a:1}"#, .unexpectedCharacter("'a'", offset: 1, expected: "a key in double quotes or '}'")),
        ("[1 2]", .unexpectedCharacter("'2'", offset: 3, expected: "',' or ']'")),
        (#"{"a":1]"#, .unexpectedCharacter("']'", offset: 6, expected: "',' or '}'")),
        ("[1}", .unexpectedCharacter("'}'", offset: 2, expected: "',' or ']'")),
        ("tru", .unexpectedEnd(offset: 3, expected: "'true'")),
        ("trUe", .invalidLiteral("trUe", offset: 0)),
        ("'a'", .unexpectedCharacter(#""'""#, offset: 0, expected: "a value (object, array, string, number, true, false or null)")),
        ("", .unexpectedEnd(offset: 0, expected: "a value (object, array, string, number, true, false or null)")),
        (#"{"a":1,"a":2}"#, .duplicateKey("a", offset: 7)),
    ])
    func structuralMistakesAreReportedWithTheirOffset(_ text: String, _ expected: SchemaError) {
        #expect(Self.error(text) == expected)
    }

    /// Whole messages for the mistakes whose first wording pointed at the wrong thing (a complete number called
    /// unfinished, the first letter of a bare word called the problem), and their neighbours.
    static let messages: [(String, String)] = [
        ("[1", "the JSON ends early at byte 2: expected ',' or ']', with ] still to close (was the answer cut off?)"),
        ("[1 ", "the JSON ends early at byte 3: expected ',' or ']', with ] still to close (was the answer cut off?)"),
        ("[true", "the JSON ends early at byte 5: expected ',' or ']', with ] still to close (was the answer cut "
            + "off?)"),
        (#"{"a":[1"#,
         "the JSON ends early at byte 7: expected ',' or ']', with ]} still to close (was the answer cut off?)"),
        (#"{"a":-2.5e3"#,
         "the JSON ends early at byte 11: expected ',' or '}', with } still to close (was the answer cut off?)"),
        ("[1.", "the JSON ends early at byte 3: expected the rest of the number, with ] still to close (was the "
            + "answer cut off?)"),
        ("[1e", "the JSON ends early at byte 3: expected the rest of the number, with ] still to close (was the "
            + "answer cut off?)"),
        (#"["x", truth]"#, "invalid JSON at byte 6: truth is not a JSON value (true, false and null are the only "
            + "bare words; text needs double quotes)"),
        (#"["x", truth"#, "invalid JSON at byte 6: truth is not a JSON value (true, false and null are the only "
            + "bare words; text needs double quotes)"),
        ("[tru]", "invalid JSON at byte 1: tru is not a JSON value (true, false and null are the only bare words; "
            + "text needs double quotes)"),
        (#"["x", tr"#, "the JSON ends early at byte 8: expected 'true', with ] still to close (was the answer cut "
            + "off?)"),
        (#"{"ok": nul"#, "the JSON ends early at byte 10: expected 'null', with } still to close (was the answer "
            + "cut off?)"),
        ("[falsehood]", "invalid JSON at byte 1: falsehood is not a JSON value (true, false and null are the only "
            + "bare words; text needs double quotes)"),
        ("[yes, 1]", "invalid JSON at byte 1: yes is not a JSON value (true, false and null are the only bare "
            + "words; text needs double quotes)"),
        (#"{"done": True}"#, "invalid JSON at byte 9: True is not a JSON value (true, false and null are the only "
            + "bare words; text needs double quotes)"),
        ("[NaN]", "invalid JSON at byte 1: NaN is not a JSON value (true, false and null are the only bare words; "
            + "text needs double quotes)"),
        (#"{"ideas": ["crane", "star",]}"#, "invalid JSON at byte 26: a ',' right before ']', which JSON does not "
            + "allow: remove that comma"),
        (#"{"a": 1, }"#, "invalid JSON at byte 7: a ',' right before '}', which JSON does not allow: remove that "
            + "comma"),
    ]

    @Test(arguments: messages)
    func messagesNameWhatIsWrongAndWhatIsMissing(_ text: String, _ message: String) {
        #expect(Self.error(text).map { "\($0)" } == message)
    }

    @Test func aLongBadWordIsShownCut() {
        let word = "t" + String(repeating: "x", count: 100)
        #expect(Self.error("[\(word)]") == .invalidLiteral(String(word.prefix(40)) + "…", offset: 1))
    }

    @Test(arguments: ["01", "1.", "-", "+1", ".5", "1e", "1e+", "--1", "1.2.3", "-a", "1.e3", "0x10", "[1.]"])
    func malformedNumbersAreErrors(_ text: String) {
        let error = Self.error(text)
        #expect(error != nil, "\(text) parsed")
        switch error {
        case .invalidNumber?, .unexpectedCharacter?, .trailingData?: break
        default:
            Issue.record("\(text): \(String(describing: error))")
        }
    }

    @Test(arguments: [
        (#""\x""#, SchemaError.invalidEscape(#"\x"#, offset: 1)),
        (#""ok \'""#, .invalidEscape(#"\'"#, offset: 4)),
        (#""\U0041""#, .invalidEscape(#"\U"#, offset: 1)),
        (#""\u12G4""#, .invalidEscape(#"\u12G"#, offset: 1)),
        (#""\u""#, .invalidEscape(#"\u""#, offset: 1)),
    ])
    func invalidEscapesAreErrors(_ text: String, _ expected: SchemaError) {
        #expect(Self.error(text) == expected)
    }

    @Test(arguments: [
        (#""\ud800""#, SchemaError.loneSurrogate(#"\uD800"#, offset: 7)),
        (#""\ud800x""#, .loneSurrogate(#"\uD800"#, offset: 7)),
        (#""\udc00""#, .loneSurrogate(#"\uDC00"#, offset: 1)),
        (#""\ud800\u0041""#, .loneSurrogate(#"\uD800"#, offset: 1)),
        (#""\ud800\ud800""#, .loneSurrogate(#"\uD800"#, offset: 1)),
        (#""\ud800\n""#, .loneSurrogate(#"\uD800"#, offset: 8)),
    ])
    func loneSurrogatesAreErrors(_ text: String, _ expected: SchemaError) {
        #expect(Self.error(text) == expected)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22],
        [0x22, 0xC0, 0x80, 0x22],
        [0x22, 0xED, 0xA0, 0x80, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
        [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0xE2, 0x82, 0x22],
        [0x22, 0x80, 0x22],
    ] as [[UInt8]])
    func invalidUTF8IsAnError(_ bytes: [UInt8]) {
        guard case .invalidUTF8? = Self.error(bytes: bytes) else {
            Issue.record("\(bytes): \(String(describing: Self.error(bytes: bytes)))")
            return
        }
    }

    @Test func controlCharactersInStringsMustBeEscaped() {
        #expect(Self.error("\"a\u{01}b\"") == .controlCharacter(1, offset: 2))
        #expect(Self.error("\"line\nbreak\"") == .controlCharacter(10, offset: 5))
    }

    @Test(arguments: ["[", "{\"a\":", "[{\"a\":"])
    func tenThousandLevelsOfNestingAreRefusedAtTheLimit(_ opener: String) {
        let text = String(repeating: opener, count: 10_000)
        let error = Self.error(text)
        guard case .tooDeep(let limit, _)? = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(limit == 256)
        let closed = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(Self.error(closed) == .tooDeep(limit: 256, offset: 256))
    }

    @Test func nestingUpToTheLimitParses() throws {
        let text = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        var value = try GeneratedContent(json: text)
        var depth = 0
        while case .array(let elements) = value {
            depth += 1
            value = elements.first ?? .null
        }
        #expect(depth == 256)
    }

    @Test func tenMegabyteStringsAreRefusedByDefaultAndParseWhenAllowed() throws {
        let big = "\"" + String(repeating: "origami ", count: 10 * 1024 * 1024 / 8) + "\""
        #expect(Self.error(big) == .stringTooLong(limit: 1 << 20, offset: 0))
        var parser = PartialJSONParser(limits: .init(maximumStringBytes: 16 << 20))
        let bytes = Array(big.utf8)
        var start = 0
        while start < bytes.count {
            _ = try parser.feed(bytes[start..<min(start + 4096, bytes.count)])
            start += 4096
        }
        #expect(try parser.finish().stringValue?.utf8.count == 10 * 1024 * 1024)
    }

    @Test func anErrorIsStickyAndMessagesNameTheByte() throws {
        var parser = PartialJSONParser()
        #expect(throws: SchemaError.trailingData(offset: 2)) { try parser.feed("{}x") }
        #expect(throws: SchemaError.trailingData(offset: 2)) { try parser.feed(" ") }
        #expect(throws: SchemaError.trailingData(offset: 2)) { try parser.finish() }
        #expect("\(SchemaError.trailingData(offset: 2))" == "invalid JSON at byte 2: more text follows the complete value")
        #expect("\(SchemaError.invalidUTF8(offset: 1))" == "invalid JSON at byte 1: the text is not valid UTF-8")
        #expect(SchemaError.tooDeep(limit: 256, offset: 256).exitStatus == .dataError)
    }
}

@testable import CraftSchema
import Foundation
import Testing

@Suite struct GeneratedContentTests {
    @Test func objectsKeepKeyOrderAndNumbersKeepTheirText() throws {
        let value = try GeneratedContent(json: #"{"z": 1.50, "a": -0, "m": [6.02E23, 1e-7, 0.0]}"#)
        #expect(value.objectMembers?.map(\.key) == ["z", "a", "m"])
        #expect(value["z"] == .number("1.50"))
        #expect(value["a"] == .number("-0"))
        #expect(value["m"] == .array([.number("6.02E23"), .number("1e-7"), .number("0.0")]))
        #expect(value.jsonString == #"{"z":1.50,"a":-0,"m":[6.02E23,1e-7,0.0]}"#)
    }

    @Test func everyEscapeIsDecoded() throws {
        let value = try GeneratedContent(json: #""\" \\ \/ \b \f \n \r \t \u0041\u00E9\u4e2d \ud83d\ude00 \u0000""#)
        #expect(value == .string("\" \\ / \u{08} \u{0C} \n \r \t Aé中 😀 \u{00}"))
    }

    @Test func theSerializerEscapesOnlyWhatJSONRequires() {
        let value = GeneratedContent.string("quote \" backslash \\ slash / tab \t newline \n bell \u{07} é 😀")
        #expect(value.jsonString == #""quote \" backslash \\ slash / tab \t newline \n bell \u0007 é 😀""#)
        #expect(GeneratedContent.string("\u{1F}\u{08}\u{0C}\r").jsonString == #""\u001f\b\f\r""#)
    }

    @Test(arguments: JSONDocuments.all)
    func serializingAndParsingAgainGivesTheSameValue(_ document: String) throws {
        let value = try GeneratedContent(json: document)
        #expect(try GeneratedContent(json: value.jsonString) == value)
        #expect(try GeneratedContent(json: value.prettyJSONString) == value)
        #expect(value.description == value.jsonString)
    }

    @Test func prettyTextIndentsByTwoSpaces() throws {
        let value = try GeneratedContent(json: #"{"a":[1,{}],"b":{}}"#)
        #expect(value.prettyJSONString == "{\n  \"a\": [\n    1,\n    {}\n  ],\n  \"b\": {}\n}")
    }

    @Test func accessorsReadTheValueOrNil() throws {
        let value = try GeneratedContent(json: #"{"n": 3.0, "x": 2.5, "s": "t", "b": false, "l": [null], "o": {}}"#)
        #expect(value["n"]?.intValue == 3)
        #expect(value["x"]?.intValue == nil)
        #expect(value["x"]?.doubleValue == 2.5)
        #expect(value["s"]?.stringValue == "t")
        #expect(value["s"]?.intValue == nil)
        #expect(value["b"]?.boolValue == false)
        #expect(value["l"]?[0]?.isNull == true)
        #expect(value["l"]?[1] == nil)
        #expect(value["o"]?.objectMembers?.isEmpty == true)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(GeneratedContent.string("s")["key"] == nil)
    }

    @Test func kindsAreDescribedForMessages() {
        #expect(GeneratedContent.string("Photo_zz9").kindDescription == #"a string ("Photo_zz9")"#)
        #expect(GeneratedContent.number("2.5").kindDescription == "the number 2.5")
        #expect(GeneratedContent.array([.null, .null]).kindDescription == "an array of 2")
        #expect(GeneratedContent.object([]).kindDescription == "an object")
        #expect(GeneratedContent.bool(true).kindDescription == "true")
        #expect(GeneratedContent.null.kindDescription == "null")
        #expect(GeneratedContent.string(String(repeating: "x", count: 100)).kindDescription.count < 80)
    }

    @Test func propertiesLeaveOutAbsentValues() {
        let value = GeneratedContent(properties: ["a": .bool(true), "b": nil, "c": .null])
        #expect(value.jsonString == #"{"a":true,"c":null}"#)
    }

    @Test func objectsFromRunTimePairsKeepTheirOrderAndDropNils() {
        let pairs: [(String, GeneratedContent?)] = [("z", GeneratedContent(1)), ("a", nil),
                                                    ("m", .array([.bool(true), .null, GeneratedContent(0.5)]))]
        #expect(GeneratedContent.object(pairs).jsonString == #"{"z":1,"m":[true,null,0.5]}"#)
    }

    @Test func jsonTextIsSplicedOnlyWhenItParses() {
        let schema = #"{"b":{"type":"string"},"a":[1.50,-0]}"#
        #expect(GeneratedContent(jsonOrString: schema).jsonString == schema)
        #expect(GeneratedContent(jsonOrString: "not json") == .string("not json"))
        #expect(GeneratedContent(jsonOrString: #"{"a":1"#) == .string(#"{"a":1"#))
    }

    @Test func jsonLinesAlsoEscapeTheUnicodeLineSeparators() throws {
        let value = GeneratedContent.object([("t\u{2028}", .string("a\u{2028}b\u{2029}c\n"))])
        #expect(value.jsonLine == #"{"t\u2028":"a\u2028b\u2029c\n"}"#)
        #expect(value.jsonString == "{\"t\u{2028}\":\"a\u{2028}b\u{2029}c\\n\"}")
        #expect(try GeneratedContent(json: value.jsonLine) == value)
    }

    @Test func numbersFromSwiftValuesAreWrittenShortest() {
        #expect(GeneratedContent(3) == .number("3"))
        #expect(GeneratedContent(3.0) == .number("3"))
        #expect(GeneratedContent(-0.25) == .number("-0.25"))
        #expect(GeneratedContent(1e300) == .number("1e+300"))
        #expect(GeneratedContent(Double.nan) == .null)
    }

    @Test func codableWritesTheJSONValueItself() throws {
        let value = try GeneratedContent(json: #"{"title":"Crane","count":3,"ratio":0.5,"done":true,"tags":["a",null]}"#)
        let data = try JSONEncoder().encode(value)
        let reparsed = try GeneratedContent(jsonBytes: data)
        #expect(Set(reparsed.objectMembers ?? []) == Set(value.objectMembers ?? []))
        let decoded = try JSONDecoder().decode(GeneratedContent.self, from: data)
        #expect(decoded["tags"] == .array([.string("a"), .null]))
        #expect(decoded["count"] == .number("3"))
        #expect(decoded["ratio"] == .number("0.5"))
        #expect(decoded["done"] == .bool(true))
        #expect(decoded["title"] == .string("Crane"))
    }
}

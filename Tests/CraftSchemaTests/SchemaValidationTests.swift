@testable import CraftCore
@testable import CraftSchema
import Testing

@Suite struct SchemaValidationTests {
    static func messages(_ schema: GenerationSchema, _ json: String) throws -> [String] {
        schema.validate(try GeneratedContent(json: json)).map(\.description)
    }

    static func list(_ guide: GenerationGuide) -> GenerationSchema {
        .object("List", [.init("items", schema: [Int].generationSchema.guided(by: [guide]))])
    }

    @Test(arguments: [
        (GenerationGuide.minimumCount(3), "[1,2]", "items: expected at least 3 items, got 2", "[1,2,3]"),
        (.maximumCount(1), "[1,2]", "items: expected at most 1 item, got 2", "[]"),
        (.count(2), "[1]", "items: expected exactly 2 items, got 1", "[1,2]"),
        (.count(2...3), "[1,2,3,4]", "items: expected 2 to 3 items, got 4", "[1,2,3]"),
        (.count(2...3), "[1]", "items: expected 2 to 3 items, got 1", "[1,2]"),
    ])
    func countGuidesAreChecked(_ guide: GenerationGuide, _ invalid: String, _ message: String, _ valid: String) throws {
        #expect(try Self.messages(Self.list(guide), #"{"items":\#(invalid)}"#) == [message])
        #expect(try Self.messages(Self.list(guide), #"{"items":\#(valid)}"#).isEmpty)
    }

    @Test func numericGuidesAreChecked() throws {
        let schema = GenerationSchema.object("Numbers", [
            .init("low", Int.self, .minimum(1)),
            .init("high", Int.self, .maximum(5)),
            .init("both", Double.self, .range(0.0...1.0)),
            .init("whole", Int.self),
        ])
        #expect(try Self.messages(schema, #"{"low":0,"high":6,"both":1.5,"whole":2.5}"#) == [
            "low: expected at least 1, got 0",
            "high: expected at most 5, got 6",
            "both: expected 0 to 1, got 1.5",
            "whole: expected an integer, got the number 2.5",
        ])
        #expect(try Self.messages(schema, #"{"low":1,"high":5,"both":0.0,"whole":3.0}"#).isEmpty)
        #expect(try Self.messages(schema, #"{"low":1,"high":5,"both":1e999,"whole":1}"#) == ["both: 1e999 is out of range for a number"])
    }

    @Test func stringGuidesAreChecked() throws {
        let schema = GenerationSchema.object("Strings", [
            .init("image", String.self, .anyOf(["Photo_a1b2c3", "Photo_d4e5f6"])),
            .init("kind", String.self, .constant("tutorial")),
            .init("code", String.self, .pattern("^[A-Z]{2}[0-9]+$")),
            .init("broken", String.self, .pattern("(")),
            .init("none", String.self, .anyOf([])),
            .init("short", String.self, .maximumLength(5)),
        ])
        let answer = #"{"image":"Photo_zz9","kind":"idea","code":"ab12","broken":"x","none":"y","short":"sixsix"}"#
        #expect(try Self.messages(schema, answer) == [
            #"image: "Photo_zz9" is not one of Photo_a1b2c3, Photo_d4e5f6"#,
            #"kind: "idea" is not "tutorial""#,
            #"code: "ab12" does not match /^[A-Z]{2}[0-9]+$/"#,
            "broken: the schema's pattern /(/ is not a valid regular expression",
            #"none: "y" is not allowed: there are no choices"#,
            "short: expected at most 5 characters, got 6",
        ])
        let partial = #"{"image":"Photo_d4e5f6","kind":"tutorial","code":"AB12","short":"five!"}"#
        #expect(try Self.messages(schema.resolving([:]), partial) == [
            "broken: missing (a required property of Strings)", "none: missing (a required property of Strings)",
        ])
    }

    @Test func kindsMissingAndUnknownPropertiesAreChecked() throws {
        let schema = GenerationSchema.object("Kinds", [
            .init("text", String.self),
            .init("flag", Bool.self),
            .init("list", [String].self),
            .init("child", schema: .object("Child", [.init("n", Int.self)])),
            .init("maybe", String?.self),
        ])
        #expect(try Self.messages(schema, #"{"text":3,"flag":"yes","list":{},"child":[],"extra":1}"#) == [
            "text: expected a string, got the number 3",
            #"flag: expected true or false, got a string ("yes")"#,
            "list: expected an array, got an object",
            "child: expected an object, got an array of 0",
            "extra: not a property of Kinds (it has text, flag, list, child, maybe)",
        ])
        #expect(try Self.messages(schema, #"{"text":null,"flag":true,"list":[1],"child":{"n":null},"maybe":null}"#) == [
            "text: expected a string, got null",
            "list[0]: expected a string, got the number 1",
            "child.n: expected an integer, got null",
        ])
        #expect(try Self.messages(schema, #"{"flag":true,"list":[],"child":{}}"#) == [
            "text: missing (a required property of Kinds)",
            "child.n: missing (a required property of Child)",
        ])
        #expect(try Self.messages(schema, "[]") == ["expected an object, got an array of 0"])
    }

    @Test func nestedPathsNameEveryLevel() throws {
        let schema = ImageAnalysisList.generationSchema.resolving(["ImageReference": ["Photo_a1b2c3", "Photo_d4e5f6"]])
        let answer = #"{"images":[{"image":"Photo_a1b2c3","analysis":"Paper.","typeOfImage":"craft supplies"},"#
            + #"{"image":"Photo_zz9","analysis":"A crane.","typeOfImage":"a finished craft piece"}]}"#
        #expect(try Self.messages(schema, answer) == [#"images[1].image: "Photo_zz9" is not one of Photo_a1b2c3, Photo_d4e5f6"#])
    }

    @Test func theErrorListsEveryViolationAndIsADataError() {
        let error = SchemaError.violations([
            SchemaViolation(path: "ideas", "expected at least 3 items, got 2"),
            SchemaViolation(path: "ideas[1].title", "missing (a required property of BrainstormIdea)"),
        ])
        #expect("\(error)" == """
            the answer breaks its schema in 2 places:
              - ideas: expected at least 3 items, got 2
              - ideas[1].title: missing (a required property of BrainstormIdea)
            """)
        #expect("\(SchemaError.violations([SchemaViolation("expected an object, got null")]))"
            == "the answer breaks its schema: expected an object, got null")
        #expect(error.exitStatus == .dataError)
        #expect(!error.isSyntaxError && SchemaError.trailingData(offset: 1).isSyntaxError)
        #expect(SchemaError.trailingData(offset: 1).violations.map(\.description)
            == ["invalid JSON at byte 1: more text follows the complete value"])
    }

    @Test func violationPathsComposeFromTheInsideOut() {
        let leaf = SchemaViolation("bad")
        #expect(leaf.inside(key: "title").inside(index: 2).inside(key: "ideas").description == "ideas[2].title: bad")
        #expect(leaf.inside(index: 0).inside(index: 1).description == "[1][0]: bad")
        #expect(leaf.inside(index: 0).inside(key: "a").description == "a[0]: bad")
    }
}

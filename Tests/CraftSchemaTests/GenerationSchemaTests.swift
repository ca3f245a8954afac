@testable import CraftCore
@testable import CraftSchema
import Testing

@Suite struct GenerationSchemaTests {
    /// One property of every kind and guide, some optional.
    static let sample = GenerationSchema.object("Sample", description: "Every kind", [
        .init("name", String.self, description: "A name", .pattern("^[A-Z]")),
        .init("mood", String?.self, .anyOf(["calm", "busy"])),
        .init("kind", String.self, .constant("sample")),
        .init("rating", Int.self, .range(1...5)),
        .init("weight", Double?.self, .minimum(0.5)),
        .init("tags", [String].self, .count(2)),
        .init("photo", ImageReference.self, .description("Which photo")),
        .init("child", schema: GenerationSchema.object("Child", [.init("ok", Bool.self)]).nullable()),
        .init("note", String.self, .maximumLength(40)),
    ])

    @Test func plainDialectLeavesOptionalPropertiesOutOfRequired() throws {
        let expected = #"""
            {"type":"object","description":"Every kind","properties":{
            "name":{"type":"string","description":"A name","pattern":"^[A-Z]"},
            "mood":{"type":"string","enum":["calm","busy"]},
            "kind":{"type":"string","const":"sample"},
            "rating":{"type":"integer","minimum":1,"maximum":5},
            "weight":{"type":"number","minimum":0.5},
            "tags":{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2},
            "photo":{"type":"string","description":"Which photo"},
            "child":{"type":"object","properties":{"ok":{"type":"boolean"}},"required":["ok"],
            "additionalProperties":false},
            "note":{"type":"string","maxLength":40}},
            "required":["name","kind","rating","tags","photo","note"],"additionalProperties":false}
            """#
        #expect(try GeneratedContent(json: Self.sample.jsonSchema(.plain)) == GeneratedContent(json: expected))
    }

    @Test func strictDialectRequiresEverythingAndMakesOptionalsNullable() throws {
        let expected = #"""
            {"type":"object","description":"Every kind","properties":{
            "name":{"type":"string","description":"A name","pattern":"^[A-Z]"},
            "mood":{"type":["string","null"],"enum":["calm","busy",null]},
            "kind":{"type":"string","enum":["sample"]},
            "rating":{"type":"integer","minimum":1,"maximum":5},
            "weight":{"type":["number","null"],"minimum":0.5},
            "tags":{"type":"array","items":{"type":"string"},"minItems":2,"maxItems":2},
            "photo":{"type":"string","description":"Which photo"},
            "child":{"type":["object","null"],"properties":{"ok":{"type":"boolean"}},"required":["ok"],
            "additionalProperties":false},
            "note":{"type":"string"}},
            "required":["name","mood","kind","rating","weight","tags","photo","child","note"],
            "additionalProperties":false}
            """#
        #expect(try GeneratedContent(json: Self.sample.jsonSchema(.openAIStrict)) == GeneratedContent(json: expected))
    }

    @Test func theRenderedTextIsCompactJSON() {
        let text = Self.sample.jsonSchema(.plain)
        #expect(!text.contains(" \"") && !text.contains("\n"))
        #expect(text.hasPrefix(#"{"type":"object","description":"Every kind","properties":{"name":"#))
    }

    @Test func promptDescriptionOutlinesTheShapeWithGuidesInWords() {
        let expected = """
            // Every kind
            {
              // A name (matching /^[A-Z]/)
              "name": string,
              // (optional)
              "mood": "calm" | "busy" | null,
              "kind": "sample",
              // (1 to 5)
              "rating": integer,
              // (optional, at least 0.5)
              "weight": number | null,
              // (exactly 2 items)
              "tags": [string, …],
              // Which photo
              "photo": string,
              // (optional)
              "child": {
                "ok": true | false
              },
              // (at most 40 characters)
              "note": string
            }
            """
        #expect(Self.sample.promptDescription == expected)
    }

    @Test func resolvingFillsNamedChoicesEverywhereAndLeavesOthersFree() throws {
        let schema = GenerationSchema.object("Pair", [
            .init("first", ImageReference.self),
            .init("all", [ImageReference].self),
            .init("other", schema: .dynamicChoices("Other")),
        ])
        let resolved = schema.resolving(["ImageReference": ["Photo_a1b2c3", "Photo_d4e5f6"]])
        let json = try GeneratedContent(json: resolved.jsonSchema(.plain))
        #expect(json["properties"]?["first"]?["enum"] == .array([.string("Photo_a1b2c3"), .string("Photo_d4e5f6")]))
        #expect(json["properties"]?["all"]?["items"]?["enum"]?.arrayValue?.count == 2)
        #expect(json["properties"]?["other"] == .object([.init("type", .string("string"))]))
        #expect(try GeneratedContent(json: schema.jsonSchema(.plain))["properties"]?["first"]?["enum"] == nil)
        #expect(schema.validate(.object([.init("first", .string("anything")), .init("all", .array([])),
                                         .init("other", .string("x"))])).isEmpty)
    }

    @Test func guidesNarrowTheKind() {
        #expect([String].generationSchema.guided(by: [.count(1...4)]).kind
            == .array(items: String.generationSchema, minimumCount: 1, maximumCount: 4))
        #expect([Int].generationSchema.guided(by: [.minimumCount(2), .maximumCount(3)]).kind
            == .array(items: Int.generationSchema, minimumCount: 2, maximumCount: 3))
        #expect(Int.generationSchema.guided(by: [.range(0.5...9.5)]).kind == .integer(minimum: 1, maximum: 9))
        #expect(Int.generationSchema.guided(by: [.maximum(4)]).kind == .integer(minimum: nil, maximum: 4))
        #expect(Double.generationSchema.guided(by: [.range(0.0...1.0)]).kind == .number(minimum: 0, maximum: 1))
        #expect(String.generationSchema.guided(by: [.dynamicChoices("X")]).kind == .string(.dynamicChoices("X")))
        #expect(String.generationSchema.guided(by: [.description("d")]).description == "d")
    }

    @Test func theResponseFormatCarriesEveryForm() {
        let format = Self.sample.responseFormat
        #expect(format.name == "Sample")
        #expect(format.plainJSONSchema == Self.sample.jsonSchema(.plain))
        #expect(format.strictJSONSchema == Self.sample.jsonSchema(.openAIStrict))
        #expect(format.promptDescription == Self.sample.promptDescription)
    }

    @Test func standardTypesHaveTheirJSONTypes() throws {
        #expect(String.generationSchema.jsonSchema(.plain) == #"{"type":"string"}"#)
        #expect(Int.generationSchema.jsonSchema(.plain) == #"{"type":"integer"}"#)
        #expect(Double.generationSchema.jsonSchema(.plain) == #"{"type":"number"}"#)
        #expect(Bool.generationSchema.jsonSchema(.plain) == #"{"type":"boolean"}"#)
        #expect([Bool].generationSchema.jsonSchema(.plain) == #"{"type":"array","items":{"type":"boolean"}}"#)
        #expect(Int?.generationSchema.jsonSchema(.openAIStrict) == #"{"type":["integer","null"]}"#)
        #expect(Int?.generationSchema.isNullable && !Int.generationSchema.isNullable)
    }
}

@testable import CraftSchema
import CraftTesting
import Foundation
import Testing

@Suite struct CompactGrammarTests {
    /// Every kind and guide the grammar carries: an optional choice between two required properties, a constant, an
    /// integer range, a counted array, a nested object, a capped text and a free one.
    static let schema = GenerationSchema.object("Sample", [
        .init("note", String.self, .maximumLength(12)),
        .init("mood", String?.self, .anyOf(["calm", "busy \"loud\""])),
        .init("kind", String.self, .constant("sample")),
        .init("rating", Int.self, .range(1...3)),
        .init("tags", [String].self, .count(1...2)),
        .init("child", schema: GenerationSchema.object("Child", [.init("ok", Bool.self)])),
        .init("step", Int.self, .minimum(1)),
    ])

    @Test func aSchemaBecomesAGrammarOfOneLineJSONInLlamaCppsPropertyOrder() throws {
        let grammar = try #require(Self.schema.compactJSONGrammar)
        let root = #"""
            root ::= "{" "\"note\": " "\"" char{0,12} "\"" ", \"kind\": " "\"sample\"" ", \"rating\": " \#
            ("1" | "2" | "3") ", \"tags\": " "[" "\"" char* "\"" (", " "\"" char* "\""){0,1} "]" ", \"child\": " "{" \#
            "\"ok\": " ("true" | "false") "}" ", \"step\": " [1-9] [0-9]{0,15} (", \"mood\": " ("\"calm\"" | \#
            "\"busy \\\"loud\\\"\""))? "}"
            """#
        #expect(grammar.split(separator: "\n").first.map(String.init) == root)
        #expect(grammar.contains(#"char ::= [^"\\\x7F\x00-\x1F\u2E80-\u9FFF"#))
        #expect(grammar.hasSuffix(#"\U00020000-\U0003FFFF] | [\\] (["\\/bfnrt] | "u" [0-9a-fA-F]{4})"# + "\n"))
    }

    @Test func itAcceptsOneLineAnswersAndRefusesOtherLayoutsAndBrokenGuides() throws {
        let matcher = try GrammarMatcher(try #require(Self.schema.compactJSONGrammar))
        let good = #"{"note": "short", "kind": "sample", "rating": 2, "tags": ["a", "b"], "child": {"ok": true}, "#
            + #""step": 12}"#
        #expect(matcher.accepts(good))
        let unclosed = String(good.dropLast()), unopened = String(good.dropFirst())
        #expect(matcher.accepts(unclosed + #", "mood": "busy \"loud\""}"#), "the optional property, at the end")
        #expect(matcher.accepts(good.replacingOccurrences(of: "short", with: #"a \"quote\" \u00e9"#)))
        let refused: [String] = [
            good.replacingOccurrences(of: #"{"note""#, with: "{\n  \"note\""),  // layout
            good.replacingOccurrences(of: #""note": "#, with: #""note":"#),  // no space after a colon
            good.replacingOccurrences(of: #"", "kind""#, with: #"","kind""#),  // no space after a comma
            good.replacingOccurrences(of: #""note": "#, with: #""note":  "#),  // two spaces
            good.replacingOccurrences(of: "short", with: "thirteen char"),  // over its length guide
            good.replacingOccurrences(of: #""rating": 2"#, with: #""rating": 4"#),  // out of range
            good.replacingOccurrences(of: #"["a", "b"]"#, with: #"["a", "b", "c"]"#),  // too many items
            good.replacingOccurrences(of: #"["a", "b"]"#, with: "[]"),  // too few
            good.replacingOccurrences(of: #""step": 12"#, with: #""step": 0"#),  // under its minimum
            good.replacingOccurrences(of: #""kind": "sample", "#, with: ""),  // a required property missing
            #"{"mood": "calm", "# + unopened,  // the optional property out of llama.cpp's order
            unclosed + #", "mood": "sad"}"#,  // not one of the choices
            unclosed + #", "extra": 1}"#,  // a property the schema does not name
            good + " ",  // anything after the answer
        ]
        for answer in refused { #expect(!matcher.accepts(answer), "\(answer)") }
    }

    /// origami answers in English: the small model's drift into Chinese mid-sentence is cut off by the grammar,
    /// while accented letters, dashes, quotes, degrees and emoji pass.
    @Test func aTextMayHoldAnyEnglishOrAccentedCharacterButNoChineseJapaneseOrKorean() throws {
        let matcher = try GrammarMatcher(try #require(Self.schema.compactJSONGrammar))
        let answer = { (note: String) in
            #"{"note": "\#(note)", "kind": "sample", "rating": 2, "tags": ["a"], "child": {"ok": true}, "step": 1}"#
        }
        for note in ["crème brûlée", "fold – then", "“cup” 90°", "naïve ½ ✂️", "Ærø ß ğ"] {
            #expect(matcher.accepts(answer(note)), "\(note)")
        }
        // Ideographs (common and extension B), kana, Hangul, CJK and full-width punctuation.
        for note in ["a ruler to测", "into a杯", "折り紙", "カップ", "종이", "cup。", "cup，", "𠀋"] {
            #expect(!matcher.accepts(answer(note)), "\(note)")
        }
    }

    @Test func aPropertyGivenOnlyWhenTheLastRequiredOneIsTrueFollowsATrueAndOnlyATrue() throws {
        let schema = GenerationSchema.object("Verdict", [
            .init("note", String.self),
            .init("done", Bool.self),
            .init("praise", String?.self).onlyWhenTrue("done"),
            .init("tip", String?.self),
        ])
        let matcher = try GrammarMatcher(try #require(schema.compactJSONGrammar))
        #expect(matcher.accepts(#"{"note": "n", "done": true, "praise": "well done", "tip": "t"}"#))
        #expect(matcher.accepts(#"{"note": "n", "done": true, "praise": "well done"}"#))
        // After a true it must come: a complete verdict without its message is not an answer.
        #expect(!matcher.accepts(#"{"note": "n", "done": true}"#))
        #expect(!matcher.accepts(#"{"note": "n", "done": true, "tip": "t"}"#))
        #expect(matcher.accepts(#"{"note": "n", "done": false, "tip": "t"}"#))
        #expect(matcher.accepts(#"{"note": "n", "done": false}"#))
        #expect(!matcher.accepts(#"{"note": "n", "done": false, "praise": "well done"}"#))
        #expect(!matcher.accepts(#"{"note": "n", "done": false, "praise": "", "tip": "t"}"#))
        // A condition on a property that is not the last required Boolean is left to the description.
        let loose = GenerationSchema.object("Loose", [
            .init("done", Bool.self), .init("note", String.self), .init("praise", String?.self).onlyWhenTrue("done"),
        ])
        #expect(try GrammarMatcher(try #require(loose.compactJSONGrammar))
            .accepts(#"{"done": false, "note": "n", "praise": "p"}"#))
    }

    @Test func guidesTheGrammarCannotCarryLeaveTheJSONSchemaToDoIt() {
        let named = GenerationSchema.object("P", [.init("name", String.self, .pattern("^[A-Z]"))])
        #expect(named.compactJSONGrammar == nil)
        #expect(GenerationSchema.object("W", [.init("weight", Double.self, .minimum(0.5))]).compactJSONGrammar == nil)
        #expect(GenerationSchema.object("O", [.init("maybe", String?.self)]).compactJSONGrammar == nil)
        #expect(GenerationSchema.object("R", [.init("count", Int.self, .range(1...1000))]).compactJSONGrammar == nil)
        #expect(GenerationSchema.object("N", [.init("weight", Double.self)]).compactJSONGrammar != nil)
    }
}

@testable import CraftCore
@testable import CraftSchema
import Testing

@Suite struct GenerableTests {
    static func violations(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as SchemaError {
            return error.violations.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func standardTypesDecodeAndEncode() throws {
        #expect(try String(.string("a")) == "a")
        #expect(try Int(.number("3.0")) == 3)
        #expect(try Double(.number("-2.5e1")) == -25)
        #expect(try Bool(.bool(true)))
        #expect(try [Int](.array([.number("1"), .number("2")])) == [1, 2])
        #expect(try Int?(.null) == nil)
        #expect(try Int?(.number("4")) == 4)
        #expect("a".generatedContent == .string("a"))
        #expect(7.generatedContent == .number("7"))
        #expect(0.5.generatedContent == .number("0.5"))
        #expect(false.generatedContent == .bool(false))
        #expect([1, 2].generatedContent == .array([.number("1"), .number("2")]))
        #expect((nil as Int?).generatedContent == .null)
    }

    @Test func standardTypesRejectOtherKindsWithTheirPath() {
        #expect(Self.violations { _ = try String(.number("3")) } == ["expected a string, got the number 3"])
        #expect(Self.violations { _ = try Int(.number("2.5")) } == ["expected an integer, got the number 2.5"])
        #expect(Self.violations { _ = try Double(.string("x")) } == [#"expected a number, got a string ("x")"#])
        #expect(Self.violations { _ = try Bool(.null) } == ["expected true or false, got null"])
        #expect(Self.violations { _ = try [Bool](.array([.bool(true), .number("1")])) } == ["[1]: expected true or false, got the number 1"])
        #expect(Self.violations { _ = try [String](.object([])) } == ["expected an array, got an object"])
    }

    @Test func thePropertyReaderReportsPathsAndMissingKeys() {
        #expect(Self.violations { _ = try BrainstormIdea(.object([.init("title", .string("t"))])) } == ["description: missing"])
        #expect(Self.violations { _ = try BrainstormIdea(.string("t")) } == [#"expected an object (BrainstormIdea), got a string ("t")"#])
        let list = GeneratedContent.object([.init("ideas", .array([
            .object([.init("title", .string("a")), .init("description", .string("b"))]),
            .object([.init("title", .number("2")), .init("description", .string("b"))]),
        ]))])
        #expect(Self.violations { _ = try BrainstormIdeaList(list) } == ["ideas[1].title: expected a string, got the number 2"])
    }

    @Test func decodeChecksTheSchemaBeforeTheInitializer() throws {
        let twoIdeas = #"{"ideas":[{"title":"a","description":"b"},{"title":"c","description":"d"}]}"#
        #expect(try BrainstormIdeaList(GeneratedContent(json: twoIdeas)).ideas.count == 2)
        #expect(Self.violations { _ = try BrainstormIdeaList.decode(json: twoIdeas) } == ["ideas: expected at least 3 items, got 2"])
        #expect(Self.violations { _ = try BrainstormIdeaList.decode(json: "{\"ideas\": [") }
            == ["the JSON ends early at byte 11: expected a value or ']', with ]} still to close (was the answer cut off?)"])
    }

    @Test func partialFormsAreLenient() {
        #expect(String.partial(.string("Cra")) == "Cra")
        #expect(String.partial(.null) == "")
        #expect(Int.partial(.number("12")) == 12)
        #expect(Int.partial(.string("x")) == 0)
        #expect(Double.partial(.number("0.5")) == 0.5)
        #expect(Bool.partial(.bool(true)))
        #expect([String].partial(.array([.string("a"), .string("b")])) == ["a", "b"])
        #expect([String].partial(.null).isEmpty)
        #expect(String?.partial(.null) == nil)
        #expect(String?.partial(.string("x")) == "x")
        let idea = BrainstormIdea.partial(.object([.init("title", .string("Cr"))]))
        #expect(idea.title == "Cr" && idea.description == nil)
        #expect(GeneratedContent.object([.init("a", .null)]).partial("a", as: String.self) == nil)
    }
}

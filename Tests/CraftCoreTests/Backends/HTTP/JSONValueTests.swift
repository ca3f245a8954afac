import Foundation
import Testing
@testable import CraftCore

@Suite struct JSONValueTests {
    @Test func objectsKeepTheirKeyOrderAndDropNils() {
        let value = JSONValue.object([("z", .int(1)), ("a", nil), ("m", .array([.bool(true), .null, .double(0.5)]))])
        #expect(value.text == #"{"z":1,"m":[true,null,0.5]}"#)
    }

    @Test func stringsAreEscaped() throws {
        let text = JSONValue.string("quote \" back \\ nl \n tab \t bell \u{07} é 🦢").text
        #expect(text == #""quote \" back \\ nl \n tab \t bell \u0007 é 🦢""#)
        #expect(try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? String
            == "quote \" back \\ nl \n tab \t bell \u{07} é 🦢")
    }

    @Test func rawTextIsSplicedOnlyWhenItParses() {
        #expect(JSONValue.raw(validating: #"{"b":1,"a":2}"#).text == #"{"b":1,"a":2}"#)
        #expect(JSONValue.raw(validating: "not json").text == #""not json""#)
    }
}

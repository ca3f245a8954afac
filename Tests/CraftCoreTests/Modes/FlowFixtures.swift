@testable import CraftBackends
@testable import CraftCore
import Foundation

/// Model answers and values shared by the flow tests.
enum Flow {
    static let paper = Fixture.photo(
        "a1b2c3", description: "1024×768, landscape: mostly crimson (46 %) and cream (31 %)")
    static let crane = Fixture.photo("d4e5f6", description: "768×1024, portrait: mostly white (70 %)")
    static let progress = Fixture.photo("0f0f0f", description: "1024×1024, square: cream paper folded in half")

    static func analyses(_ labels: [String]) -> String {
        let items = labels.map { label in
            #"{"image": "\#(label)", "analysis": "Red and cream origami paper, 15 cm squares.", "#
                + #""typeOfImage": "craft supplies"}"#
        }
        return #"{"images": [\#(items.joined(separator: ", "))]}"#
    }

    static let ideas = #"""
        {"ideas": [
          {"title": "Paper crane", "description": "A classic crane folded from the red square."},
          {"title": "Fortune teller", "description": "A cream fortune teller with red flaps."},
          {"title": "Star box", "description": "A small box with a star lid."}
        ]}
        """#

    static let tutorialJSON = #"""
        {"title": "Paper cup", "materials": ["one square of origami paper"], "steps": [
          {"number": 1, "title": "Fold a triangle", "instruction": "Fold the square in half corner to corner with a valley fold."},
          {"number": 2, "title": "Fold the sides", "instruction": "Fold the left and right corners to the opposite edges."},
          {"number": 3, "title": "Fold the flaps", "instruction": "Tuck the top flaps down into the pockets."}
        ]}
        """#

    static let tutorial = try! Tutorial.decode(json: tutorialJSON)

    static func feedback(complete: Bool, message: String? = nil) -> String {
        let messageJSON = message.map { "\"\($0)\"" } ?? "null"
        return #"""
            {"observation": "The paper is folded into a triangle with matching corners.",
             "sections": [{"title": "What You Did Well", "body": "Crisp crease."},
                          {"title": "Next Steps", "body": "Fold the sides next."}],
             "isCurrentStepComplete": \#(complete), "completionMessage": \#(messageJSON)}
            """#
    }

    static let toolCapable = Capabilities(vision: true, nativeJSONSchema: true, tools: true, contextSize: 32_768)
}

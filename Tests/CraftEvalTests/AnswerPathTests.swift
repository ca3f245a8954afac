@testable import CraftEval
@testable import CraftSchema
import Foundation
import Testing

@Suite struct AnswerPathTests {
    private let answer = try! GeneratedContent(json: #"""
        {"sections": [{"title": "What You Did Well", "body": "Crisp folds"}, {"title": "Next Steps", "body": "Turn over"}],
         "isCurrentStepComplete": false, "score": 7, "terms": ["valley fold", "squash fold"], "note": null}
        """#)

    @Test(arguments: [
        ("sections[*].title", ["What You Did Well", "Next Steps"]),
        ("sections[1].body", ["Turn over"]),
        ("sections[2].body", []),
        ("isCurrentStepComplete", ["false"]),
        ("score", ["7"]),
        ("terms[*]", ["valley fold", "squash fold"]),
        ("terms", ["valley fold", "squash fold"]),
        ("sections[0]", ["Crisp folds", "What You Did Well"]),
        ("note", []),
        ("missing.key", []),
    ])
    func reachesTheValuesOfAPath(path: String, texts: [String]) throws {
        #expect(try AnswerPath(path).texts(in: answer) == texts)
    }

    @Test(arguments: ["", ".a", "a..b", "a.", "a[", "a]", "a[-1]", "a[x]", "a.[0]"])
    func rejectsMalformedPaths(path: String) {
        #expect(throws: AnswerPath.SyntaxError.self) { try AnswerPath(path) }
    }
}

@testable import CraftSchema

/// Valid JSON documents used across the parser tests, from trivial to shaped like real answers.
enum JSONDocuments {
    /// Documents whose top-level value ends with its last byte, so every proper prefix is truncated.
    static let delimited: [String] = [
        #"{}"#,
        #"[]"#,
        #""""#,
        #"true"#,
        #"null"#,
        #"{"a":1}"#,
        #"[false, null, true, 0, -0, 1.5, -2.25e-3, 10E+2, 7e0]"#,
        #"{"nested": {"deeper": {"deepest": [[[]], {}, [{}]]}}}"#,
        "  { \"spaced\" :\t[ 1 ,2 ] ,\"tabs\\tand\\nnewlines\" : \"x\" }\n",
        #""escapes: \" \\ \/ \b \f \n \r \t \u0041\u00e9\u4e2d \ud83d\ude00 end""#,
        #"["plain é ü 中文 😀 in UTF-8", "\u0000 nul and \u001f unit separator"]"#,
        #"{"images": [{"image": "Photo_a1b2c3", "analysis": "Blue and gold origami paper, 15 cm squares.", "#
            + #""typeOfImage": "craft supplies"}, {"image": "Photo_d4e5f6", "analysis": "A folded crane.", "#
            + #""typeOfImage": "a finished craft piece"}]}"#,
        #"{"ideas": [{"title": "Crane \"Mobile\"", "description": "Hang five cranes\nfrom a hoop."}, "#
            + #"{"title": "Lucky stars", "description": "Fold\tstrips into stars."}, "#
            + #"{"title": "Gift box", "description": "A lidded box — one sheet."}]}"#,
        #"{"observation": "The wings are folded.", "sections": [{"title": "What You Did Well", "body": "Crisp."}, "#
            + #"{"title": "Next Steps", "body": "Pull the neck."}], "isCurrentStepComplete": true, "#
            + #""completionMessage": "Well done!"}"#,
    ]

    /// Documents whose value is a bare number: a prefix of one can itself be a complete number.
    static let numbers: [String] = ["0", "-12", "3.25", "6.02e23", "-1E-9"]

    /// Every valid test document.
    static let all = delimited + numbers
}

extension GeneratedContent {
    /// Whether this snapshot extends `earlier`: equal, or grown only at its partial end (a longer string, more
    /// members or elements, the last one extending the earlier last one).
    func extends(_ earlier: GeneratedContent) -> Bool {
        switch (earlier, self) {
        case (.string(let old), .string(let new)):
            return new.unicodeScalars.starts(with: old.unicodeScalars)
        case (.array(let old), .array(let new)):
            guard new.count >= old.count, let last = old.last else { return new.count >= old.count }
            return new.prefix(old.count - 1).elementsEqual(old.dropLast()) && new[old.count - 1].extends(last)
        case (.object(let old), .object(let new)):
            guard new.count >= old.count, let last = old.last else { return new.count >= old.count }
            return new.prefix(old.count - 1).elementsEqual(old.dropLast())
                && new[old.count - 1].key == last.key && new[old.count - 1].value.extends(last.value)
        default:
            return earlier == self
        }
    }
}

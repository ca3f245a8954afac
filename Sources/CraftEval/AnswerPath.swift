import CraftSchema
import Foundation

/// A path into a model's JSON answer, such as `ideas[*].title`, `sections[0].body` or `isCurrentStepComplete`.
///
/// Keys are separated by dots; `[*]` takes every element of an array, `[n]` the element at index n (from 0).
/// Evaluating a path yields the text of every value it reaches: strings as they are, numbers and Booleans as
/// JSON writes them, objects and arrays as every string inside them.
struct AnswerPath: Hashable, CustomStringConvertible {
    enum Step: Hashable {
        case key(String)
        case every
        case index(Int)
    }

    /// Why a path could not be read.
    struct SyntaxError: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "path \"\(path)\" \(reason); write it like ideas[*].title or sections[0].body" }
    }

    let steps: [Step]
    let description: String

    init(_ text: String) throws(SyntaxError) {
        description = text
        var steps: [Step] = []
        var key = ""
        var characters = Array(text)[...]
        func flushKey() throws(SyntaxError) {
            guard !key.isEmpty else { return }
            steps.append(.key(key))
            key = ""
        }
        while let character = characters.popFirst() {
            switch character {
            case ".":
                let followsBracket = key.isEmpty && steps.last.map { if case .key = $0 { false } else { true } } == true
                guard !key.isEmpty || followsBracket, let next = characters.first, next != ".", next != "[" else {
                    throw SyntaxError(path: text, reason: "has an empty key")
                }
                try flushKey()
            case "[":
                try flushKey()
                guard let close = characters.firstIndex(of: "]") else {
                    throw SyntaxError(path: text, reason: "has a [ without ]")
                }
                let inside = String(characters[..<close])
                characters = characters[characters.index(after: close)...]
                if inside == "*" {
                    steps.append(.every)
                } else if let index = Int(inside), index >= 0 {
                    steps.append(.index(index))
                } else {
                    throw SyntaxError(path: text, reason: "has [\(inside)], which is neither * nor an index")
                }
            case "]":
                throw SyntaxError(path: text, reason: "has a ] without [")
            default:
                key.append(character)
            }
        }
        try flushKey()
        guard !steps.isEmpty else { throw SyntaxError(path: text, reason: "is empty") }
        self.steps = steps
    }

    /// The values the path reaches in `root`, an answer as origami's own parser read it.
    func values(in root: GeneratedContent) -> [GeneratedContent] {
        var current = [root]
        for step in steps {
            current = current.flatMap { value -> [GeneratedContent] in
                switch (step, value) {
                case (.key(let key), .object(let members)): members.filter { $0.key == key }.map(\.value)
                case (.every, .array(let elements)): elements
                case (.index(let index), .array(let elements)):
                    elements.indices.contains(index) ? [elements[index]] : []
                default: []
                }
            }
        }
        return current
    }

    /// The texts the path reaches in `root`.
    func texts(in root: GeneratedContent) -> [String] {
        values(in: root).flatMap(Self.texts(of:))
    }

    /// Every text inside a value: a string itself, a number as the answer wrote it, a Boolean as JSON writes it,
    /// the texts of an object's values (by key, so the order of the members does not matter) and an array's
    /// elements.
    static func texts(of value: GeneratedContent) -> [String] {
        switch value {
        case .string(let text): [text]
        case .number(let text): [text]
        case .bool(let flag): [flag ? "true" : "false"]
        case .null: []
        case .array(let elements): elements.flatMap(texts(of:))
        case .object(let members): members.sorted { $0.key < $1.key }.flatMap { texts(of: $0.value) }
        }
    }
}

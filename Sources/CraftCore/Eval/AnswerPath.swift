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

    /// The values the path reaches in `root` (a value as `JSONSerialization` returns it).
    func values(in root: Any) -> [Any] {
        var current: [Any] = [root]
        for step in steps {
            current = current.flatMap { value -> [Any] in
                switch step {
                case .key(let key): (value as? [String: Any])?[key].map { [$0] } ?? []
                case .every: (value as? [Any]) ?? []
                case .index(let index):
                    (value as? [Any]).flatMap { $0.indices.contains(index) ? [$0[index]] : nil } ?? []
                }
            }
        }
        return current
    }

    /// The texts the path reaches in `root`.
    func texts(in root: Any) -> [String] {
        values(in: root).flatMap(Self.texts(of:))
    }

    /// Every text inside a value: a string itself, a number or Boolean as JSON writes it, the texts of an
    /// object's values and an array's elements.
    static func texts(of value: Any) -> [String] {
        switch value {
        case let text as String: [text]
        case let object as [String: Any]: object.keys.sorted().flatMap { texts(of: object[$0]!) }
        case let array as [Any]: array.flatMap(texts(of:))
        case is NSNull: []
        case let number as NSNumber:
            if type(of: number) == type(of: NSNumber(value: true)) { [number.boolValue ? "true" : "false"] } else { [number.stringValue] }
        default: ["\(value)"]
        }
    }
}

import Foundation
import Testing

/// A grammar that `GenerationSchema.compactJSONGrammar` writes, turned into one regular expression (such grammars
/// recur only through `char`), so a test can ask which texts it accepts without llama.cpp.
public struct GrammarMatcher {
    let expression: NSRegularExpression

    /// The matcher of `grammar`.
    public init(_ grammar: String) throws {
        var rules: [String: String] = [:]
        for line in grammar.split(separator: "\n") {
            let parts = line.split(separator: "::=", maxSplits: 1)
            try #require(parts.count == 2, "not a rule: \(line)")
            rules[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1])
        }
        let char = try Self.pattern(try #require(rules["char"]), rules: [:])
        let root = try Self.pattern(try #require(rules["root"]), rules: ["char": char])
        expression = try NSRegularExpression(pattern: "^(?:" + root + ")$")
    }

    /// Whether the grammar accepts the whole of `text`.
    public func accepts(_ text: String) -> Bool {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// One rule's body as a regular expression: literals escaped, classes as they are (their escapes mean the same
    /// there), groups made non-capturing, rule names replaced by their pattern.
    private static func pattern(_ body: String, rules: [String: String]) throws -> String {
        var result = ""
        var rest = Substring(body)
        while let next = rest.first {
            switch next {
            case " ":
                rest.removeFirst()
            case "\"":
                rest.removeFirst()
                var literal = ""
                while let character = rest.popFirst(), character != "\"" {
                    if character == "\\", let escaped = rest.popFirst() {
                        literal.append(escaped == "n" ? "\n" : escaped)
                    } else {
                        literal.append(character)
                    }
                }
                result += NSRegularExpression.escapedPattern(for: literal)
            case "[":
                let end = try #require(Self.classEnd(rest))
                result += rest[...end]
                rest = rest[rest.index(after: end)...]
            case "(":
                rest.removeFirst()
                result += "(?:"
            case _ where next.isLetter:
                let name = String(rest.prefix { $0.isLetter || $0 == "-" })
                rest = rest.dropFirst(name.count)
                result += "(?:" + (try #require(rules[name], "no rule \(name)")) + ")"
            default:
                rest.removeFirst()
                result.append(next)
            }
        }
        return result
    }

    /// Where the character class at the start of `text` ends (its `]`), skipping escaped characters.
    private static func classEnd(_ text: Substring) -> Substring.Index? {
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            if text[index] == "\\" {
                index = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                continue
            }
            if text[index] == "]" { return index }
            index = text.index(after: index)
        }
        return nil
    }
}

/// A JSON text on one line, as `compactJSONGrammar` has the model write it: outside its strings, no white space but
/// one space after each colon and comma.
public func oneLineJSON(_ json: String) -> String {
    var inString = false, escaped = false, result = ""
    for character in json {
        switch (inString, escaped, character) {
        case (true, true, _): escaped = false
        case (true, false, "\\"): escaped = true
        case (_, false, "\""): inString.toggle()
        case (false, _, _) where character.isWhitespace: continue
        case (false, _, ":"), (false, _, ","):
            result += "\(character) "
            continue
        default: break
        }
        result.append(character)
    }
    return result
}

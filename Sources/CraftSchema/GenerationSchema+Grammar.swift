// GenerationSchema rendered to a llama.cpp grammar (GBNF) of JSON on one line.

extension GenerationSchema {
    /// The schema as a llama.cpp grammar (GBNF) whose answers are JSON on one line, or nil when the schema holds a
    /// guide the grammar does not carry (a pattern, number bounds, an object whose properties are all optional), in
    /// which case a backend sends `jsonSchema(.plain)` instead.
    ///
    /// It accepts what llama.cpp's own conversion of `jsonSchema(.plain)` accepts, less the free layout: the same
    /// property order (the required properties in declaration order, then the optional ones, each of which may be left
    /// out), the same counts, lengths, choices and integer bounds, and exactly one space after each colon and comma
    /// between the parts of the JSON, no line break. Allowed a layout, the 1.5B model writes a line and an indent per
    /// key, and pays for them: 60 of the 131–173 tokens of a recorded coach answer were its layout and keys. With no
    /// space at all (29 of them) the model called a finished step complete less often (live coach cases: acted-on
    /// balanced accuracy 0.92 and 0.75 against 1.00 and 1.00 laid out and one-line); a space after each colon and comma
    /// (Python's `json.dumps` style, common in what it learned from) costs about one token in five over that and
    /// keeps its verdicts.
    ///
    /// A text's characters leave out the scripts of Chinese, Japanese and Korean (`textCharacters`): origami asks and
    /// answers in English, and the default Qwen model drifts into Chinese mid-sentence ("use a ruler to测", "opens into
    /// a杯", seen in recorded and live answers); under the grammar it writes the English word instead.
    public var compactJSONGrammar: String? {
        guard let root = grammarExpression else { return nil }
        return "root ::= \(root)\n" + "char ::= \(Self.textCharacters) | " + #"[\\] (["\\/bfnrt] | "u" [0-9a-fA-F]{4})"#
            + "\n"
    }

    /// The characters a JSON text may hold unescaped: not a quote, backslash or control character, and none of the
    /// CJK ranges (radicals, kana, ideographs, Hangul, compatibility and full-width forms, the supplementary
    /// ideographs). Written with llama.cpp's `\u` and `\U` escapes, which ICU's regular expressions read alike.
    static let textCharacters = #"[^"\\\x7F\x00-\x1F\u2E80-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFE30-\uFE4F"#
        + #"\uFF00-\uFFEF\U00020000-\U0003FFFF]"#

    /// This schema's value as a grammar expression, nil when it cannot be one.
    ///
    /// As in the plain JSON Schema dialect, a nullable schema takes its type's values only (an optional property is
    /// left out rather than null). An optional property that depends on the last required one, a Boolean
    /// (`Property.onlyWhenTrue(_:)`), follows it when it is true and only then: left free after a true, the 1.5B
    /// model closed the object without the coach's completion message, twice in a row on a live check of the sample
    /// cup's step 4, and the check failed.
    var grammarExpression: String? {
        switch kind {
        case .object(let properties):
            let required = properties.filter { !$0.isOptional }
            let optional = properties.filter(\.isOptional)
            if properties.isEmpty { return Self.literal("{}") }
            if required.isEmpty { return nil }
            var parts: [String] = []
            var pairs: [String] = []
            for (index, property) in (required + optional).enumerated() {
                guard let value = property.schema.grammarExpression else { return nil }
                let pair = Self.literal((index == 0 ? "" : ", ") + Self.jsonString(property.name) + ": ") + " " + value
                pairs.append(pair)
                parts.append(property.isOptional ? "(\(pair))?" : pair)
            }
            if let last = required.last, last.schema.kind == .boolean,
                optional.contains(where: { $0.condition == last.name })
            {
                // The properties that depend on the last required one follow it only after a true, and always do.
                let dependent = zip(optional, zip(pairs.suffix(optional.count), parts.suffix(optional.count)))
                let whenFalse = dependent.filter { $0.0.condition != last.name }.map(\.1.1)
                let afterTrue = dependent.map { $0.0.condition == last.name ? $0.1.0 : $0.1.1 }
                let key = Self.literal((required.count == 1 ? "" : ", ") + Self.jsonString(last.name) + ": ")
                let whenTrue = ([Self.literal("true")] + afterTrue).joined(separator: " ")
                let otherwise = ([Self.literal("false")] + whenFalse).joined(separator: " ")
                parts = parts.prefix(required.count - 1) + [key, "(\(whenTrue) | \(otherwise))"]
            }
            return ([Self.literal("{")] + parts + [Self.literal("}")]).joined(separator: " ")
        case .array(let items, let minimum, let maximum):
            guard let item = items.grammarExpression else { return nil }
            let least = max(0, minimum ?? 0)
            if maximum == 0 { return Self.literal("[]") }
            let more = "(\(Self.literal(", ")) \(item))"
            let restMaximum = maximum.map { String($0 - 1) } ?? ""
            let open = Self.literal("["), close = Self.literal("]")
            if least == 0 { return "\(open) (\(item) \(more){0,\(restMaximum)})? \(close)" }
            return "\(open) \(item) \(more){\(least - 1),\(restMaximum)} \(close)"
        case .string(.free), .string(.dynamicChoices):
            return #""\"" char* "\"""#
        case .string(.maximumLength(let count)):
            return #""\"" char{0,\#(max(0, count))} "\"""#
        case .string(.choices(let choices)):
            guard !choices.isEmpty else { return nil }
            return "(" + choices.map { Self.literal(Self.jsonString($0)) }.joined(separator: " | ") + ")"
        case .string(.constant(let value)):
            return Self.literal(Self.jsonString(value))
        case .string(.pattern):
            return nil
        case .integer(let minimum, let maximum):
            return Self.integerExpression(minimum: minimum, maximum: maximum)
        case .number(nil, nil):
            return #""-"? ("0" | [1-9] [0-9]{0,15}) ("." [0-9]{1,16})? ([eE] [-+]? [0-9]{1,16})?"#
        case .number:
            return nil
        case .boolean:
            return #"("true" | "false")"#
        }
    }

    /// Whole numbers within the bounds: any, from 0 or from 1 up, or a range of at most 256 listed; nil otherwise.
    private static func integerExpression(minimum: Int?, maximum: Int?) -> String? {
        let positive = #"[1-9] [0-9]{0,15}"#
        switch (minimum, maximum) {
        case (nil, nil): return #""-"? ("0" | \#(positive))"#
        case (0?, nil): return #"("0" | \#(positive))"#
        case (1?, nil): return positive
        case (let low?, let high?) where low <= high && high - low < 256:
            return "(" + (low...high).map { literal(String($0)) }.joined(separator: " | ") + ")"
        default: return nil
        }
    }

    /// `text` as a JSON string, quotes included.
    private static func jsonString(_ text: String) -> String {
        GeneratedContent.string(text).jsonString
    }

    /// `text` as a grammar literal: in double quotes, with quotes, backslashes and control characters escaped.
    private static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                escaped += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}

extension String {
    /// The string with zeros before it up to `count` characters.
    fileprivate func leftPadded(to count: Int) -> String {
        String(repeating: "0", count: max(0, count - self.count)) + self
    }
}

// JSON text in and out of GeneratedContent.

extension GeneratedContent {
    /// Parses a complete JSON document: every escape, surrogate pairs, numbers kept as text; throws a
    /// `SchemaError` naming the byte offset of the first problem, including for truncated input and trailing text.
    public init(json: String) throws {
        var parser = PartialJSONParser()
        var json = json
        try json.withUTF8 { try parser.consume($0) }
        self = try parser.finish()
    }

    /// Parses a complete JSON document from UTF-8 bytes.
    public init(jsonBytes: some Sequence<UInt8>) throws {
        var parser = PartialJSONParser()
        _ = try parser.feed(jsonBytes)
        self = try parser.finish()
    }

    /// The value as compact JSON text (no spaces), members in their order, numbers as their text.
    public var jsonString: String {
        var output = ""
        write(to: &output, style: .compact, level: 0)
        return output
    }

    /// The compact JSON text with U+2028 and U+2029 also escaped, so it stays one line for every line reader.
    ///
    /// JSON allows both characters raw, but JavaScript and Python's `splitlines` end a line at them; a JSON-lines
    /// stream (`--json`) uses this form.
    public var jsonLine: String {
        var output = ""
        write(to: &output, style: .line, level: 0)
        return output
    }

    /// The value as JSON text indented by two spaces per level, for people and expected-output files.
    public var prettyJSONString: String {
        var output = ""
        write(to: &output, style: .pretty, level: 0)
        return output
    }

    /// The three ways the value is written.
    private enum Style {
        case compact, line, pretty

        var indent: String? { self == .pretty ? "  " : nil }
    }

    private func write(to output: inout String, style: Style, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let text): output += text
        case .string(let text): Self.writeString(text, to: &output, escapingLineSeparators: style == .line)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, indent: style.indent, level: level) {
                element, output in
                element.write(to: &output, style: style, level: level + 1)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, indent: style.indent, level: level) {
                member, output in
                Self.writeString(member.key, to: &output, escapingLineSeparators: style == .line)
                output += style == .pretty ? ": " : ":"
                member.value.write(to: &output, style: style, level: level + 1)
            }
        }
    }

    private func writeContainer<Item>(
        _ items: [Item], open: String, close: String, to output: inout String, indent: String?, level: Int,
        item: (Item, inout String) -> Void
    ) {
        output += open
        guard !items.isEmpty else { return output += close }
        for (index, element) in items.enumerated() {
            if index > 0 { output += "," }
            if let indent { output += "\n" + String(repeating: indent, count: level + 1) }
            item(element, &output)
        }
        if let indent { output += "\n" + String(repeating: indent, count: level) }
        output += close
    }

    /// Writes a JSON string literal: quotes, backslashes and control characters escaped (and U+2028, U+2029 when
    /// asked), everything else as is.
    static func writeString(_ text: String, to output: inout String, escapingLineSeparators: Bool = false) {
        output += "\""
        var run = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        for index in scalars.indices {
            let scalar = scalars[index]
            let escaped: String? = switch scalar {
            case "\"": "\\\""
            case "\\": "\\\\"
            case "\n": "\\n"
            case "\r": "\\r"
            case "\t": "\\t"
            case "\u{08}": "\\b"
            case "\u{0C}": "\\f"
            case "\u{00}"..."\u{1F}": "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            case "\u{2028}" where escapingLineSeparators: "\\u2028"
            case "\u{2029}" where escapingLineSeparators: "\\u2029"
            default: nil
            }
            guard let escaped else { continue }
            output.unicodeScalars.append(contentsOf: scalars[run..<index])
            output += escaped
            run = scalars.index(after: index)
        }
        output.unicodeScalars.append(contentsOf: scalars[run...])
        output += "\""
    }
}

extension GeneratedContent: CustomStringConvertible {
    /// The compact JSON text.
    public var description: String { jsonString }
}

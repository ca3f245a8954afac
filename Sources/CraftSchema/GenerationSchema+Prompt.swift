// GenerationSchema as a short text for prompts, for backends with no native schema support.

extension GenerationSchema {
    /// The schema as a JSON-shaped outline with `//` comments carrying descriptions and guides, e.g.
    ///
    /// ```
    /// {
    ///   // Craft projects to choose from (at least 3 items)
    ///   "ideas": [
    ///     {
    ///       "title": string,
    /// ```
    public var promptDescription: String {
        ((description.map { ["// \($0)"] } ?? []) + outline(level: 0)).joined(separator: "\n")
    }

    /// The outline's lines; the first continues the line of the property's key, later ones carry their indent.
    private func outline(level: Int) -> [String] {
        let pad = String(repeating: "  ", count: level)
        switch kind {
        case .object(let properties):
            var lines = ["{"]
            for (index, property) in properties.enumerated() {
                let comment = [property.description ?? property.schema.description,
                               property.schema.notes(optional: property.isOptional)].compactMap { $0 }
                if !comment.isEmpty { lines.append(pad + "  // " + comment.joined(separator: " ")) }
                var value = property.schema.outline(level: level + 1)
                value[0] = pad + "  " + GeneratedContent.string(property.name).jsonString + ": " + value[0]
                if index < properties.count - 1 { value[value.count - 1] += "," }
                lines += value
            }
            return lines + [pad + "}"]
        case .array(let items, _, _):
            var lines = items.outline(level: level)
            lines[0] = "[" + lines[0]
            lines[lines.count - 1] += ", …]"
            return lines
        default:
            return [scalarOutline]
        }
    }

    /// The outline of a string, number or Boolean schema: `string`, `"a" | "b"`, `integer`.
    private var scalarOutline: String {
        let base = switch kind {
        case .string(.choices(let choices)): choices.map { GeneratedContent.string($0).jsonString }.joined(separator: " | ")
        case .string(.constant(let value)): GeneratedContent.string(value).jsonString
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "true | false"
        case .object, .array: "…"
        }
        return isNullable ? base + " | null" : base
    }

    /// The guides of a property in words, in parentheses, or nil when it has none.
    func notes(optional: Bool) -> String? {
        var notes: [String] = []
        if optional { notes.append("optional") }
        switch kind {
        case .array(_, let minimum, let maximum):
            if let range = Self.rangeWords(minimum.map(String.init), maximum.map(String.init)) {
                notes.append(range + ((maximum ?? minimum) == 1 ? " item" : " items"))
            }
        case .integer(let minimum, let maximum):
            if let range = Self.rangeWords(minimum.map(String.init), maximum.map(String.init)) { notes.append(range) }
        case .number(let minimum, let maximum):
            let text = { (value: Double) in GeneratedContent(value).jsonString }
            if let range = Self.rangeWords(minimum.map(text), maximum.map(text)) { notes.append(range) }
        case .string(.pattern(let pattern)):
            notes.append("matching /\(pattern)/")
        case .string(.maximumLength(let count)):
            notes.append("at most \(count) characters")
        default:
            break
        }
        return notes.isEmpty ? nil : "(" + notes.joined(separator: ", ") + ")"
    }

    /// `exactly 3`, `2 to 3`, `at least 3`, `at most 5`, or nil without bounds.
    static func rangeWords(_ minimum: String?, _ maximum: String?) -> String? {
        switch (minimum, maximum) {
        case let (low?, high?): low == high ? "exactly \(low)" : "\(low) to \(high)"
        case let (low?, nil): "at least \(low)"
        case let (nil, high?): "at most \(high)"
        case (nil, nil): nil
        }
    }
}

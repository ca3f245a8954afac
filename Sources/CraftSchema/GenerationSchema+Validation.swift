// Every guide of a GenerationSchema checked in code, whatever the backend promised to enforce.

extension GenerationSchema {
    /// Every way `content` breaks this schema, each with its path; empty when it conforms.
    ///
    /// Messages read like `ideas: expected at least 3 items, got 2` or
    /// `images[1].image: "Photo_zz9" is not one of Photo_a1b2c3, Photo_d4e5f6`.
    public func validate(_ content: GeneratedContent) -> [SchemaViolation] {
        var violations: [SchemaViolation] = []
        check(content, path: "", into: &violations)
        return violations
    }

    private func check(_ content: GeneratedContent, path: String, into violations: inout [SchemaViolation]) {
        func fail(_ message: String) { violations.append(SchemaViolation(path: path, message)) }
        if content.isNull {
            if !isNullable { fail("expected \(kind.expectedWords), got null") }
            return
        }
        switch (kind, content) {
        case (.object(let properties), .object(let members)):
            for property in properties {
                let childPath = path.isEmpty ? property.name : path + "." + property.name
                if let value = content[property.name] {
                    property.schema.check(value, path: childPath, into: &violations)
                } else if !property.isOptional {
                    violations.append(SchemaViolation(path: childPath, "missing (a required property of \(name))"))
                }
            }
            let known = Set(properties.map(\.name))
            for member in members where !known.contains(member.key) {
                let names = properties.map(\.name).joined(separator: ", ")
                violations.append(SchemaViolation(path: path.isEmpty ? member.key : path + "." + member.key,
                                                  "not a property of \(name) (it has \(names))"))
            }
        case (.array(let items, let minimum, let maximum), .array(let elements)):
            if let message = Self.countMessage(elements.count, minimum: minimum, maximum: maximum) { fail(message) }
            for (index, element) in elements.enumerated() {
                items.check(element, path: path + "[\(index)]", into: &violations)
            }
        case (.string(let format), .string(let text)):
            if let message = Self.stringMessage(text, format: format) { fail(message) }
        case (.integer(let minimum, let maximum), .number):
            guard let value = content.intValue else { return fail("expected an integer, got \(content.kindDescription)") }
            if let message = Self.boundsMessage(Double(value), String(value), minimum: minimum.map(Double.init),
                                                maximum: maximum.map(Double.init)) { fail(message) }
        case (.number(let minimum, let maximum), .number(let text)):
            guard let value = content.doubleValue, value.isFinite else { return fail("\(text) is out of range for a number") }
            if let message = Self.boundsMessage(value, text, minimum: minimum, maximum: maximum) { fail(message) }
        case (.boolean, .bool):
            break
        default:
            fail("expected \(kind.expectedWords), got \(content.kindDescription)")
        }
    }

    static func countMessage(_ count: Int, minimum: Int?, maximum: Int?) -> String? {
        let outside = minimum.map { count < $0 } == true || maximum.map { count > $0 } == true
        guard outside, let words = rangeWords(minimum.map(String.init), maximum.map(String.init)) else { return nil }
        return "expected \(words) item\((maximum ?? minimum) == 1 ? "" : "s"), got \(count)"
    }

    static func boundsMessage(_ value: Double, _ text: String, minimum: Double?, maximum: Double?) -> String? {
        let show = { (bound: Double) in GeneratedContent(bound).jsonString }
        if let minimum, value < minimum {
            return maximum.map { "expected \(show(minimum)) to \(show($0)), got \(text)" } ?? "expected at least \(show(minimum)), got \(text)"
        }
        if let maximum, value > maximum {
            return minimum.map { "expected \(show($0)) to \(show(maximum)), got \(text)" } ?? "expected at most \(show(maximum)), got \(text)"
        }
        return nil
    }

    static func stringMessage(_ text: String, format: StringFormat) -> String? {
        switch format {
        case .free, .dynamicChoices:
            return nil
        case .maximumLength(let count):
            return text.count <= count ? nil : "expected at most \(count) characters, got \(text.count)"
        case .choices(let choices):
            if choices.contains(text) { return nil }
            return choices.isEmpty
                ? "\(GeneratedContent.quoted(text)) is not allowed: there are no choices"
                : "\(GeneratedContent.quoted(text)) is not one of \(choices.joined(separator: ", "))"
        case .constant(let value):
            return text == value ? nil : "\(GeneratedContent.quoted(text)) is not \(GeneratedContent.quoted(value))"
        case .pattern(let pattern):
            guard let regex = try? Regex(pattern) else {
                return "the schema's pattern /\(pattern)/ is not a valid regular expression"
            }
            return text.contains(regex) ? nil : "\(GeneratedContent.quoted(text)) does not match /\(pattern)/"
        }
    }
}

extension GenerationSchema.Kind {
    /// The kind in words for messages: `an object`, `an array`, `a string`.
    var expectedWords: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .boolean: "true or false"
        }
    }
}

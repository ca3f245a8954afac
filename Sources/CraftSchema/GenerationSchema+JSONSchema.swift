// GenerationSchema rendered to JSON Schema text.

/// The JSON Schema flavours backends accept.
public enum JSONSchemaDialect: String, Sendable, Hashable, CaseIterable {
    /// Plain JSON Schema, as Ollama's `format` and llama.cpp's `response_format` take it: optional properties are
    /// simply not required.
    case plain
    /// OpenAI structured outputs in strict mode: every property required, optionals typed `["T", "null"]`.
    case openAIStrict
}

extension GenerationSchema {
    /// The schema as compact JSON Schema text in `dialect`. Both dialects forbid properties the schema does not
    /// name (`additionalProperties: false`) and keep properties in declaration order.
    public func jsonSchema(_ dialect: JSONSchemaDialect) -> String {
        jsonSchemaContent(dialect, description: description).jsonString
    }

    /// The schema as a JSON value; `description` is the property's description when this is a property's schema.
    func jsonSchemaContent(_ dialect: JSONSchemaDialect, description: String?) -> GeneratedContent {
        let strict = dialect == .openAIStrict
        var members: [GeneratedContent.Member] = []
        func add(_ key: String, _ value: GeneratedContent?) {
            if let value { members.append(GeneratedContent.Member(key, value)) }
        }
        let type = GeneratedContent.string(kind.jsonTypeName)
        add("type", strict && isNullable ? .array([type, .string("null")]) : type)
        add("description", description.map(GeneratedContent.string))
        switch kind {
        case .object(let properties):
            add("properties", .object(properties.map { property in
                let schema = property.schema.jsonSchemaContent(dialect, description: property.description ?? property.schema.description)
                return GeneratedContent.Member(property.name, schema)
            }))
            let required = properties.filter { strict || !$0.isOptional }.map { GeneratedContent.string($0.name) }
            add("required", .array(required))
            add("additionalProperties", .bool(false))
        case .array(let items, let minimum, let maximum):
            add("items", items.jsonSchemaContent(dialect, description: items.description))
            add("minItems", minimum.map(GeneratedContent.init))
            add("maxItems", maximum.map(GeneratedContent.init))
        case .string(.choices(let choices)):
            add("enum", .array(choices.map(GeneratedContent.string) + (strict && isNullable ? [.null] : [])))
        case .string(.constant(let value)):
            add(strict ? "enum" : "const", strict ? .array([.string(value)] + (isNullable ? [.null] : [])) : .string(value))
        case .string(.pattern(let pattern)):
            add("pattern", .string(pattern))
        case .string(.maximumLength(let count)):
            // OpenAI's strict mode refuses keywords it does not support: there the prompt and the repair keep the cap.
            if !strict { add("maxLength", GeneratedContent(count)) }
        case .string(.free), .string(.dynamicChoices), .boolean:
            break
        case .integer(let minimum, let maximum):
            add("minimum", minimum.map(GeneratedContent.init))
            add("maximum", maximum.map(GeneratedContent.init))
        case .number(let minimum, let maximum):
            add("minimum", minimum.map(GeneratedContent.init))
            add("maximum", maximum.map(GeneratedContent.init))
        }
        return .object(members)
    }
}

extension GenerationSchema.Kind {
    /// The JSON Schema `type` name.
    var jsonTypeName: String {
        switch self {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .integer: "integer"
        case .number: "number"
        case .boolean: "boolean"
        }
    }
}

import Foundation

/// A JSON value written in a fixed order, for request bodies.
///
/// `JSONEncoder` and `JSONSerialization` both reorder object keys; a JSON schema's property order steers the order
/// a grammar-constrained model writes fields in, so request bodies are built from this type instead, with schemas
/// spliced in verbatim as `.raw` text.
enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in the order they are written.
    case object([(String, JSONValue)])
    /// JSON text inserted as it is (checked to parse when created with `raw(validating:)`).
    case raw(String)

    /// JSON text as `.raw` when it parses, otherwise the text as a JSON string.
    static func raw(validating text: String) -> JSONValue {
        let parses = (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil
        return parses ? .raw(text) : .string(text)
    }

    /// An object from pairs, dropping those whose value is nil.
    static func object(_ pairs: [(String, JSONValue?)]) -> JSONValue {
        .object(pairs.compactMap { key, value in value.map { (key, $0) } })
    }

    /// The compact JSON text.
    var text: String {
        var output = ""
        write(to: &output)
        return output
    }

    /// The compact JSON text as UTF-8 bytes.
    var data: Data { Data(text.utf8) }

    private func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .double(let value): output += value.isFinite ? String(value) : "null"
        case .string(let value): Self.writeString(value, to: &output)
        case .raw(let text): output += text
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                value.write(to: &output)
            }
            output += "]"
        case .object(let pairs):
            output += "{"
            for (index, (key, value)) in pairs.enumerated() {
                if index > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

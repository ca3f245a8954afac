import Foundation

/// A JSON value whose objects keep their keys in the order written, so every event line starts with `"event"`.
enum JSONValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool { lhs.serialized == rhs.serialized }

    /// A string, or null when nil.
    static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// The compact JSON text, on one line.
    var serialized: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case .string(let text): Self.quote(text, into: &out)
        case .integer(let value): out += String(value)
        case .number(let value):
            if value.isFinite {
                out += value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
            } else {
                out += "null"
            }
        case .bool(let value): out += value ? "true" : "false"
        case .null: out += "null"
        case .array(let values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    private static func quote(_ text: String, into out: inout String) {
        out += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029:
                out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension JSONValue {
    /// A value from `JSONSerialization`'s objects; object keys are sorted, since their order is lost there.
    init(jsonObject: Any) {
        switch jsonObject {
        case let text as String: self = .string(text)
        case let flag as Bool where String(describing: type(of: jsonObject)).contains("Bool"):
            self = .bool(flag)
        case let number as NSNumber:
            self = number.doubleValue == number.doubleValue.rounded() && abs(number.doubleValue) < 1e15
                ? .integer(number.intValue) : .number(number.doubleValue)
        case let array as [Any]: self = .array(array.map(JSONValue.init(jsonObject:)))
        case let object as [String: Any]:
            self = .object(object.keys.sorted().map { ($0, JSONValue(jsonObject: object[$0]!)) })
        default: self = .null
        }
    }

    /// Any encodable value, through `JSONEncoder` with ISO 8601 dates.
    static func encoding<T: Encodable>(_ value: T) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return .null }
        return JSONValue(jsonObject: object)
    }
}

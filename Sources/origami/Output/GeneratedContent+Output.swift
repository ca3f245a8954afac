import CraftSchema
import Foundation

// The command's `--json` values: optional strings and whole Encodable values (a project, a backend's capabilities)
// as GeneratedContent, written by its one JSON writer.

extension GeneratedContent {
    /// A string, or null when nil.
    static func optional(_ text: String?) -> GeneratedContent {
        text.map(GeneratedContent.string) ?? .null
    }

    /// Any encodable value through `JSONEncoder` with ISO 8601 dates, or null when it cannot be encoded.
    ///
    /// Object keys are sorted and integral numbers lose their fraction, so the same value prints the same bytes
    /// whatever order the encoder chose.
    static func encoding<T: Encodable>(_ value: T) -> GeneratedContent {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(value), let content = try? GeneratedContent(jsonBytes: data) else {
            return .null
        }
        return content.canonical
    }

    /// This value with every object's keys sorted and every number written as `GeneratedContent(Double)` does.
    private var canonical: GeneratedContent {
        switch self {
        case .object(let members):
            .object(members.sorted { $0.key < $1.key }.map { Member($0.key, $0.value.canonical) })
        case .array(let elements): .array(elements.map(\.canonical))
        case .number(let text): Double(text).map(GeneratedContent.init) ?? self
        case .null, .bool, .string: self
        }
    }
}

public import CraftSchema
import Foundation

/// An answer being repaired before it is checked: the content and every repair made so far, in words.
///
/// Only repairs that cannot change what the answer means belong here: whitespace trimmed, a list entry that repeats
/// an earlier one word for word removed, a field the verdict says must be absent dropped. Anything else goes back
/// to the model.
public struct AnswerRepair: Sendable, Hashable {
    /// The content, repaired so far.
    public var content: GeneratedContent
    /// The repairs made, in words, each starting with its path: `materials[3]: "glue" repeats materials[1]; removed`.
    public private(set) var repairs: [String] = []

    /// Starts repairing `content`.
    public init(_ content: GeneratedContent) {
        self.content = content
    }

    /// Trims whitespace and line breaks at both ends of every string value, as one repair.
    public mutating func trimWhitespace() {
        var count = 0
        content = Self.trimmed(content, count: &count)
        if count > 0 { note("whitespace trimmed at the ends of \(count) \(count == 1 ? "text" : "texts")") }
    }

    /// Removes each entry of the array under `key` whose `identity` equals an earlier entry's, reporting each.
    ///
    /// - Returns: the original indices of the entries kept, in order; every index when `key` holds no array.
    @discardableResult
    public mutating func removeDuplicates(in key: String, identity: (GeneratedContent) -> String) -> [Int] {
        guard let elements = content[key]?.arrayValue else { return [] }
        let earlier = CraftText.earlierDuplicates(elements, identity: identity)
        var kept: [Int] = []
        for (index, element) in elements.enumerated() {
            guard let first = earlier[index] else {
                kept.append(index)
                continue
            }
            note("\(key)[\(index)]: \(Self.excerpt(element, identity: identity)) repeats \(key)[\(first)]; removed")
        }
        if kept.count < elements.count { content.set(key, .array(kept.map { elements[$0] })) }
        return kept
    }

    /// Ends every text that reached its schema's length guide (`GenerationGuide.maximumLength`) at its last whole
    /// sentence, or at its last whole word with "…" when it holds no sentence end: a backend that constrains its
    /// output stops such a text mid-word at the cap, and one that does not may run past it. A text within the last
    /// quarter of its guide that stops without ending a sentence counts as stopped too: llama.cpp's grammar ended the
    /// 1.5B model's ideas mid-sentence at 151–177 of 180 characters ("The fox's body is a salmon").
    public mutating func endCappedTexts(_ schema: GenerationSchema) {
        content = endingCapped(content, schema: schema, path: "")
    }

    /// `content` with each capped text under it ended, each ending noted under its path ("ideas[1].description").
    private mutating func endingCapped(_ content: GeneratedContent, schema: GenerationSchema, path: String)
        -> GeneratedContent {
        switch (schema.kind, content) {
        case (.object(let properties), .object(let members)):
            return .object(members.map { member in
                guard let property = properties.first(where: { $0.name == member.key }) else { return member }
                let inner = path.isEmpty ? member.key : path + "." + member.key
                return .init(member.key, endingCapped(member.value, schema: property.schema, path: inner))
            })
        case (.array(let items, _, _), .array(let elements)):
            return .array(elements.enumerated().map { endingCapped($1, schema: items, path: path + "[\($0)]") })
        case (.string(.maximumLength(let count)), .string(let text)) where Self.stopped(text, guide: count):
            let end = Self.ended(text, within: count)
            note("\(path): stopped at its length guide of \(count) characters; "
                + (end.hasSuffix("…") ? "ended at its last whole word" : "ended at its last whole sentence"))
            return .string(end)
        default:
            return content
        }
    }

    /// Whether `text` reached its length guide of `count` characters, or came near it without ending a sentence.
    static func stopped(_ text: String, guide count: Int) -> Bool {
        let closing = CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\"')”’"))
        let ended = text.trimmingCharacters(in: closing).last.map { ".!?…".contains($0) } ?? true
        return text.count >= count || (text.count >= count * 3 / 4 && !ended)
    }

    /// `text` within `count` characters: up to its last sentence end in the first `count` characters when that keeps
    /// at least a quarter of them, else its last whole word there followed by "…".
    static func ended(_ text: String, within count: Int) -> String {
        let head = String(text.prefix(count))
        let stops = head.indices.filter { index in
            ".!?".contains(head[index])
                && (head.index(after: index) == head.endIndex || head[head.index(after: index)] == " ")
        }
        if let stop = stops.last, head.distance(from: head.startIndex, to: stop) >= count / 4 {
            return String(head[...stop])
        }
        let words = head.prefix(count - 1)
        let next = text.dropFirst(count - 1).first
        let whole = next == nil || next == " "
        let cut = whole ? words : words.lastIndex(of: " ").map { words[..<$0] } ?? words
        return cut.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) + "…"
    }

    /// Records a repair made directly on `content`.
    public mutating func note(_ repair: String) {
        repairs.append(repair)
    }

    private static func trimmed(_ content: GeneratedContent, count: inout Int) -> GeneratedContent {
        switch content {
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed != text { count += 1 }
            return .string(trimmed)
        case .array(let elements):
            return .array(elements.map { trimmed($0, count: &count) })
        case .object(let members):
            return .object(members.map { .init($0.key, trimmed($0.value, count: &count)) })
        case .null, .bool, .number:
            return content
        }
    }

    private static func excerpt(_ element: GeneratedContent, identity: (GeneratedContent) -> String) -> String {
        let firstText = element.objectMembers?.lazy.compactMap(\.value.stringValue).first
        let text = element.stringValue ?? firstText ?? identity(element)
        return "\"" + (text.count > 60 ? text.prefix(59) + "…" : text) + "\""
    }
}

extension GeneratedContent {
    /// Replaces the value of `key` when this is an object holding it; anything else is left as it is.
    mutating func set(_ key: String, _ value: GeneratedContent) {
        guard case .object(var members) = self, let index = members.firstIndex(where: { $0.key == key }) else { return }
        members[index].value = value
        self = .object(members)
    }
}

public import CraftSchema

/// A craft type's rules in code beyond its schema: repairs that cannot change what an answer means, made before the
/// answer is checked, and the rules the repaired answer must still meet.
///
/// The session applies both to every answer of a conforming type, whatever the flow: the answer is trimmed and
/// repaired (each repair reported in `GenerationResult.repairs`), decoded and checked against the schema, and then
/// `ruleViolations` go back to the model like a schema violation (one retry carrying the messages).
public protocol DomainRules: Generable {
    /// Makes the type's meaning-preserving repairs on an answer (already trimmed), e.g. dropping exact duplicates.
    static func repair(_ answer: inout AnswerRepair)

    /// The rules this value breaks, one message per violation, each starting with its path.
    var ruleViolations: [String] { get }
}

extension DomainRules {
    /// No repairs beyond trimming.
    public static func repair(_ answer: inout AnswerRepair) {}

    /// No rules beyond the schema and the decoder's.
    public var ruleViolations: [String] { [] }
}

/// How the domain rules compare the texts of list items (steps, materials, ideas, terms).
public enum CraftText {
    /// The text's words, lower-cased: runs of letters and digits, so case, punctuation and spacing do not count.
    public static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// The identity of an exact duplicate: the same words in the same order (`Fold in half.` = `fold in  half`).
    public static func key(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The identity of a near-duplicate: the same words in the same order once articles are left out
    /// (`Fold the paper in half` = `fold a paper in half`). Word order still counts: folding the top corner to the
    /// bottom is not folding the bottom corner to the top.
    public static func nearKey(_ text: String) -> String {
        words(text).filter { !articles.contains($0) }.joined(separator: " ")
    }

    /// For each item, the index of the earlier item with the same `identity`, or nil for a first occurrence (and
    /// for an item whose identity is empty).
    public static func earlierDuplicates<Item>(_ items: [Item], identity: (Item) -> String) -> [Int?] {
        var first: [String: Int] = [:]
        return items.enumerated().map { index, item in
            let key = identity(item)
            guard !key.isEmpty else { return nil }
            if let earlier = first[key] { return earlier }
            first[key] = index
            return nil
        }
    }

    private static let articles: Set<String> = ["a", "an", "the"]
}

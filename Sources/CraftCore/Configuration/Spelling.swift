/// "Did you mean …?" suggestions for mistyped commands, options, keys and names.
public enum Spelling {
    /// The candidate closest to `word`, when it is close enough to be a likely typo; nil otherwise.
    ///
    /// Closeness is the optimal-string-alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbours each cost 1); a candidate qualifies within a third of the word's length (at least 1, at most 3),
    /// or when `word` is a prefix of exactly one candidate.
    public static func suggestion(for word: String, among candidates: [String]) -> String? {
        let lowered = word.lowercased()
        let limit = min(3, max(1, lowered.count / 3))
        let scored = candidates.map { ($0, distance(lowered, $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit, best.1 < lowered.count {
            return best.0
        }
        let prefixed = candidates.filter { lowered.count >= 2 && $0.lowercased().hasPrefix(lowered) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// The optimal-string-alignment distance between two strings, counted in characters.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}

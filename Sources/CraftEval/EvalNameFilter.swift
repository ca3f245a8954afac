/// `--filter`: a glob (`*`, `?`) or a plain substring, ignoring case.
enum EvalNameFilter {
    static func matches(_ name: String, pattern: String) -> Bool {
        let name = Array(name.lowercased())
        let pattern = Array(pattern.lowercased())
        guard pattern.contains("*") || pattern.contains("?") else {
            return String(name).contains(String(pattern))
        }
        return glob(name[...], pattern[...])
    }

    private static func glob(_ name: ArraySlice<Character>, _ pattern: ArraySlice<Character>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case "*":
            let rest = pattern.dropFirst()
            return (name.startIndex...name.endIndex).contains { glob(name[$0...], rest) }
        case "?":
            return !name.isEmpty && glob(name.dropFirst(), pattern.dropFirst())
        default:
            return name.first == first && glob(name.dropFirst(), pattern.dropFirst())
        }
    }
}

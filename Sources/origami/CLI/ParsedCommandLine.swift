/// A command line after parsing: which command, its options and its arguments, not yet interpreted.
struct ParsedCommandLine: Sendable, Equatable {
    /// The command and subcommand names, e.g. `["engine", "start"]`; empty for `origami` alone.
    var path: [String] = []
    /// Options given, by long name without dashes; a flag's value is `""`. A repeated option keeps its last value, or
    /// for an option that repeats (`--base-url`) every value, one per line.
    var options: [String: String] = [:]
    /// Positional arguments in order.
    var arguments: [String] = []
    /// `-h` or `--help` appeared.
    var wantsHelp = false

    /// Whether a flag or option was given.
    func has(_ name: String) -> Bool { options[name] != nil }

    /// An option's value, if given.
    func value(_ name: String) -> String? { options[name] }

    /// An option's value as a whole number of at least `minimum`; a usage error when it is not one.
    func integer(_ name: String, minimum: Int = 1) throws -> Int? {
        guard let text = options[name] else { return nil }
        guard let number = Int(text), number >= minimum else {
            let expected = "a whole number of at least \(minimum)"
            throw UsageError(problem: .invalidValue(option: "--" + name, value: text, expected: expected), path: path)
        }
        return number
    }
}

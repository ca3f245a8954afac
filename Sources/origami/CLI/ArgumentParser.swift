import CraftCore

/// Turns `CommandLine.arguments` into a `ParsedCommandLine` against the command descriptions.
///
/// Global options are accepted before or after the command; `--name=value` and `--name value` are the same;
/// `--` ends options. `-h`/`--help` anywhere asks for the help of the deepest command named, and then no other
/// mistake on the line is reported.
struct ArgumentParser: Sendable {
    /// The top-level command, whose subcommands are origami's commands.
    var root: CommandSpec
    /// Options every command accepts.
    var globalOptions: [OptionSpec]

    /// Parses the arguments after the program name.
    func parse(_ arguments: [String]) throws -> ParsedCommandLine {
        let endOfOptions = arguments.firstIndex(of: "--") ?? arguments.endIndex
        let wantsHelp = arguments[..<endOfOptions].contains { $0 == "-h" || $0 == "--help" }
        do {
            var result = try parse(arguments, lenient: wantsHelp)
            result.wantsHelp = wantsHelp
            return result
        } catch let error as UsageError where wantsHelp {
            return ParsedCommandLine(path: error.path, wantsHelp: true)
        }
    }

    /// The command reached by `path`, or nil when a name on it is unknown.
    func command(at path: [String]) -> CommandSpec? {
        var spec = root
        for name in path {
            guard let next = spec.subcommand(name) else { return nil }
            spec = next
        }
        return spec
    }

    /// Every option valid for `spec`: its own, then the global ones.
    func options(for spec: CommandSpec) -> [OptionSpec] {
        spec.options + globalOptions.filter { global in !spec.options.contains { $0.name == global.name } }
    }

    private func parse(_ arguments: [String], lenient: Bool) throws -> ParsedCommandLine {
        var result = ParsedCommandLine()
        var spec = root
        var onlyPositionals = false
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let token = arguments[index]
            index += 1
            if !onlyPositionals, token == "--" {
                onlyPositionals = true
            } else if !onlyPositionals, token.hasPrefix("-"), token.count > 1 {
                guard let (option, inline) = try lookUp(token, in: spec, path: result.path, lenient: lenient) else {
                    continue
                }
                if option.valueName == nil {
                    if inline != nil, !lenient {
                        throw UsageError(problem: .unexpectedValue(option: "--" + option.name), path: result.path)
                    }
                    result.options[option.name] = ""
                } else if let value = inline ?? (index < arguments.endIndex ? arguments[index] : nil) {
                    if inline == nil { index += 1 }
                    let earlier = option.isRepeating ? result.options[option.name].map { $0 + "\n" } : nil
                    result.options[option.name] = (earlier ?? "") + value
                } else if !lenient {
                    throw UsageError(
                        problem: .missingValue(option: "--" + option.name, valueName: option.valueName ?? "VALUE"),
                        path: result.path)
                }
            } else if !spec.subcommands.isEmpty {
                guard let next = spec.subcommand(token) else {
                    if lenient { continue }
                    let names = spec.subcommands.filter { !$0.isHidden }.map(\.name)
                    throw UsageError(
                        problem: .unknownCommand(token, suggestion: Spelling.suggestion(for: token, among: names)),
                        path: result.path)
                }
                spec = next
                result.path.append(token)
            } else {
                result.arguments.append(token)
            }
        }
        if !lenient { try validate(result, against: spec) }
        return result
    }

    private func lookUp(
        _ token: String, in spec: CommandSpec, path: [String], lenient: Bool
    ) throws -> (OptionSpec, String?)? {
        let candidates = options(for: spec)
        if token.hasPrefix("--") {
            let body = token.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let option = candidates.first(where: { $0.name == name }) { return (option, inline) }
        } else if token.count == 2, let option = candidates.first(where: { $0.short == token.last }) {
            return (option, nil)
        }
        if lenient { return nil }
        let name = token.hasPrefix("--") ? String(token.prefix { $0 != "=" }) : token
        // An option of origami itself given after a command (`status --version`) is no misspelling of another.
        let rootOnly = GlobalOptions.rootOnly.contains { "--" + $0.name == name }
        let suggestion = rootOnly ? nil : Spelling.suggestion(for: name, among: candidates.map { "--" + $0.name })
        throw UsageError(problem: .unknownOption(name, suggestion: suggestion), path: path)
    }

    private func validate(_ result: ParsedCommandLine, against spec: CommandSpec) throws {
        if !spec.subcommands.isEmpty {
            if result.options["version"] != nil, result.path.isEmpty { return }
            throw UsageError(problem: .missingCommand, path: result.path)
        }
        var remaining = result.arguments[...]
        for argument in spec.arguments {
            if remaining.isEmpty {
                if argument.isOptional { break }
                throw UsageError(problem: .missingArgument(argument.synopsis), path: result.path)
            }
            remaining = argument.isRepeating ? [] : remaining.dropFirst()
        }
        if let extra = remaining.first {
            throw UsageError(problem: .unexpectedArgument(extra), path: result.path)
        }
    }
}

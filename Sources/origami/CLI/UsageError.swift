import CraftSchema

/// A command line origami cannot make sense of; always exit status 64, with the usage of `path`'s command.
struct UsageError: Error, Sendable, Equatable {
    /// What is wrong.
    enum Problem: Sendable, Equatable {
        // MARK: Commands

        /// No command was given where one is needed.
        case missingCommand
        /// A word in the command's place that is no command.
        case unknownCommand(String, suggestion: String?)

        // MARK: Options

        /// An option no command here knows.
        case unknownOption(String, suggestion: String?)
        /// An option that needs a value was last on the line.
        case missingValue(option: String, valueName: String)
        /// A flag was given a value with `=`.
        case unexpectedValue(option: String)
        /// An option's value is not what it must be.
        case invalidValue(option: String, value: String, expected: String)

        // MARK: Arguments

        /// A required positional argument is missing.
        case missingArgument(String)
        /// More positional arguments than the command takes.
        case unexpectedArgument(String)
        /// Anything else, in words.
        case other(String)
    }

    /// What is wrong.
    var problem: Problem
    /// The command the usage line and the `--help` hint are for, e.g. `["engine", "start"]`.
    var path: [String]
}

extension UsageError: ExitStatusProviding {
    var exitStatus: ExitStatus { .usage }
}

extension UsageError: CustomStringConvertible {
    var description: String {
        switch problem {
        case .missingCommand:
            "no command given"
        case .unknownCommand(let name, let suggestion):
            "unknown command '\(name)'" + Self.didYouMean(suggestion)
        case .unknownOption(let name, let suggestion):
            "unknown option '\(name)'" + Self.didYouMean(suggestion)
        case .missingValue(let option, let valueName):
            "option '\(option)' needs a value (\(valueName))"
        case .unexpectedValue(let option):
            "option '\(option)' takes no value"
        case .invalidValue(let option, let value, let expected):
            "option '\(option)': '\(value)' is not valid; expected \(expected)"
        case .missingArgument(let name):
            "missing argument \(name)"
        case .unexpectedArgument(let value):
            "unexpected argument '\(value)'"
        case .other(let message):
            message
        }
    }

    private static func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }
}

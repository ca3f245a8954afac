import CraftImages
import CraftSchema

/// Watches an answer's text while it streams and says when the model has started repeating itself, so the session
/// can stop reading long before the token cap.
///
/// A pure value: feed it the text in chunks of any size and it finds the same loop at the same place. It counts the
/// words of the answer's JSON string *values* (keys, numbers and punctuation are skipped, so `"title":` and
/// `"instruction":` recurring in every list item count for nothing) as one stream of lower-cased words across
/// values. It reports a loop when
/// - the same `phraseLength` words in a row have come `occurrences` times (a step written again and again, a list
///   cycling through the same few items, a sentence saying one phrase over and over), or
/// - `longestRunWithoutWords` characters in a row hold no letter or digit at all (a grammar-bound model emitting
///   whitespace or brackets until the cap).
/// Text outside any JSON value (a code fence, prose from a model without a grammar) counts as words too.
public struct RepetitionDetector: Sendable {
    /// When repetition counts as a loop.
    public struct Rule: Sendable, Hashable {
        /// How many words in a row make a phrase.
        public var phraseLength: Int
        /// How many times one phrase may come before it is a loop.
        public var occurrences: Int
        /// The most characters in a row without a letter or digit.
        public var longestRunWithoutWords: Int

        /// Creates a rule.
        public init(phraseLength: Int = 10, occurrences: Int = 3, longestRunWithoutWords: Int = 256) {
            self.phraseLength = max(1, phraseLength)
            self.occurrences = max(2, occurrences)
            self.longestRunWithoutWords = max(1, longestRunWithoutWords)
        }

        /// Ten words three times, or 256 characters without a word: long past anything a good answer repeats
        /// (three photos described with the same opening words, the same material named in several steps), and
        /// still a few dozen words into a real loop.
        public static let standard = Rule()
    }

    /// A loop found in the text.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// The repeated words, or the characters of a run without words.
        public var phrase: String
        /// How many times the phrase had come when the loop was found; 1 for a run without words.
        public var occurrences: Int
        /// Where the loop was found, in Unicode scalars from the start of the text.
        public var offset: Int

        /// The loop in words, for a retry notice: `"fold the … again" 3 times`.
        public var description: String {
            occurrences > 1 ? "\"\(phrase)\" \(occurrences) times" : "\(phrase) without a word"
        }
    }

    private enum Frame: Sendable {
        case object(expectingKey: Bool)
        case array
    }

    private enum Escape: Sendable, Equatable {
        case none, backslash
        case unicode(remaining: Int)
    }

    /// The rule applied.
    public let rule: Rule
    /// The loop found, once one is; the detector reads nothing more after it.
    public private(set) var finding: Finding?

    private var stack: [Frame] = []
    private var inString = false
    private var stringIsKey = false
    private var escape = Escape.none
    private var word = ""
    private var words: [String] = []
    private var wordHashes: [Int] = []
    private var phraseCounts: [Int: Int] = [:]
    private var runWithoutWords = 0
    private var offset = 0

    /// Creates a detector with `rule`.
    public init(rule: Rule = .standard) {
        self.rule = rule
    }

    /// Reads the next chunk of the answer; returns the loop when this chunk completes one (and every later call
    /// returns it too).
    @discardableResult
    public mutating func feed<S: StringProtocol>(_ chunk: S) -> Finding? {
        guard finding == nil else { return finding }
        for scalar in chunk.unicodeScalars {
            offset += 1
            read(scalar)
            if finding != nil { break }
        }
        return finding
    }

    private mutating func read(_ scalar: Unicode.Scalar) {
        // The letters of an escape (`\n`, `\u00e9`) are not words.
        let isWordCharacter = !(inString && escape != .none) && Self.isWordCharacter(scalar)
        runWithoutWords = isWordCharacter ? 0 : runWithoutWords + 1
        if runWithoutWords >= rule.longestRunWithoutWords {
            finding = Finding(phrase: "\(runWithoutWords) characters", occurrences: 1, offset: offset)
            return
        }
        if inString {
            readInString(scalar, isWordCharacter: isWordCharacter)
        } else {
            readStructure(scalar, isWordCharacter: isWordCharacter)
        }
    }

    private mutating func readInString(_ scalar: Unicode.Scalar, isWordCharacter: Bool) {
        switch escape {
        case .backslash:
            escape = scalar == "u" ? .unicode(remaining: 4) : .none
            return
        case .unicode(let remaining):
            escape = remaining > 1 ? .unicode(remaining: remaining - 1) : .none
            return
        case .none:
            break
        }
        if isWordCharacter {
            if !stringIsKey { Self.appendLowercased(scalar, to: &word) }
            return
        }
        endWord()
        if scalar == "\\" {
            escape = .backslash
        } else if scalar == "\"" {
            inString = false
        }
    }

    private mutating func readStructure(_ scalar: Unicode.Scalar, isWordCharacter: Bool) {
        if stack.isEmpty, isWordCharacter {
            Self.appendLowercased(scalar, to: &word)
            return
        }
        endWord()
        switch scalar {
        case "{": stack.append(.object(expectingKey: true))
        case "[": stack.append(.array)
        case "}", "]": _ = stack.popLast()
        case ":":
            if case .object? = stack.last { stack[stack.count - 1] = .object(expectingKey: false) }
        case ",":
            if case .object? = stack.last { stack[stack.count - 1] = .object(expectingKey: true) }
        case "\"":
            inString = true
            escape = .none
            if case .object(let expectingKey)? = stack.last { stringIsKey = expectingKey } else { stringIsKey = false }
        default: break
        }
    }

    private mutating func endWord() {
        guard !word.isEmpty else { return }
        var hasher = Hasher()
        hasher.combine(word)
        words.append(word)
        wordHashes.append(hasher.finalize())
        word = ""
        let length = rule.phraseLength
        guard wordHashes.count >= length else { return }
        var phrase = Hasher()
        for hash in wordHashes[(wordHashes.count - length)...] { phrase.combine(hash) }
        let key = phrase.finalize()
        let count = phraseCounts[key, default: 0] + 1
        phraseCounts[key] = count
        if count >= rule.occurrences {
            let text = words[(words.count - length)...].joined(separator: " ")
            finding = Finding(phrase: text, occurrences: count, offset: offset)
        }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
        }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    private static func appendLowercased(_ scalar: Unicode.Scalar, to word: inout String) {
        if scalar.isASCII, (0x41...0x5A).contains(scalar.value) {
            word.unicodeScalars.append(Unicode.Scalar(scalar.value + 0x20)!)
        } else if scalar.isASCII {
            word.unicodeScalars.append(scalar)
        } else {
            word += scalar.properties.lowercaseMapping
        }
    }
}

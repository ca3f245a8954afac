// Strings (escapes, surrogate pairs, UTF-8 validation) and numbers, byte by byte, for PartialJSONParser.

extension PartialJSONParser {
    /// Where a number's text is in JSON's number grammar.
    enum NumberPhase: Sendable {
        case sign, zero, integer, dot, fraction, exponentMark, exponentSign, exponent

        /// Whether a number may end here.
        var isComplete: Bool {
            self == .zero || self == .integer || self == .fraction || self == .exponent
        }
    }

    mutating func startString(isKey: Bool, at: Int) {
        self.isKey = isKey
        tokenStart = at
        if isKey { keyBytes.removeAll(keepingCapacity: true) } else { text = "" }
        stringBytes = 0
        state = .string
    }

    /// Appends a run of printable ASCII. A key's bytes are kept as bytes until it ends (a key is not shown before
    /// then); a single character goes straight into the snapshot's leaf when lent; a longer run takes the leaf back
    /// and is appended at once.
    mutating func appendPlain(_ run: UnsafeBufferPointer<UInt8>, at: Int) throws {
        try count(run.count, at: at)
        if isKey {
            if run.count == 1 { keyBytes.append(run[0]) } else { keyBytes.append(contentsOf: run) }
        } else if leafLent, run.count == 1 {
            let scalar = Unicode.Scalar(run[0])
            held!.changeOpenString(depth: frames.count) { $0.unicodeScalars.append(scalar) }
        } else {
            if leafLent { reclaim() }
            text.append(String(decoding: run, as: UTF8.self))
        }
    }

    /// Reads a chunk that is nothing but plain ASCII inside the string the held snapshot shows straight into its
    /// leaf, with one walk down the snapshot and no byte loop: the most common chunk while an answer streams.
    /// Returns false, having done nothing, for any other chunk.
    @inline(__always)
    mutating func appendLentText(_ chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        guard leafLent, state == .string, utf8Remaining == 0, failure == nil, !chunk.isEmpty,
            stringBytes + chunk.count <= limits.maximumStringBytes, chunk.allSatisfy(Self.isPlain)
        else { return false }
        stringBytes += chunk.count
        if chunk.count == 1 {
            let scalar = Unicode.Scalar(chunk[0])
            held!.changeOpenString(depth: frames.count) { $0.unicodeScalars.append(scalar) }
        } else {
            held!.changeOpenString(depth: frames.count) { $0.append(String(decoding: chunk, as: UTF8.self)) }
        }
        offset += chunk.count
        return true
    }

    /// Handles one string byte that is not plain ASCII: the closing quote, a backslash, a control character or
    /// part of a multi-byte UTF-8 character.
    mutating func stringByte(_ byte: UInt8, at: Int) throws {
        if utf8Remaining > 0 {
            guard byte >= utf8Lower, byte <= utf8Upper else { throw SchemaError.invalidUTF8(offset: at) }
            utf8Scalar = utf8Scalar << 6 | UInt32(byte & 0x3F)
            utf8Lower = 0x80
            utf8Upper = 0xBF
            utf8Remaining -= 1
            if utf8Remaining == 0 { try append(utf8Scalar, at: at) }
            return
        }
        switch byte {
        case 0x22:
            if isKey {
                try completeKey(String(decoding: keyBytes, as: UTF8.self), at: tokenStart)
            } else if leafLent {
                leafLent = false
                endHeldValue()
            } else {
                let value = text
                text = ""
                complete(.string(value))
            }
        case 0x5C:
            state = .escape
        case 0x00..<0x20:
            throw SchemaError.controlCharacter(byte, offset: at)
        default:
            try startMultiByte(byte, at: at)
        }
    }

    /// Starts a multi-byte UTF-8 character, refusing overlong forms, encoded surrogates and values past U+10FFFF.
    private mutating func startMultiByte(_ byte: UInt8, at: Int) throws {
        switch byte {
        case 0xC2...0xDF: (utf8Remaining, utf8Scalar) = (1, UInt32(byte & 0x1F))
        case 0xE0: (utf8Remaining, utf8Scalar, utf8Lower) = (2, 0, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: (utf8Remaining, utf8Scalar) = (2, UInt32(byte & 0x0F))
        case 0xED: (utf8Remaining, utf8Scalar, utf8Upper) = (2, 0x0D, 0x9F)
        case 0xF0: (utf8Remaining, utf8Scalar, utf8Lower) = (3, 0, 0x90)
        case 0xF1...0xF3: (utf8Remaining, utf8Scalar) = (3, UInt32(byte & 0x07))
        case 0xF4: (utf8Remaining, utf8Scalar, utf8Upper) = (3, 4, 0x8F)
        default: throw SchemaError.invalidUTF8(offset: at)
        }
    }

    /// Handles a byte of a backslash escape, including the second half of a surrogate pair.
    mutating func escapeByte(_ byte: UInt8, at: Int) throws {
        switch state {
        case .escape:
            let unescaped: UInt32
            switch byte {
            case 0x22, 0x5C, 0x2F: unescaped = UInt32(byte)
            case 0x62: unescaped = 0x08
            case 0x66: unescaped = 0x0C
            case 0x6E: unescaped = 0x0A
            case 0x72: unescaped = 0x0D
            case 0x74: unescaped = 0x09
            case 0x75:
                (state, hex, hexCount) = (.unicode, 0, 0)
                return
            default:
                throw SchemaError.invalidEscape("\\" + Self.printable(byte), offset: at - 1)
            }
            state = .string
            try append(unescaped, at: at)
        case .unicode:
            guard let digit = Self.hexValue(byte) else {
                let digits = hexCount == 0 ? "" : String(hex, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, hexCount - digits.count)) + digits
                throw SchemaError.invalidEscape("\\u" + padded + Self.printable(byte), offset: at - hexCount - 2)
            }
            hex = hex << 4 | digit
            hexCount += 1
            if hexCount == 4 { try endUnicodeEscape(at: at) }
        case .lowBackslash, .lowU:
            guard byte == (state == .lowBackslash ? 0x5C : 0x75) else {
                throw SchemaError.loneSurrogate(Self.escapeText(highSurrogate), offset: at)
            }
            state = state == .lowBackslash ? .lowU : .unicode
            (hex, hexCount) = (0, 0)
        default:
            preconditionFailure("escapeByte in state \(state)")
        }
    }

    private mutating func endUnicodeEscape(at: Int) throws {
        let start = at - 5
        if highSurrogate != 0 {
            guard (0xDC00...0xDFFF).contains(hex) else {
                throw SchemaError.loneSurrogate(Self.escapeText(highSurrogate), offset: start - 6)
            }
            let scalar = 0x10000 + (highSurrogate - 0xD800) << 10 + (hex - 0xDC00)
            highSurrogate = 0
            state = .string
            try append(scalar, at: at)
        } else if (0xD800...0xDBFF).contains(hex) {
            highSurrogate = hex
            state = .lowBackslash
        } else if (0xDC00...0xDFFF).contains(hex) {
            throw SchemaError.loneSurrogate(Self.escapeText(hex), offset: start)
        } else {
            state = .string
            try append(hex, at: at)
        }
    }

    /// Appends one decoded scalar to the string being read.
    private mutating func append(_ value: UInt32, at: Int) throws {
        guard let scalar = Unicode.Scalar(value) else { throw SchemaError.invalidUTF8(offset: at) }
        try count(UTF8.width(scalar), at: at)
        if isKey {
            keyBytes.append(contentsOf: scalar.utf8)
        } else if leafLent {
            held!.changeOpenString(depth: frames.count) { $0.unicodeScalars.append(scalar) }
        } else {
            text.unicodeScalars.append(scalar)
        }
    }

    private mutating func count(_ bytes: Int, at: Int) throws {
        stringBytes += bytes
        if stringBytes > limits.maximumStringBytes {
            throw SchemaError.stringTooLong(limit: limits.maximumStringBytes, offset: tokenStart)
        }
    }

    // MARK: Numbers

    static func isNumberByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || byte == 0x2D || byte == 0x2B || byte == 0x2E || byte == 0x65 || byte == 0x45
    }

    mutating func numberByte(_ byte: UInt8, at: Int) throws {
        let digit = (0x30...0x39).contains(byte)
        let next: NumberPhase? = switch (numberPhase, byte) {
        case (.sign, 0x30): .zero
        case (.sign, _) where digit: .integer
        case (.integer, _) where digit: .integer
        case (.zero, 0x2E), (.integer, 0x2E): .dot
        case (.dot, _) where digit, (.fraction, _) where digit: .fraction
        case (.zero, 0x65), (.zero, 0x45), (.integer, 0x65), (.integer, 0x45), (.fraction, 0x65), (.fraction, 0x45):
            .exponentMark
        case (.exponentMark, 0x2B), (.exponentMark, 0x2D): .exponentSign
        case (.exponentMark, _) where digit, (.exponentSign, _) where digit, (.exponent, _) where digit: .exponent
        default: nil
        }
        numberText.append(byte)
        guard let next, numberText.count <= limits.maximumStringBytes else {
            throw SchemaError.invalidNumber(String(decoding: numberText.prefix(40), as: UTF8.self), offset: at)
        }
        numberPhase = next
    }

    /// Ends the number being read at a byte that cannot be part of it.
    mutating func endNumber(at: Int) throws {
        guard numberPhase.isComplete else {
            throw SchemaError.invalidNumber(String(decoding: numberText.prefix(40), as: UTF8.self), offset: at)
        }
        complete(.number(String(decoding: numberText, as: UTF8.self)))
    }

    // MARK: Words other than true, false and null

    /// Reads one more byte of a bad word (kept in `literal`): a letter, digit or underscore adds to it, anything
    /// else ends it with the error, which names the whole word rather than the first byte that went wrong.
    mutating func badWordByte(_ byte: UInt8) throws {
        let isWordByte = Self.isWordByte(byte)
        guard isWordByte, literal.count < Self.longestWordShown else { throw badWord(cut: isWordByte) }
        literal.append(byte)
    }

    /// A letter, digit or underscore: a byte that continues a bare word.
    static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
    }

    /// The error for the bad word read so far; `cut` marks that it goes on past what is shown.
    func badWord(cut: Bool = false) -> SchemaError {
        .invalidLiteral(String(decoding: literal, as: UTF8.self) + (cut ? "…" : ""), offset: tokenStart)
    }

    static let longestWordShown = 40

    // MARK: Messages and byte classes

    /// What could come next, for messages; at the end of the input it also lists the brackets left open.
    func expectation(atEnd: Bool) -> String {
        let what = switch state {
        case .value: "a value (object, array, string, number, true, false or null)"
        case .valueOrClose: "a value or ']'"
        case .keyOrClose: "a key in double quotes or '}'"
        case .key: "a key in double quotes"
        case .colon: "':'"
        case .commaOrClose: frames.last?.isObject == true ? "',' or '}'" : "',' or ']'"
        case .end: "the end of the text"
        case .string: "the rest of the string and its closing '\"'"
        case .escape, .unicode, .lowBackslash, .lowU: "the rest of the escape sequence"
        case .number:
            !numberPhase.isComplete ? "the rest of the number"
                : frames.last?.isObject == true ? "',' or '}'" : frames.isEmpty ? "the end of the text" : "',' or ']'"
        case .literal: "'" + String(decoding: literal, as: UTF8.self) + "'"
        case .badWord: "true, false or null"
        }
        let closers = String(frames.reversed().map { $0.isObject ? "}" : "]" })
        return atEnd && !closers.isEmpty ? "\(what), with \(closers) still to close" : what
    }

    static let trueBytes = Array("true".utf8)
    static let falseBytes = Array("false".utf8)
    static let nullBytes = Array("null".utf8)

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// A byte that stands for itself inside a string: printable ASCII other than `"` and `\`.
    static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x80 && byte != 0x22 && byte != 0x5C
    }

    /// A byte for messages: `'x'` when printable ASCII, else its hex value.
    static func show(_ byte: UInt8) -> String {
        if byte == 0x27 { return #""'""# }
        guard byte >= 0x21, byte < 0x7F else { return "byte 0x" + String(byte, radix: 16) }
        return "'\(Character(Unicode.Scalar(byte)))'"
    }

    // MARK: Helpers

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    static func printable(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? String(Character(Unicode.Scalar(byte))) : "<0x" + String(byte, radix: 16) + ">"
    }

    static func escapeText(_ unit: UInt32) -> String {
        "\\u" + String(unit, radix: 16, uppercase: true)
    }
}

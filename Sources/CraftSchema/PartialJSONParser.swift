/// An incremental JSON parser: fed a model's answer in chunks of any size, it returns after each chunk a snapshot
/// of everything parsed so far, so a partly generated value can be shown while the answer streams.
///
/// A snapshot shows complete values, an unterminated string's text so far, and open arrays and objects with their
/// complete members plus the partial last one; a member appears once its value has started, numbers and
/// `true`/`false`/`null` once complete. Each snapshot extends the previous one. The parser keeps a stack of open
/// containers and never re-reads input, so the total cost is linear in the answer's length (a snapshot costs a few
/// moves per level of nesting, not a copy of what it shows). It is also the one JSON parser of the schema layer:
/// `GeneratedContent(json:)` feeds it the whole text at once.
public struct PartialJSONParser: Sendable {
    /// How large an input the parser accepts; past a limit it throws rather than exhaust memory or stack.
    public struct Limits: Sendable, Hashable {
        /// The deepest nesting of arrays and objects.
        public var maximumDepth: Int
        /// The longest string, in UTF-8 bytes.
        public var maximumStringBytes: Int

        /// Creates limits; the defaults are far beyond any model answer and far below what would hurt.
        public init(maximumDepth: Int = 256, maximumStringBytes: Int = 1 << 20) {
            self.maximumDepth = maximumDepth
            self.maximumStringBytes = maximumStringBytes
        }
    }

    enum State: Sendable {
        case value, valueOrClose, keyOrClose, key, colon, commaOrClose, end
        case string, escape, unicode, lowBackslash, lowU, number, literal
        /// Reading the rest of a bare word that is not `true`, `false` or `null` (`truth`, `yes`), for the message.
        case badWord

        /// Inside a string, possibly in the middle of an escape.
        var isInString: Bool {
            self == .string || self == .escape || self == .unicode || self == .lowBackslash || self == .lowU
        }
    }

    struct Frame: Sendable {
        let isObject: Bool
        var elements: [GeneratedContent] = []
        var members: [GeneratedContent.Member] = []
        var pendingKey = ""
        var keys: Set<String> = []
    }

    /// The limits this parser enforces.
    public let limits: Limits
    var state = State.value
    var frames: [Frame] = []
    @usableFromInline var root: GeneratedContent?
    var offset = 0
    var failure: SchemaError?
    /// The last snapshot, made of the open frames' storage; while it is held, it is the storage of everything
    /// parsed and the frames' arrays are empty (see PartialJSONParser+Snapshot.swift).
    @usableFromInline var held: GeneratedContent?
    /// Whether the held snapshot holds the string being read, as its innermost open container's last member.
    var leafLent = false

    // The token being read.
    /// A value string's text while the frames own the storage.
    var text = ""
    /// A key's UTF-8, made a String only when it ends (a key shows in no snapshot before its value begins).
    var keyBytes: [UInt8] = []
    var isKey = false
    var tokenStart = 0
    var stringBytes = 0
    var hex: UInt32 = 0
    var hexCount = 0
    var highSurrogate: UInt32 = 0
    var utf8Remaining = 0
    var utf8Scalar: UInt32 = 0
    var utf8Lower: UInt8 = 0x80
    var utf8Upper: UInt8 = 0xBF
    var numberText: [UInt8] = []
    var numberPhase = NumberPhase.integer
    var literal: [UInt8] = []
    var literalIndex = 0
    /// The offset just past the last complete `true`, `false` or `null`, where a letter would make it a bad word.
    var literalEnd = -1
    /// The offset of the last ',' between members or elements, which a closing bracket right after makes trailing.
    var lastComma = 0

    /// Creates a parser with the default limits.
    public init() {
        self.limits = Limits()
    }

    /// Creates a parser with the given limits.
    public init(limits: Limits) {
        self.limits = limits
    }

    /// How many bytes the parser has consumed.
    public var bytesConsumed: Int { offset }

    /// Whether a complete top-level value has been read.
    public var isComplete: Bool { root != nil }

    /// Parses the next chunk and returns the snapshot of everything so far, or nil while no value has begun.
    public mutating func feed(_ chunk: String) throws -> GeneratedContent? {
        var chunk = chunk
        try chunk.withUTF8 { try consume($0) }
        return held ?? buildSnapshot()
    }

    /// Parses the next chunk of UTF-8 bytes and returns the snapshot of everything so far, or nil while no value
    /// has begun.
    public mutating func feed(_ chunk: UnsafeBufferPointer<UInt8>) throws -> GeneratedContent? {
        try consume(chunk)
        return held ?? buildSnapshot()
    }

    /// Parses the next chunk of UTF-8 bytes and returns the snapshot of everything so far, or nil while no value
    /// has begun.
    public mutating func feed(_ chunk: ArraySlice<UInt8>) throws -> GeneratedContent? {
        try chunk.withUnsafeBufferPointer { try consume($0) }
        return held ?? buildSnapshot()
    }

    /// Parses the next chunk of UTF-8 bytes and returns the snapshot of everything so far, or nil while no value
    /// has begun. A multi-byte character may be split across chunks.
    public mutating func feed(_ chunk: some Sequence<UInt8>) throws -> GeneratedContent? {
        let done: Void? = try chunk.withContiguousStorageIfAvailable { try consume($0) }
        if done == nil { try Array(chunk).withUnsafeBufferPointer { try consume($0) } }
        return held ?? buildSnapshot()
    }

    /// Parses the next chunk of UTF-8 bytes and lends `body` the snapshot of everything so far (nil while no value
    /// has begun). The snapshot is borrowed, not copied: a caller that only reads it saves a retain and a release
    /// per chunk, and the next chunk finds its storage unique (copy it to keep it). Inlinable so that the caller
    /// reads it where the parser keeps it, without a call across the module boundary.
    @inlinable
    public mutating func feed<Result>(
        _ chunk: UnsafeBufferPointer<UInt8>, reading body: (GeneratedContent?) throws -> Result
    ) throws -> Result {
        try consume(chunk)
        if root != nil { return try body(root) }
        if held == nil { _ = buildSnapshot() }
        return try body(held)
    }

    /// Ends the input: returns the complete value, or throws when the text stopped inside one (a truncated answer).
    public mutating func finish() throws -> GeneratedContent {
        if let failure { throw failure }
        reclaim()
        if state == .number, frames.isEmpty { try endNumber(at: offset) }
        if state == .badWord {
            let failure = badWord()
            self.failure = failure
            throw failure
        }
        if let root { return root }
        let failure = SchemaError.unexpectedEnd(offset: offset, expected: expectation(atEnd: true))
        self.failure = failure
        throw failure
    }

    /// Parses bytes without building a snapshot.
    @usableFromInline
    mutating func consume(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if appendLentText(bytes) { return }
        if let failure { throw failure }
        if held != nil, bytes.count > Self.lendingChunkLimit { reclaim() }
        do {
            try scan(bytes)
        } catch let error as SchemaError {
            failure = error
            throw error
        }
        offset += bytes.count
    }

    @inline(__always)
    private mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            let at = offset + i
            switch state {
            case .string:
                if utf8Remaining == 0, Self.isPlain(byte) {
                    var j = i + 1
                    while j < count, Self.isPlain(bytes[j]) { j += 1 }
                    try appendPlain(UnsafeBufferPointer(rebasing: bytes[i..<j]), at: at)
                    i = j
                    continue
                }
                try stringByte(byte, at: at)
            case .escape, .unicode, .lowBackslash, .lowU:
                try escapeByte(byte, at: at)
            case .number:
                if Self.isNumberByte(byte) {
                    try numberByte(byte, at: at)
                } else {
                    try endNumber(at: at)
                    continue
                }
            case .literal:
                guard byte == literal[literalIndex] else {
                    literal.removeSubrange(literalIndex...)
                    state = .badWord
                    continue
                }
                literalIndex += 1
                if literalIndex == literal.count {
                    complete(literal[0] == 0x6E ? .null : .bool(literal[0] == 0x74))
                    literalEnd = at + 1
                }
            case .badWord:
                try badWordByte(byte)
            default:
                if at == literalEnd, Self.isWordByte(byte) {
                    // `falsehood`: the literal was complete, but the word goes on.
                    state = .badWord
                    continue
                }
                if !Self.isWhitespace(byte) { try structural(byte, at: at) }
            }
            i += 1
        }
    }

    private mutating func structural(_ byte: UInt8, at: Int) throws {
        switch (state, byte) {
        case (.end, _):
            throw SchemaError.trailingData(offset: at)
        case (.valueOrClose, 0x5D), (.keyOrClose, 0x7D), (.commaOrClose, 0x5D), (.commaOrClose, 0x7D):
            guard (byte == 0x7D) == frames[frames.count - 1].isObject else { break }
            let frame = frames.removeLast()
            if held != nil {
                endHeldValue()
            } else {
                complete(frame.isObject ? .object(frame.members) : .array(frame.elements))
            }
            return
        case (.value, 0x5D) where frames.last?.isObject == false, (.key, 0x7D):
            // `.value` in an array and `.key` come only after a comma: `[1,]`, `{"a": 1,}`.
            throw SchemaError.trailingComma(before: Self.show(byte), offset: lastComma)
        case (.value, _), (.valueOrClose, _):
            try startValue(byte, at: at)
            return
        case (.keyOrClose, 0x22), (.key, 0x22):
            startString(isKey: true, at: at)
            return
        case (.colon, 0x3A):
            state = .value
            return
        case (.commaOrClose, 0x2C):
            lastComma = at
            state = frames[frames.count - 1].isObject ? .key : .value
            return
        default:
            break
        }
        throw SchemaError.unexpectedCharacter(Self.show(byte), offset: at, expected: expectation(atEnd: false))
    }

    private mutating func startValue(_ byte: UInt8, at: Int) throws {
        switch byte {
        case 0x7B, 0x5B:
            guard frames.count < limits.maximumDepth else {
                throw SchemaError.tooDeep(limit: limits.maximumDepth, offset: at)
            }
            if held != nil { addToHeld(byte == 0x7B ? .object([]) : .array([])) }
            frames.append(Frame(isObject: byte == 0x7B))
            state = byte == 0x7B ? .keyOrClose : .valueOrClose
        case 0x22:
            startString(isKey: false, at: at)
            if held != nil {
                addToHeld(.string(""))
                leafLent = true
            }
        case 0x2D, 0x30...0x39:
            numberText.removeAll(keepingCapacity: true)
            numberText.append(byte)
            numberPhase = byte == 0x2D ? .sign : byte == 0x30 ? .zero : .integer
            state = .number
        case 0x74, 0x66, 0x6E:
            literal = byte == 0x74 ? Self.trueBytes : byte == 0x66 ? Self.falseBytes : Self.nullBytes
            literalIndex = 1
            tokenStart = at
            state = .literal
        case 0x41...0x5A, 0x61...0x7A, 0x5F:
            // Any other bare word (`yes`, `True`, `NaN`): read it whole, so the message names the word, not a letter.
            literal = [byte]
            tokenStart = at
            state = .badWord
        default:
            throw SchemaError.unexpectedCharacter(Self.show(byte), offset: at, expected: expectation(atEnd: false))
        }
    }

    /// Records a complete value in the innermost open container, or as the document's value.
    mutating func complete(_ value: GeneratedContent) {
        guard !frames.isEmpty else {
            reclaim()
            root = value
            state = .end
            return
        }
        let last = frames.count - 1
        if held != nil {
            addToHeld(value)
        } else if frames[last].isObject {
            frames[last].members.append(GeneratedContent.Member(frames[last].pendingKey, value))
        } else {
            frames[last].elements.append(value)
        }
        state = .commaOrClose
    }

    /// Records a complete key, refusing one the object already has.
    mutating func completeKey(_ key: String, at: Int) throws {
        let last = frames.count - 1
        if frames[last].keys.isEmpty {
            if held != nil {
                try checkHeldKey(key, at: at)
            } else if frames[last].members.count < 8 {
                if frames[last].members.contains(where: { $0.key == key }) {
                    throw SchemaError.duplicateKey(key, offset: at)
                }
            } else {
                frames[last].keys = Set(frames[last].members.map(\.key))
            }
        }
        if !frames[last].keys.isEmpty, !frames[last].keys.insert(key).inserted {
            throw SchemaError.duplicateKey(key, offset: at)
        }
        frames[last].pendingKey = key
        state = .colon
    }

    /// The largest chunk read into the held snapshot in place; a larger one first takes the snapshot's storage back,
    /// since in-place updates cost a walk down the open containers each while the frames take values at no cost.
    static let lendingChunkLimit = 16
}

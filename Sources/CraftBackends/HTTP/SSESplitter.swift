/// Splits a byte stream into server-sent events (the OpenAI-compatible stream format), whatever the chunking.
///
/// Follows the event-stream rules: lines end in `\n`, `\r\n` or `\r` (also when a chunk boundary falls between
/// `\r` and `\n`); `data:` lines of one event are joined by newlines; lines starting with `:` are comments; a blank
/// line ends an event. `[DONE]` is passed on as ordinary data for the caller to recognise. A pure value holding
/// at most `maximumEventBytes` of one event.
public struct SSESplitter: Sendable {
    /// One event: its type (nil means `message`) and its data lines joined by `\n`.
    public struct Event: Sendable, Hashable {
        /// The `event:` field, or nil when the event did not name one.
        public var name: String?
        /// The event's data.
        public var data: String

        /// Creates an event.
        public init(name: String? = nil, data: String) {
            self.name = name
            self.data = data
        }
    }

    /// The largest event accepted: the bytes of its data plus the unfinished line being read.
    public let maximumEventBytes: Int
    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var name: String?
    private var afterCarriageReturn = false

    /// Creates a splitter that refuses events larger than `maximumEventBytes`.
    public init(maximumEventBytes: Int = 8 * 1_048_576) {
        self.maximumEventBytes = maximumEventBytes
    }

    /// Whether an event or a line has started but not ended.
    public var hasPartialEvent: Bool {
        !line.isEmpty || hasData
    }

    /// Feeds a chunk and returns the events it completes.
    public mutating func feed(_ chunk: some Sequence<UInt8>) throws(LineSplitterError) -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if afterCarriageReturn {
                afterCarriageReturn = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\n"):
                if let event = endLine() { events.append(event) }
            case UInt8(ascii: "\r"):
                afterCarriageReturn = true
                if let event = endLine() { events.append(event) }
            default:
                guard line.count + data.count < maximumEventBytes else {
                    throw .lineTooLong(limitBytes: maximumEventBytes)
                }
                line.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: a last event whose lines all ended but which lacked its blank line is still delivered;
    /// an unfinished line is dropped (check `hasPartialEvent` first to tell a cut stream).
    public mutating func finish() -> Event? {
        line.removeAll()
        return dispatch()
    }

    private mutating func endLine() -> Event? {
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty { return dispatch() }
        if line[0] == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":")) ?? line.endIndex
        let field = line[..<colon]
        var valueStart = colon < line.endIndex ? colon + 1 : colon
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        if field.elementsEqual("data".utf8) {
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        } else if field.elementsEqual("event".utf8) {
            name = String(decoding: value, as: UTF8.self)
        }
        return nil
    }

    private mutating func dispatch() -> Event? {
        defer {
            data.removeAll(keepingCapacity: true)
            hasData = false
            name = nil
        }
        guard hasData else { return nil }
        return Event(name: name, data: String(decoding: data, as: UTF8.self))
    }
}

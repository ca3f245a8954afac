public import Foundation

/// Splits a byte stream into newline-delimited JSON lines (Ollama's stream format), whatever the chunking.
///
/// A pure value: the transport feeds it chunks as they arrive and gets back every line completed so far. It holds
/// at most `maximumLineBytes` of an unfinished line, so a server that never sends a newline cannot exhaust memory.
public struct NDJSONSplitter: Sendable {
    /// The longest line accepted, in bytes, not counting its line ending.
    public let maximumLineBytes: Int
    private var pending: [UInt8] = []

    /// Creates a splitter that refuses lines longer than `maximumLineBytes`.
    public init(maximumLineBytes: Int = 8 * 1_048_576) {
        self.maximumLineBytes = maximumLineBytes
    }

    /// Whether part of a line is waiting for its newline.
    public var hasPartialLine: Bool {
        pending.contains { !Self.isBlank($0) }
    }

    /// Feeds a chunk and returns the complete, non-blank lines it finishes, without their line endings.
    public mutating func feed(_ chunk: some Sequence<UInt8>) throws(LineSplitterError) -> [Data] {
        var lines: [Data] = []
        for byte in chunk {
            if byte == UInt8(ascii: "\n") {
                if let line = takeLine() { lines.append(line) }
            } else {
                guard pending.count < maximumLineBytes else {
                    throw .lineTooLong(limitBytes: maximumLineBytes)
                }
                pending.append(byte)
            }
        }
        return lines
    }

    /// Ends the stream: returns the last line when it lacked a final newline, or nil when nothing was left.
    public mutating func finish() -> Data? {
        takeLine()
    }

    private mutating func takeLine() -> Data? {
        defer { pending.removeAll(keepingCapacity: true) }
        var end = pending.endIndex
        while end > pending.startIndex, Self.isBlank(pending[end - 1]) { end -= 1 }
        var start = pending.startIndex
        while start < end, Self.isBlank(pending[start]) { start += 1 }
        return start < end ? Data(pending[start..<end]) : nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}

/// Why a line splitter gave up on a stream.
public enum LineSplitterError: Error, Sendable, Hashable {
    /// A line (or an SSE event) grew past the splitter's limit without ending.
    case lineTooLong(limitBytes: Int)
}

extension LineSplitterError: CustomStringConvertible {
    /// What went wrong, for the server error it becomes.
    public var description: String {
        switch self {
        case .lineTooLong(let limit):
            "a line of the response stream is longer than \(limit) bytes; the server is not sending a valid stream"
        }
    }
}

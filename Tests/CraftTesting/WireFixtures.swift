public import CraftBackends
import Foundation
import Testing

/// Recorded wire streams from Tests/CraftTesting/Fixtures, and ways to replay them in chunks.
public enum WireFixtures {
    /// The bytes of a fixture, e.g. `openai/llama-server-stop.sse`.
    public static func bytes(_ path: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/\(path)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// The bytes split into pieces of `size` (the last may be shorter).
    public static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
    }

    /// Chunk sizes that cover every boundary of a short input and a spread of larger ones: 1…64, then steps.
    public static func sizes(for count: Int) -> [Int] {
        Array(1...min(64, max(1, count))) + stride(from: 65, through: max(65, count), by: 37).map { $0 } + [count + 1]
    }

    /// The concatenated text deltas of some events.
    public static func text(_ events: [ModelEvent]) -> String {
        events.map { if case .textDelta(let text) = $0 { text } else { "" } }.joined()
    }
}

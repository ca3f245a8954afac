public import CraftBackends
import Foundation

extension Cassette {
    /// A cassette in a fresh file under the temporary directory, for a test to record into and replay.
    public static func temporary() -> Cassette {
        Cassette(
            url: FileManager.default.temporaryDirectory.appendingPathComponent("cassette-\(UUID().uuidString).jsonl"))
    }
}

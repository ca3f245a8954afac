import Foundation
import Testing
@testable import CraftCore

/// Recorded wire streams from Tests/CraftCoreTests/Fixtures, and ways to replay them in chunks.
enum WireFixtures {
    /// The bytes of a fixture, e.g. `openai/llama-server-stop.sse`.
    static func bytes(_ path: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures/\(path)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// The bytes split into pieces of `size` (the last may be shorter).
    static func chunks(_ bytes: [UInt8], size: Int) -> [ArraySlice<UInt8>] {
        stride(from: 0, to: bytes.count, by: size).map { bytes[$0..<min($0 + size, bytes.count)] }
    }

    /// Chunk sizes that cover every boundary of a short input and a spread of larger ones: 1…64, then steps.
    static func sizes(for count: Int) -> [Int] {
        Array(1...min(64, max(1, count))) + stride(from: 65, through: max(65, count), by: 37).map { $0 } + [count + 1]
    }

    /// The events a decoder produces from a fixture replayed in chunks of `size`, or the error it throws.
    static func openAIEvents(_ bytes: [UInt8], size: Int) -> Result<[ModelEvent], ModelError> {
        var splitter = SSESplitter()
        var decoder = OpenAIStreamDecoder(classifier: classifier("openai"))
        var events: [ModelEvent] = []
        do {
            for chunk in chunks(bytes, size: size) {
                for event in try splitter.feed(chunk) { events += try decoder.decode(event) }
            }
            if let last = splitter.finish() { events += try decoder.decode(last) }
            events += try decoder.finish()
            return .success(events)
        } catch let error as ModelError {
            return .failure(error)
        } catch {
            return .failure(.serverError(backend: "test", status: nil, message: "\(error)"))
        }
    }

    /// The events the Ollama decoder produces from a fixture replayed in chunks of `size`, or the error it throws.
    static func ollamaEvents(_ bytes: [UInt8], size: Int) -> Result<[ModelEvent], ModelError> {
        var splitter = NDJSONSplitter()
        var decoder = OllamaStreamDecoder(classifier: classifier("ollama"))
        var events: [ModelEvent] = []
        do {
            for chunk in chunks(bytes, size: size) {
                for line in try splitter.feed(chunk) { events += try decoder.decode(line) }
            }
            events += try decoder.finish(leftover: decoder.isDone ? nil : splitter.finish())
            return .success(events)
        } catch let error as ModelError {
            return .failure(error)
        } catch {
            return .failure(.serverError(backend: "test", status: nil, message: "\(error)"))
        }
    }

    static func classifier(_ backend: String) -> ServerErrorClassifier {
        ServerErrorClassifier(backend: backend, model: "m", missingModelRemedy: "pull it", redactor: Redactor())
    }

    /// The concatenated text deltas of some events.
    static func text(_ events: [ModelEvent]) -> String {
        events.map { if case .textDelta(let text) = $0 { text } else { "" } }.joined()
    }
}

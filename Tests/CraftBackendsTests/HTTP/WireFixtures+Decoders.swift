@testable import CraftBackends
import CraftTesting

/// The backends' stream decoders fed a recorded fixture in chunks.
extension WireFixtures {
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
}

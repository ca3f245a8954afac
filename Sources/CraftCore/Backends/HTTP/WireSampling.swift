/// Sampling as the HTTP wire formats spell it: greedy is temperature 0 with top-k 1; random sampling carries
/// its seed when one was chosen. Shared by the Ollama, OpenAI and engine request bodies.
struct WireSampling: Sendable, Hashable {
    var temperature: Double?
    var topK: Int?
    var seed: Int?

    init(_ options: GenerationOptions) {
        temperature = options.temperature
        switch options.sampling {
        case .greedy?:
            temperature = 0
            topK = 1
        case .random(let chosen)?:
            seed = chosen.map { Int(truncatingIfNeeded: $0) }
        case nil:
            break
        }
    }
}

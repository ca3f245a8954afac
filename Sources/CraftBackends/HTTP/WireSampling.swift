import CraftSchema

/// Sampling as the HTTP wire formats spell it: greedy is temperature 0 with top-k 1; random sampling carries
/// its seed when one was chosen; repetition penalties under each wire's own names. Shared by the Ollama, OpenAI
/// and engine request bodies.
struct WireSampling: Sendable, Hashable {
    var temperature: Double?
    var topK: Int?
    var seed: Int?
    var repetition: RepetitionPenalties?

    /// Which server reads the body, and so which penalty fields it understands.
    enum Dialect: Sendable {
        /// llama.cpp's `llama-server`, on `/completion` or its chat endpoint: every penalty, DRY included.
        case llamaCpp
        /// Ollama's `options`: repeat, last-n, presence and frequency.
        case ollama
        /// An OpenAI-compatible server not known to be llama.cpp: presence and frequency only.
        case openAI
    }

    init(_ options: GenerationOptions) {
        temperature = options.temperature
        repetition = options.repetition
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

    /// The penalty fields for `dialect`, in a fixed order; unset ones are nil (and so left out of the body).
    func penalties(for dialect: Dialect) -> [(String, GeneratedContent?)] {
        let penalties = repetition ?? RepetitionPenalties()
        let llamaCpp = dialect == .llamaCpp
        let classic = dialect != .openAI
        let dry = llamaCpp ? penalties.dry : nil
        return [
            ("repeat_penalty", classic ? penalties.repeatPenalty.map(GeneratedContent.init) : nil),
            ("repeat_last_n", classic ? penalties.repeatLastN.map(GeneratedContent.init) : nil),
            ("presence_penalty", penalties.presencePenalty.map(GeneratedContent.init)),
            ("frequency_penalty", penalties.frequencyPenalty.map(GeneratedContent.init)),
            ("dry_multiplier", dry.map { GeneratedContent($0.multiplier) }),
            ("dry_base", dry.map { GeneratedContent($0.base) }),
            ("dry_allowed_length", dry.map { GeneratedContent($0.allowedLength) }),
            ("dry_penalty_last_n", dry.map { GeneratedContent($0.penaltyLastN) }),
        ]
    }
}

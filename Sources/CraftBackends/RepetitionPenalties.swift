/// Sampling penalties that keep a model from repeating itself; a nil field leaves the server's default.
///
/// Small models under a JSON grammar loop: the same step ten times, a list cycling through three items until the
/// token cap. The classic penalties (repeat, presence, frequency) lower the odds of tokens seen recently; DRY
/// ("don't repeat yourself", llama.cpp only) penalises the token that would extend a sequence already present, so
/// it stops a repeated phrase without penalising common words. Each backend sends the fields its wire knows
/// (see `WireSampling`).
public struct RepetitionPenalties: Sendable, Hashable, Codable {
    /// Divides the odds of tokens among the last `repeatLastN` (llama.cpp, Ollama); 1 is off.
    public var repeatPenalty: Double?
    /// How many recent tokens the repeat, presence and frequency penalties look at (llama.cpp, Ollama); 0 is off.
    public var repeatLastN: Int?
    /// Subtracted once from the logit of every token already present (OpenAI, llama.cpp, Ollama); 0 is off.
    public var presencePenalty: Double?
    /// Subtracted from a token's logit for each time it is present (OpenAI, llama.cpp, Ollama); 0 is off.
    public var frequencyPenalty: Double?
    /// DRY sampling (llama.cpp only); nil leaves it off.
    public var dry: DRY?

    /// Creates penalties; nil leaves a field at the server's default.
    public init(
        repeatPenalty: Double? = nil, repeatLastN: Int? = nil, presencePenalty: Double? = nil,
        frequencyPenalty: Double? = nil, dry: DRY? = nil
    ) {
        self.repeatPenalty = repeatPenalty
        self.repeatLastN = repeatLastN
        self.presencePenalty = presencePenalty
        self.frequencyPenalty = frequencyPenalty
        self.dry = dry
    }

    /// llama.cpp's DRY sampler: a token that would extend a sequence already seen gets its logit lowered by
    /// `multiplier × base ^ (length − allowedLength)`, where `length` is how long the repeated sequence already is.
    public struct DRY: Sendable, Hashable, Codable {
        /// How strong the penalty is; 0 is off.
        public var multiplier: Double
        /// How fast the penalty grows with the length of the repeat (at least 1).
        public var base: Double
        /// The longest repeat that goes unpenalised, in tokens.
        public var allowedLength: Int
        /// How many recent tokens are searched for repeats (0 is off).
        public var penaltyLastN: Int

        /// Creates DRY settings.
        public init(multiplier: Double, base: Double = 1.75, allowedLength: Int = 2, penaltyLastN: Int) {
            self.multiplier = multiplier
            self.base = base
            self.allowedLength = allowedLength
            self.penaltyLastN = penaltyLastN
        }
    }

    /// Whether no field is set.
    public var isEmpty: Bool {
        repeatPenalty == nil && repeatLastN == nil && presencePenalty == nil && frequencyPenalty == nil && dry == nil
    }

    /// Penalties made stronger by `steps` steps, for asking again after an answer that looped with deterministic
    /// sampling (greedy or seeded), which would otherwise loop the same way again.
    ///
    /// Each step adds 0.05 to the repeat penalty (from 1 when unset), 0.2 to the presence penalty and 0.4 to the
    /// DRY multiplier (from 0.8 when unset), and looks back at least 256 tokens.
    public func strengthened(by steps: Int) -> RepetitionPenalties {
        guard steps > 0 else { return self }
        let step = Double(steps)
        var stronger = self
        stronger.repeatPenalty = (repeatPenalty ?? 1) + 0.05 * step
        stronger.repeatLastN = max(repeatLastN ?? 0, 256)
        stronger.presencePenalty = (presencePenalty ?? 0) + 0.2 * step
        var dry = self.dry ?? DRY(multiplier: 0.4, penaltyLastN: 256)
        dry.multiplier += 0.4 * step
        dry.penaltyLastN = max(dry.penaltyLastN, 256)
        stronger.dry = dry
        return stronger
    }
}

extension RepetitionPenalties: CustomStringConvertible {
    /// The set fields in words, e.g. `repeat 1.1 over 256, presence 0.2, DRY 0.8×1.75^(n−4) over 512`.
    public var description: String {
        var parts: [String] = []
        if let repeatPenalty { parts.append("repeat \(repeatPenalty)" + (repeatLastN.map { " over \($0)" } ?? "")) }
        if repeatPenalty == nil, let repeatLastN { parts.append("last \(repeatLastN)") }
        if let presencePenalty { parts.append("presence \(presencePenalty)") }
        if let frequencyPenalty { parts.append("frequency \(frequencyPenalty)") }
        if let dry {
            parts.append("DRY \(dry.multiplier)×\(dry.base)^(n−\(dry.allowedLength)) over \(dry.penaltyLastN)")
        }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

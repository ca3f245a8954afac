public import CraftBackends

/// What the session is doing for the person: each mode has its own profile.
public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Analyse the photos and suggest projects.
    case brainstorm
    /// Write the steps of the chosen project.
    case tutorial
    /// Judge a progress photo against the current step (the tutorial profile, with its own repetition penalties).
    case coach
    /// Extract and explain craft terms.
    case term
}

/// Which backend a profile runs on.
public enum ModelChoice: String, Sendable, Hashable, Codable {
    /// The session's main model.
    case primary
    /// The small, fast model when one is configured, else the main one.
    case small
}

/// How a mode talks to the model: instructions, sampling options, model, and what history it keeps.
public struct Profile: Sendable, Hashable, Codable {
    /// The system instructions of the mode.
    public var instructions: Instructions
    /// Temperature, sampling, reasoning level and length limit of the mode's requests.
    public var options: GenerationOptions
    /// The model the mode runs on.
    public var model: ModelChoice
    /// What the transcript keeps when the session switches into this mode.
    public var historyTransform: HistoryTransform

    /// Creates a profile.
    public init(
        instructions: Instructions,
        options: GenerationOptions = .init(),
        model: ModelChoice = .primary,
        historyTransform: HistoryTransform = .keepAll
    ) {
        self.instructions = instructions
        self.options = options
        self.model = model
        self.historyTransform = historyTransform
    }
}

/// Trims a transcript when the session switches mode, so a small-context model still has room to answer.
public enum HistoryTransform: Sendable, Hashable, Codable {
    /// Keep every entry.
    case keepAll
    /// Keep the instructions and the last `k` other entries, starting at a prompt so no answer is orphaned.
    case keepLast(Int)

    /// The transcript with this transform applied.
    public func apply(to transcript: Transcript) -> Transcript {
        guard case .keepLast(let count) = self else { return transcript }
        let instructions = transcript.entries.filter { if case .instructions = $0 { true } else { false } }
        var rest = transcript.entries.filter { if case .instructions = $0 { false } else { true } }
        guard rest.count > count else { return transcript }
        rest = Array(rest.suffix(max(0, count)))
        while let first = rest.first {
            if case .prompt = first { break }
            rest.removeFirst()
        }
        return Transcript(entries: instructions + rest)
    }
}

public import CraftBackends

/// Keeps a conversation within a stated share of the model's context however many checks continue it.
///
/// Every request carries the whole conversation, and every check adds its prompt and answer, so a project with
/// many checks would outgrow the context. Before a request whose conversation is estimated above `highShare` of
/// the context, the oldest turns are left out — coach checks first, then the rest — until it is below `lowShare`;
/// the most recent `keptTurns` turns, the first and the current instructions always stay, and the first prompt
/// kept after a gap says how many turns were left out. Between two compactions the conversation only grows at its
/// end, so a warm server still reads only what each check adds; a compaction costs one full read, once every few
/// checks (the gap between the two shares).
public struct ConversationBudget: Sendable, Hashable {
    /// The model's context size in tokens.
    public var contextSize: Int
    /// Above this share of the context the conversation is compacted (leaving the rest for the answer).
    public var highShare: Double
    /// The share a compaction brings the conversation down to.
    public var lowShare: Double
    /// How many of the latest turns are never left out.
    public var keptTurns: Int

    /// The default shares: compacted above half the context, down to a quarter.
    public static let defaultHighShare = 0.5
    /// See `defaultHighShare`.
    public static let defaultLowShare = 0.25

    /// Creates a budget for a context of `contextSize` tokens.
    public init(
        contextSize: Int, highShare: Double = defaultHighShare, lowShare: Double = defaultLowShare, keptTurns: Int = 2
    ) {
        self.contextSize = contextSize
        self.highShare = highShare
        self.lowShare = min(lowShare, highShare)
        self.keptTurns = max(1, keptTurns)
    }

    /// The most tokens the conversation may be estimated at before a request.
    public var ceiling: Int { Int(Double(contextSize) * highShare) }

    /// The marker that opens the text origami adds where turns were left out.
    static let gapMarker = "(Earlier turns of this conversation were left out to keep it within the model's context: "

    /// `transcript` as it may be sent before `prompt`: unchanged when the two are within `ceiling`, else with the
    /// oldest turns left out until they are within the low share.
    public func compacted(_ transcript: Transcript, before prompt: Prompt) -> Transcript {
        let reserve = Self.estimatedTokens(.prompt(prompt))
        guard Self.estimatedTokens(transcript) + reserve > ceiling else { return transcript }
        let floor = Int(Double(contextSize) * lowShare) - reserve
        let entries = transcript.entries
        let turns = Self.turns(in: entries)
        let candidates = turns.dropLast(keptTurns)
        let order = candidates.filter { Self.isCoach(entries[$0]) } + candidates.filter { !Self.isCoach(entries[$0]) }
        var total = Self.estimatedTokens(transcript)
        var dropped = Set<Int>()
        for start in order where total > floor {
            let range = Self.range(of: start, in: entries)
            dropped.formUnion(range)
            total -= entries[range].reduce(0) { $0 + Self.estimatedTokens($1) }
        }
        return Self.without(dropped, from: entries, turns: turns)
    }

    /// The entries minus `dropped`, with instructions that no longer head any turn removed (the first and the
    /// current stay) and the gap said at the start of the first prompt kept after it.
    static func without(_ dropped: Set<Int>, from entries: [Transcript.Entry], turns: [Int]) -> Transcript {
        let droppedTurns = turns.filter { dropped.contains($0) }.count
        let instructions = entries.indices.filter { if case .instructions = entries[$0] { true } else { false } }
        var kept: [Transcript.Entry] = []
        var gap = false
        var previous = 0
        for index in entries.indices where !dropped.contains(index) {
            if case .instructions = entries[index], index != instructions.first, index != instructions.last {
                let next = entries[(index + 1)...].firstIndex { if case .instructions = $0 { true } else { false } }
                let heads = entries[(index + 1)..<(next ?? entries.endIndex)].indices.contains { !dropped.contains($0) }
                if !heads { continue }
            }
            if case .prompt(var prompt) = entries[index], !gap, dropped.contains(where: { $0 < index }) {
                gap = true
                if case .text(let text)? = prompt.segments.first, text.hasPrefix(gapMarker) {
                    previous = Int(text.dropFirst(gapMarker.count).prefix { $0.isNumber }) ?? 0
                    prompt.segments.removeFirst()
                }
                let count = previous + droppedTurns
                prompt.segments.insert(.text(gapMarker + "\(count) \(count == 1 ? "turn" : "turns").)"), at: 0)
                kept.append(.prompt(prompt))
                continue
            }
            kept.append(entries[index])
        }
        return Transcript(entries: kept)
    }

    /// The indices where turns start: each prompt.
    static func turns(in entries: [Transcript.Entry]) -> [Int] {
        entries.indices.filter { if case .prompt = entries[$0] { true } else { false } }
    }

    /// A turn: its prompt and what follows up to the next prompt or instructions.
    static func range(of start: Int, in entries: [Transcript.Entry]) -> ClosedRange<Int> {
        var end = start
        while end + 1 < entries.count {
            switch entries[end + 1] {
            case .prompt, .instructions: return start...end
            default: end += 1
            }
        }
        return start...end
    }

    /// Whether the turn starting at this prompt is a coach check (its prompt says which step is being worked on).
    static func isCoach(_ entry: Transcript.Entry) -> Bool {
        guard case .prompt(let prompt) = entry else { return false }
        return prompt.segments.contains { if case .text(let text) = $0 { text.hasPrefix("I'm working on step") }
            else { false } }
    }

    /// A cautious token estimate of a transcript: about 3 characters a token for text (English prose runs nearer
    /// 4), an answer's own token count when the backend reported it, and 1,000 tokens for a photo sent as bytes.
    public static func estimatedTokens(_ transcript: Transcript) -> Int {
        transcript.entries.reduce(0) { $0 + estimatedTokens($1) }
    }

    /// The estimate of one entry, with a few tokens for the chat template's markers.
    static func estimatedTokens(_ entry: Transcript.Entry) -> Int {
        let markers = 8
        switch entry {
        case .instructions(let instructions):
            return markers + characters(instructions.text.count)
        case .prompt(let prompt):
            return markers + prompt.segments.reduce(0) { sum, segment in
                switch segment {
                case .text(let text): sum + characters(text.count)
                case .image(let photo): sum + (photo.data == nil ? characters(photo.description?.count ?? 0) : 1000)
                }
            }
        case .response(let response):
            return markers + (response.tokens?.ids.count ?? characters(response.text.count))
        case .toolCalls(let calls):
            return markers + calls.reduce(0) { $0 + characters($1.name.count + $1.arguments.count) }
        case .toolOutput(let output):
            return markers + characters(output.output.count)
        }
    }

    /// Tokens for this many characters.
    static func characters(_ count: Int) -> Int { (count + 2) / 3 }
}

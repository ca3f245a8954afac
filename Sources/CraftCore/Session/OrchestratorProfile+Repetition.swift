public import CraftBackends

extension OrchestratorProfile {
    /// The repetition penalties of the standard profiles: the one place to change them after measuring them on the
    /// eval (`origami eval` shows answers at the token cap, loops cut, repeated items and retries).
    ///
    /// The small Qwen2.5-Coder models loop under a JSON grammar without them: a tutorial repeating one step ten
    /// times, a list cycling through three items to the token cap. DRY (llama.cpp) does most of the work: a token
    /// that would extend a sequence of more than `allowedLength` tokens already present — in the answer or the end
    /// of the prompt — is penalised, more the longer the repeat; `"`, `:` and line breaks end a sequence, so JSON
    /// keys repeating in every list item are not penalised. A mild repeat penalty backs it up on Ollama, which has
    /// no DRY. Presence and frequency penalties stay off: they push a small model away from the words of its own
    /// supplies and steps, which a tutorial must repeat.
    public enum Repetition {
        /// Brainstorm, at temperature 1.0: analyses and ideas.
        public static let brainstorm = RepetitionPenalties(
            repeatPenalty: 1.05, repeatLastN: 256,
            dry: .init(multiplier: 0.8, base: 1.75, allowedLength: 4, penaltyLastN: 1024)
        )
        /// Tutorial and coach, at temperature 0.2: the answers that looped most (steps, materials).
        public static let tutorial = RepetitionPenalties(
            repeatPenalty: 1.05, repeatLastN: 256,
            dry: .init(multiplier: 0.8, base: 1.75, allowedLength: 4, penaltyLastN: 1024)
        )
        /// Coach: the tutorial's, with repeats of up to eight tokens free. A check restates the step's words ("the
        /// top edge of the flap lies level"); held to four, the 1.5B model dodged the penalty by dropping the space
        /// before the next word, a token DRY does not count as the repeat ("touch the leftedge", "the flap islevel":
        /// 3 of 11 live checks of the library cup, none of 12 with eight).
        public static let coach = RepetitionPenalties(
            repeatPenalty: 1.05, repeatLastN: 256,
            dry: .init(multiplier: 0.8, base: 1.75, allowedLength: 8, penaltyLastN: 1024)
        )
        /// Term, greedy on the small model: terms are copied from the tutorial in the prompt, so repeats of up to
        /// six tokens go free.
        public static let term = RepetitionPenalties(
            repeatPenalty: 1.05, repeatLastN: 128,
            dry: .init(multiplier: 0.8, base: 1.75, allowedLength: 6, penaltyLastN: 512)
        )
    }
}

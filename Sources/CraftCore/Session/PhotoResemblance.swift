public import CraftImages
public import CraftVision

/// What the image classifier finds a photo most like, in words a small model takes as a likeness, not a fact.
///
/// The classifier knows 1,000 everyday kinds of things and no craft words, so its answers are hints ("envelope"
/// for folded paper, "pinwheel" for a crane); only classes it gives at least `minimumProbability` are named, and a
/// photo where none reaches it gets no words at all rather than noise.
public enum PhotoResemblance {
    /// The classifier of this process, loaded on first use from the files `scripts/setup` installed; nil when they
    /// are missing or unreadable (`origami doctor` says which).
    public static let shared: ImageClassifier? = try? ClassifierFiles.live.load()
    /// The least probability worth naming.
    public static let minimumProbability = 0.10
    /// The most classes named.
    public static let maximumCount = 3

    /// The sentence for some resemblances, e.g. `An image classifier that knows everyday objects but no craft words
    /// finds it most like: envelope 44 %, wallet 12 % (a likeness, not what it is).`; nil when none is worth naming.
    public static func words(_ resemblances: [Resemblance]) -> String? {
        let named = resemblances.prefix(maximumCount).filter { $0.probability >= minimumProbability }
        guard !named.isEmpty else { return nil }
        let list = named.map { "\($0.name) \(Int(($0.probability * 100).rounded())) %" }.joined(separator: ", ")
        return "An image classifier that knows everyday objects but no craft words finds it most like: \(list) "
            + "(a likeness, not what it is)."
    }
}

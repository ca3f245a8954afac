/// The counts of a coach's `isCurrentStepComplete` against the truth, "complete" being the positive class.
public struct ConfusionMatrix: Sendable, Hashable, Codable {
    /// Complete, and the model said complete.
    public var truePositives = 0
    /// Not complete, but the model said complete: the error the sample's guide warns against.
    public var falsePositives = 0
    /// Not complete, and the model said not complete.
    public var trueNegatives = 0
    /// Complete, but the model said not complete.
    public var falseNegatives = 0
    /// Runs with an expected value but no answer from the model (it errored).
    public var unanswered = 0

    /// Creates a matrix from its counts.
    public init(
        truePositives: Int = 0, falsePositives: Int = 0, trueNegatives: Int = 0, falseNegatives: Int = 0,
        unanswered: Int = 0
    ) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.trueNegatives = trueNegatives
        self.falseNegatives = falseNegatives
        self.unanswered = unanswered
    }

    /// Adds one run whose truth is `expected` and whose answer is `actual` (nil when there was none).
    public mutating func add(expected: Bool, actual: Bool?) {
        switch (expected, actual) {
        case (true, true): truePositives += 1
        case (false, true): falsePositives += 1
        case (false, false): trueNegatives += 1
        case (true, false): falseNegatives += 1
        case (_, nil): unanswered += 1
        }
    }

    /// FP / (FP + TN): of the steps not complete, the share the model called complete; nil with no such step.
    public var falseCompleteRate: Double? {
        let negatives = falsePositives + trueNegatives
        return negatives == 0 ? nil : Double(falsePositives) / Double(negatives)
    }

    /// TP / (TP + FN): of the steps complete, the share the model called complete; nil with no such step.
    public var truePositiveRate: Double? {
        let positives = truePositives + falseNegatives
        return positives == 0 ? nil : Double(truePositives) / Double(positives)
    }

    /// TN / (TN + FP): of the steps not complete, the share the model called not complete; nil with no such step.
    public var trueNegativeRate: Double? {
        let negatives = trueNegatives + falsePositives
        return negatives == 0 ? nil : Double(trueNegatives) / Double(negatives)
    }

    /// The mean of the true-positive and true-negative rates: 0.5 for a constant verdict, whatever the mix of
    /// steps; nil unless both kinds of step were answered.
    public var balancedAccuracy: Double? {
        guard let positive = truePositiveRate, let negative = trueNegativeRate else { return nil }
        return (positive + negative) / 2
    }

    /// Answered runs in the matrix.
    public var total: Int { truePositives + falsePositives + trueNegatives + falseNegatives }
}

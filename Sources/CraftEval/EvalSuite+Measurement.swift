extension EvalSuite {
    /// The suite as a measurement-only run sees it (`EvalMeasurementExecutor`): its coach cases and the brainstorm
    /// cases that expect photo categories, each expecting only its verdict or its categories (a text, a schema, a
    /// latency or a token count is a model's, and no model answers), and only the gates on those figures. Throws
    /// `noCases` when nothing is left to measure.
    public func measurementOnly() throws(EvalError) -> EvalSuite {
        var suite = self
        suite.cases = cases.compactMap { evalCase in
            var measured = evalCase
            let expected = evalCase.expectations
            switch evalCase.mode {
            case .coach:
                measured.expectations = EvalExpectations(stepComplete: expected.stepComplete)
            case .brainstorm where !expected.categories.isEmpty:
                measured.expectations = EvalExpectations(categories: expected.categories)
            default:
                return nil
            }
            return measured
        }
        guard !suite.cases.isEmpty else {
            throw .noCases(
                file: url?.path ?? name,
                reason: "a measurement-only run measures coach cases and brainstorm cases that expect categories, "
                    + "and the suite has none; run it without --measurement-only")
        }
        suite.gates = gates.measured
        return suite
    }
}

extension EvalGates {
    /// Only the gates on what a measurement-only run measures: pass rate, false-complete rate, category and coach
    /// accuracy.
    public var measured: EvalGates {
        EvalGates(
            minPassRate: minPassRate, maxFalseCompleteRate: maxFalseCompleteRate,
            minCategoryAccuracy: minCategoryAccuracy, minCategoryBalancedAccuracy: minCategoryBalancedAccuracy,
            minCoachBalancedAccuracy: minCoachBalancedAccuracy)
    }
}

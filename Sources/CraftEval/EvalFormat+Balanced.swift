/// A confusion matrix as every reporter draws it: a title, column heads, and rows of a head and cells.
struct EvalMatrixTable {
    /// What the matrix counts, e.g. `Coach: the verdict origami acted on`.
    var title: String
    /// The column heads, after the row heads' column.
    var columns: [String]
    /// Each row: its head and its cells.
    var rows: [(head: String, cells: [String])]
    /// A line under the matrix: its rates.
    var note: String
}

/// The balanced figures, matrices, baseline comparison and coach evidence, written the same in every report.
extension EvalFormat {
    /// The three categories' short names for column heads.
    static func short(_ category: String) -> String {
        switch category {
        case "craft supplies": "supplies"
        case "a finished craft piece": "finished"
        case "inspiration for the craft": "inspiration"
        default: category
        }
    }

    /// The balanced figures as label–value pairs: category balanced accuracy and recalls, coach rates on both
    /// verdicts, and the answers that were invalid or never came.
    static func balancedFigures(_ metrics: EvalMetrics) -> [(String, String)] {
        var rows: [(String, String)] = []
        if let matrix = metrics.categories {
            rows.append(("category balanced accuracy", percent(matrix.balancedAccuracy)))
            for category in matrix.expectedCategories {
                let right = matrix.count(expected: category, actual: category)
                rows.append(("  recall: \(category)", "\(percent(matrix.recall(category))) "
                    + "(\(right)/\(matrix.total(expected: category)))"))
            }
        }
        let acted = metrics.measurementOnly == true ? "coach (measurement backs)" : "coach (acted on)"
        let coaches = [(acted, Optional(metrics.coach)), ("coach (model's own)", metrics.coachModel)]
        for case (let label, let matrix?) in coaches where matrix.total + matrix.unanswered > 0 {
            rows.append((label + " balanced accuracy", percent(matrix.balancedAccuracy)))
            rows.append(("  TPR / TNR", "\(percent(matrix.truePositiveRate)) / \(percent(matrix.trueNegativeRate))"))
        }
        if let invalid = metrics.invalidAnswers, let unanswered = metrics.unanswered, metrics.measurementOnly != true {
            rows.append(("invalid / unanswered", "\(invalid) / \(unanswered)"))
        }
        return rows
    }

    /// The category matrix and the coach's two matrices, those the report has.
    static func matrices(_ metrics: EvalMetrics) -> [EvalMatrixTable] {
        var tables: [EvalMatrixTable] = []
        if let matrix = metrics.categories {
            let answered = matrix.categories
            let rows = matrix.expectedCategories.map { truth in
                (head: "truth: " + short(truth),
                 cells: answered.map { String(matrix.count(expected: truth, actual: $0)) }
                    + [String(matrix.unanswered[truth] ?? 0)])
            }
            let read = metrics.measurementOnly == true
            tables.append(EvalMatrixTable(
                title: read ? "Photo category: origami's own reading, no model" : "Photo category",
                columns: answered.map { (read ? "read: " : "model: ") + short($0) } + ["no answer"], rows: rows,
                note: "balanced accuracy (mean recall) " + percent(matrix.balancedAccuracy)))
        }
        let acted = metrics.measurementOnly == true
            ? "Coach: the verdict origami's measurement backs" : "Coach: the verdict origami acted on"
        let coaches = [
            (acted, Optional(metrics.coach)),
            ("Coach: the model's own verdict", metrics.coachModel),
        ]
        for case (let title, let matrix?) in coaches where matrix.total + matrix.unanswered > 0 {
            tables.append(EvalMatrixTable(
                title: title, columns: ["said complete", "said not complete"],
                rows: [
                    (head: "truth: complete", cells: ["TP \(matrix.truePositives)", "FN \(matrix.falseNegatives)"]),
                    (head: "truth: not complete", cells: ["FP \(matrix.falsePositives)", "TN \(matrix.trueNegatives)"]),
                ],
                note: "TPR \(percent(matrix.truePositiveRate)) · TNR \(percent(matrix.trueNegativeRate)) · "
                    + "balanced accuracy \(percent(matrix.balancedAccuracy)) · false-complete rate "
                    + percent(matrix.falseCompleteRate)
                    + (matrix.unanswered > 0 ? " · \(matrix.unanswered) unanswered" : "")))
        }
        return tables
    }

    /// A coach run's verdicts and evidence in one line: `truth complete · model said complete · acted on not complete
    /// · read the description: "…"`; nil for other runs.
    static func coachEvidence(_ run: EvalRunResult) -> String? {
        guard run.mode == .coach else { return nil }
        func word(_ verdict: Bool?) -> String { verdict.map { $0 ? "complete" : "not complete" } ?? "no answer" }
        let asked = run.outcome.modelAsked != false
        var parts = [
            "truth " + word(run.expectations.stepComplete),
            asked ? "model said " + word(run.outcome.modelStepComplete ?? run.outcome.stepComplete) : "no model asked",
            (asked ? "acted on " : "measurement backs ") + word(run.outcome.stepComplete),
        ]
        if let evidence = run.outcome.coachEvidence { parts.append(evidence.summary) }
        return parts.joined(separator: " · ")
    }

    /// The baseline comparison's rows: figure, goal, baseline, now and verdict, as text.
    static func baselineRows(_ comparison: EvalBaselineComparison) -> [[String]] {
        comparison.figures.map { figure in
            let goal = figure.goal.map { (figure.higherIsBetter ? ">= " : "<= ") + EvalGateResult.format($0) } ?? "–"
            let met = figure.goalMet.map { $0 ? " (met)" : " (not met)" } ?? ""
            return [
                figure.name, goal + met, figure.baseline.map(EvalGateResult.format) ?? "–",
                figure.now.map(EvalGateResult.format) ?? "–", figure.regressed ? "FELL" : "held",
            ]
        }
    }

    /// The heads of `baselineRows`.
    static let baselineColumns = ["figure", "goal", "baseline", "now", "vs baseline"]
}

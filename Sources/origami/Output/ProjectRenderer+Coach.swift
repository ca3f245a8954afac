import CraftCore
import Foundation

extension ProjectRenderer {
    /// A coach check: the observation, the feedback, what the model saw this time and what the verdict rests on,
    /// then how to move on — after a verdict of not complete, what is missing and the three ways forward, once.
    func coachResult(_ outcome: CoachOutcome, note: String?) -> String {
        let result = outcome.result
        var text = style.bold("Step \(result.step)") + "\n" + wrap(result.feedback.observation, indent: 2)
        text += feedback(Project.Feedback(
            step: result.step, photoLabels: [], feedback: result.feedback, modelSawPhotos: result.modelSawPhotos,
            date: Date()))
        text += wrap(Self.evidence(of: result, note: note), indent: 2)
        if let check = result.shapeCheck {
            text += wrap(style.dim(LibraryRenderer.shapeLine(check, overruled: result.overruledByShape)), indent: 2)
        }
        if !result.isStepComplete {
            // When no model was asked, the observation is origami's and already says what is missing.
            if result.modelWasAsked, let missing = Self.missing(in: result) {
                text += wrap("Missing: " + missing + ".", indent: 2)
            }
            text += wrap(
                "To move on: fix it and check a new photo (origami coach PHOTO), say what you did (origami coach "
                    + "--note \"TEXT\" PHOTO), or mark the step done yourself (origami coach --done).", indent: 2)
        }
        if result.isStepComplete, !outcome.advanced, outcome.currentStep <= outcome.stepCount {
            text += wrap(
                "The tutorial stays on step \(outcome.currentStep): steps are done in order, and a check of another "
                    + "step skips none. To move on yourself: origami tutorial --step "
                    + "\(min(result.step + 1, outcome.stepCount))",
                indent: 2)
        }
        if outcome.currentStep > outcome.stepCount {
            text += style.green("  The tutorial is complete.") + "\n"
        } else {
            text += "  Now on step \(outcome.currentStep) of \(outcome.stepCount).\n"
        }
        return text
    }

    /// What this check's verdict rests on: what the model saw, and whether a complete verdict counted.
    static func evidence(of result: CoachResult, note: String?) -> String {
        let step = result.step
        switch result.evidence {
        case .photo:
            return "The model saw this photo."
        case .note:
            return "The model cannot see photos: it judged your note (\"\(note ?? "")\") with origami's description "
                + "of this photo."
        case .change where result.decidedByMeasurement:
            return "The model cannot see photos and did not call step \(step) done, but origami measured it: the "
                + "change \(result.change?.since ?? "since the earlier photo") fits the step and the piece has the "
                + (result.shapeCheck == nil ? "curved rim" : "outline") + " the step leaves, so the step is done. If "
                + "it is not, go back with origami tutorial --step \(step)."
        case .change:
            return "The model cannot see photos: it judged origami's description of this photo and the change "
                + "measured since the earlier one, which fits step \(step)."
        case .description where !result.modelWasAsked:
            return "No model was asked: it cannot see photos, and origami found nothing in this one to measure."
        case .description where result.unconfirmedCompletion:
            return "The model thinks step \(step) is done, but that is only its opinion: it cannot see photos, and "
                + "what origami measured does not back it, so the step stays open."
        case .description:
            return "The model cannot see photos: it judged origami's description of this photo"
                + (result.change == nil ? "." : " and the change measured since the earlier one.")
        }
    }

    /// What the step still lacks, after a verdict of not complete: what the measurement misses, else the model's
    /// first suggestion.
    static func missing(in result: CoachResult) -> String? {
        if let missing = result.change?.missing, result.evidence != .photo { return missing }
        let sections = result.feedback.sections
        let advice = sections.first { $0.title.lowercased().contains("instead") } ?? sections.dropFirst().first
        guard let body = advice?.body else { return nil }
        let sentence = body.split(separator: ".", maxSplits: 1).first.map(String.init) ?? body
        return sentence.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

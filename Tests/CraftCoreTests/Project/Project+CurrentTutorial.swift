@testable import CraftCore

/// The current tutorial's progress read straight off the project, so the tests of one tutorial read as plainly as
/// they did when a project held only one. Tests of several tutorials use `tutorials` and `TutorialProgress` instead.
extension Project {
    /// The current tutorial's step (1 when there is none).
    var currentStep: Int {
        get { currentTutorial?.currentStep ?? 1 }
        set { if let number = currentTutorialNumber { updateTutorial(number: number) { $0.currentStep = newValue } } }
    }

    /// The current tutorial's feedback.
    var feedback: [Feedback] { currentTutorial?.feedback ?? [] }

    /// The current tutorial's terms.
    var terms: [Term] { currentTutorial?.terms ?? [] }

    /// The current tutorial's steps.
    var tutorial: Tutorial? { currentTutorial?.tutorial }

    /// The number of the current tutorial's idea in the latest brainstorm.
    var chosenIdea: Int? { currentTutorial.flatMap { ideaNumber(of: $0.idea) } }

    /// The photos the current tutorial files under step `number`.
    func photos(ofStep number: Int) -> [PhotoRecord] {
        currentTutorial.map { photos(ofStep: number, in: $0) } ?? []
    }
}

public import Foundation

/// One tutorial a project keeps, with the person's progress through it: the idea it was written for, its steps,
/// the step being worked on, the progress photos filed under its steps, every coaching answer and its terms.
///
/// A project keeps every tutorial written for it (one per idea), so a second brainstorm or another idea never
/// overwrites the steps, photos or feedback of an earlier one; each command works on the project's current one.
public struct TutorialProgress: Sendable, Hashable, Codable {
    /// Its number in the project, from 1, in the order the tutorials were written (`origami tutorial --switch N`).
    public var number: Int
    /// The idea it was written for (kept here because a later brainstorm replaces the project's ideas).
    public var idea: BrainstormIdea
    /// The steps.
    public var tutorial: Tutorial
    /// The step being worked on, from 1; one past the last step when the tutorial is finished.
    public var currentStep: Int
    /// The progress photos, each filed under the step it was last checked against (or said done with).
    public var photos: [FiledPhoto]
    /// Every coaching answer about this tutorial, oldest first.
    public var feedback: [Project.Feedback]
    /// Terms from the tutorial, with explanations once asked for.
    public var terms: [Project.Term]
    /// When it was written.
    public var createdAt: Date

    /// Creates the progress of a tutorial just written: step 1, no photos, feedback or terms yet.
    public init(number: Int, idea: BrainstormIdea, tutorial: Tutorial, createdAt: Date) {
        self.number = number
        self.idea = idea
        self.tutorial = tutorial
        currentStep = 1
        photos = []
        feedback = []
        terms = []
        self.createdAt = createdAt
    }

    /// A progress photo filed under a step: the photo's label (see `Project.photos`) and the step.
    public struct FiledPhoto: Sendable, Hashable, Codable {
        /// The photo's label, e.g. `Photo_3fa2c1`.
        public var label: String
        /// The step it shows, from 1.
        public var step: Int

        /// Creates a filed photo.
        public init(label: String, step: Int) {
            self.label = label
            self.step = step
        }
    }

    /// How many steps the tutorial has.
    public var stepCount: Int { tutorial.steps.count }

    /// Whether every step is done.
    public var isFinished: Bool { currentStep > stepCount }

    /// The labels of the progress photos filed under step `number`, in the order they were first filed.
    public func photoLabels(ofStep number: Int) -> [String] {
        photos.filter { $0.step == number }.map(\.label)
    }

    /// The coaching answers about step `number`, oldest first.
    public func feedback(ofStep number: Int) -> [Project.Feedback] {
        feedback.filter { $0.step == number }
    }

    /// Files the photo `label` under `step`; a photo filed before moves there (a photo shows one step).
    public mutating func file(photo label: String, underStep step: Int) {
        if let index = photos.firstIndex(where: { $0.label == label }) {
            photos[index].step = step
        } else {
            photos.append(FiledPhoto(label: label, step: step))
        }
    }

    /// Records a coaching answer: keeps it, files its photos under its step, and moves the tutorial on by one when
    /// the verdict is complete and the step judged is the current one. Returns whether it moved on.
    @discardableResult
    public mutating func record(_ answer: Project.Feedback) -> Bool {
        feedback.append(answer)
        for label in answer.photoLabels { file(photo: label, underStep: answer.step) }
        guard answer.isStepComplete, answer.step == currentStep else { return false }
        currentStep += 1
        return true
    }

    /// The step a check is for: `requested`, else the current step (the last once all are done); nil when the
    /// tutorial has no such step.
    public func checkableStep(_ requested: Int?) -> Int? {
        let step = requested ?? min(currentStep, stepCount)
        return (1...max(stepCount, 1)).contains(step) && stepCount > 0 ? step : nil
    }
}

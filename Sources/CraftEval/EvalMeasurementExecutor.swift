import CraftBackends
import CraftCore
import CraftImages
import CraftSchema
import Foundation

/// Runs eval cases without a model: what origami's own measurement of the photos decides (`origami eval
/// --measurement-only`).
///
/// A coach run's verdict is the one origami would act on if a model that cannot see called every step complete
/// and the person gave no note: complete exactly when the measured change backs it and a library step's shape does
/// not disagree (`Coach.measurementBacksCompletion`). Its false-complete rate is the most a blind model's verdicts
/// can reach through origami, whatever it answers. A brainstorm run's categories are origami's own readings of the
/// photos (`Brainstorm.readings`), which is what a model that cannot see is given. Nothing depends on sampling, so
/// the figures are the same on every run and every machine; each run takes the time of reading its photos.
public struct EvalMeasurementExecutor: EvalExecutor {
    /// Names the run in reports: no backend, no model; the version covers the prompts that decide nothing here, so
    /// a report still says which origami measured.
    public let identity = EvalIdentity(
        backend: "measurement only", model: nil, promptVersion: EvalPromptVersion.current(overrides: .init()))
    private let loadPhoto: EvalFlowExecutor.PhotoLoader
    private let measureChange: EvalFlowExecutor.ChangeMeter

    /// Creates the executor; the photo loader and change meter are `EvalFlowExecutor`'s unless given.
    public init(
        loadPhoto: @escaping EvalFlowExecutor.PhotoLoader = EvalFlowExecutor.standardPhotoLoader,
        measureChange: @escaping EvalFlowExecutor.ChangeMeter = EvalFlowExecutor.standardChangeMeter
    ) {
        self.loadPhoto = loadPhoto
        self.measureChange = measureChange
    }

    /// Measures the case; a photo that cannot be read fails the run with its error.
    public func run(_ evalCase: EvalCase) async throws -> EvalOutcome {
        let start = ContinuousClock.now
        var outcome: EvalOutcome
        do {
            outcome = try await BlockingCall.run { [self] in try measure(evalCase) }
        } catch {
            outcome = .failed(error, latencyMs: 0, backend: identity.backend)
            outcome.modelAsked = false
        }
        outcome.latencyMs = EvalRunner.milliseconds(start.duration(to: .now))
        return outcome
    }

    /// The outcome of one case, read from its photos alone.
    private func measure(_ evalCase: EvalCase) throws -> EvalOutcome {
        let inputs = evalCase.inputs
        let attachments = try inputs.photos.map { try loadPhoto($0.url) }
        var outcome = EvalOutcome(
            photoLabels: Dictionary(zip(inputs.photos.map(\.path), attachments.map(\.label)), uniquingKeysWith: { a, _ in a }),
            schemaValid: true, latencyMs: 0, backend: identity.backend)
        outcome.modelAsked = false
        switch evalCase.mode {
        case .brainstorm:
            guard let analyses = Brainstorm.readings(of: attachments) else {
                throw EvalError.invalidValue(
                    file: evalCase.name, path: "inputs.photos",
                    problem: "origami could not read a category of every photo (is the image classifier installed? "
                        + "run scripts/setup)")
            }
            outcome.analyses = analyses.map { .init(label: $0.image.label, category: $0.typeOfImage.rawValue) }
        case .coach:
            guard let tutorial = inputs.tutorial, let step = inputs.step,
                  let current = tutorial.steps.first(where: { $0.number == step })
            else { throw EvalError.missingKey(file: evalCase.name, path: "inputs.tutorial and inputs.step") }
            outcome.tutorialSource = TutorialSource.of(tutorial)
            let photo = inputs.photos.first?.url
            let shape = try TutorialSource.shapeCheck(tutorial, step: step, photo: photo)
            let opens = try TutorialSource.opens(tutorial, step: step)
            let change = photo.flatMap { measureChange(inputs.earlierPhoto?.url, $0) }
                .map {
                    StepChange(change: $0, step: current.title + ". " + current.instruction,
                               retake: inputs.earlierPhotoIsRetake, opens: opens)
                }
            let backed = Coach.measurementBacksCompletion(change: change, shape: shape)
            outcome.stepComplete = backed
            outcome.coachEvidence = EvalCoachEvidence(
                sawPhoto: false, basis: backed ? CoachEvidence.change.rawValue : CoachEvidence.description.rawValue,
                descriptions: attachments.map { $0.description ?? "" }, change: change?.words,
                shape: shape?.verdict.rawValue)
        case .tutorial, .term:
            throw EvalError.invalidValue(
                file: evalCase.name, path: "mode",
                problem: "a \(evalCase.mode.rawValue) case needs a model; a measurement-only run measures coach and "
                    + "brainstorm cases")
        }
        return outcome
    }
}

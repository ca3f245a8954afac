import Synchronization

/// The coach's tool: files a progress photo under a tutorial step, as the sample's `MovePhotoToStepTool` does.
///
/// It may only move one of the photos of this check, and only to the current step; any other call is refused
/// with the reason, for the model to read. It never advances the tutorial: only `isCurrentStepComplete` does.
public final class MovePhotoToStepTool: Tool {
    /// The step photos may be moved to.
    public let currentStep: Int
    /// The labels of the photos this check is about.
    public let labels: [String]
    private let movedLabels = Mutex<[String]>([])

    /// A tool for the photos `labels` of step `currentStep`.
    public init(currentStep: Int, labels: [String]) {
        self.currentStep = currentStep
        self.labels = labels
    }

    /// The labels moved so far, in order, each once.
    public var moved: [String] {
        movedLabels.withLock { $0 }
    }

    /// The schema of the arguments: a photo label from this check and the current step number.
    var argumentsSchema: GenerationSchema {
        .object(
            "MovePhotoToStep",
            [
                .init("photo", schema: .choices(ImageReference.choicesName, labels), description: "The photo's label"),
                .init(
                    "step", Int.self, description: "The step to file the photo under: \(currentStep)",
                    .range(currentStep...currentStep)),
            ])
    }

    /// `movePhotoToStep`, with the argument schema above.
    public var definition: ToolDefinition {
        ToolDefinition(
            name: "movePhotoToStep",
            description:
                "Files one of the progress photos under step \(currentStep) of the tutorial once the photo shows "
                + "that step done. Only step \(currentStep) is allowed.",
            parametersJSONSchema: argumentsSchema.jsonSchema(.plain)
        )
    }

    /// Moves the photo when the arguments are allowed; otherwise says why not.
    public func call(arguments: GeneratedContent) async throws -> String {
        let violations = argumentsSchema.validate(arguments)
        guard violations.isEmpty, let label = arguments["photo"]?.stringValue else {
            let reasons = violations.map(\.description).joined(separator: "; ")
            let allowed = labels.joined(separator: ", ")
            return "Refused: \(reasons.isEmpty ? "the photo is missing" : reasons). Only photos \(allowed) "
                + "may be moved, and only to step \(currentStep)."
        }
        movedLabels.withLock { if !$0.contains(label) { $0.append(label) } }
        return "Moved \(label) to step \(currentStep)."
    }
}

import CraftTesting
@testable import CraftVision
import Foundation
import Testing

/// The classifier `scripts/setup` installed for the real user, read once for every suite that needs it.
enum InstalledClassifier {
    static let files = ClassifierFiles.live

    /// The checkpoint's tensors and class names, or nil when the classifier is not installed here.
    static let parts: (checkpoint: TorchCheckpoint, names: [String])? = {
        guard files.isInstalled, let checkpoint = try? TorchCheckpoint(contentsOf: files.weights),
              let names = try? ImageClassifier.names(at: files.classNames)
        else { return nil }
        return (checkpoint, names)
    }()

    /// The classifier, or nil when it is not installed here.
    static let classifier: ImageClassifier? = parts.flatMap {
        try? ImageClassifier(checkpoint: $0.checkpoint, file: files.weights.path, classNames: $0.names)
    }

    /// Why a suite that needs it does not run.
    static let missing: Comment = "needs the image classifier scripts/setup installs (\(files.directory))"

    /// The numpy reference's venv, made by `scripts/vision-reference/run --install` (scripts/setup --for-tests).
    static let referenceVenv = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        ?? NSHomeDirectory() + "/.cache") + "/origami/vision-reference-venv/.complete"
    static let referenceMissing: Comment =
        "needs the numpy reference's venv (scripts/vision-reference/run --install, or scripts/setup --for-tests)"
}

import CraftImages
@testable import CraftVision
import Testing

/// The logits come from the weights in the file: changing one number in the checkpoint changes them.
@Suite(.enabled(if: InstalledClassifier.classifier != nil, InstalledClassifier.missing))
struct WeightSensitivityTests {
    static let picture = RGBImage(width: 224, height: 224, pixels: (0..<224 * 224 * 3).map { UInt8(($0 * 7) % 251) })

    /// The logits after `change` edits the checkpoint's tensors.
    func logits(changing change: (inout [String: WeightTensor]) -> Void) throws -> [Float] {
        var parts = try #require(InstalledClassifier.parts)
        change(&parts.checkpoint.tensors)
        let classifier = try ImageClassifier(checkpoint: parts.checkpoint, file: "edited", classNames: parts.names)
        return classifier.logits(input: Self.picture)
    }

    @Test(arguments: ["_conv_stem.weight", "_blocks.7._depthwise_conv.weight", "_blocks.12._bn2.running_mean",
                      "_conv_head.weight"])
    func changingOneWeightChangesTheLogits(name: String) throws {
        let original = try logits { _ in }
        let changed = try logits { tensors in tensors[name]!.values[3] += 0.5 }
        let moved = zip(original, changed).map { abs($0 - $1) }.max() ?? 0
        #expect(moved > 1e-4, "changing \(name)[3] by 0.5 moved the logits by at most \(moved)")
    }

    @Test func theSameWeightsGiveTheSameLogits() throws {
        #expect(try logits { _ in } == logits { _ in })
    }

    @Test func aMissingTensorIsNamed() throws {
        let parts = try #require(InstalledClassifier.parts)
        var tensors = parts.checkpoint.tensors
        tensors["_blocks.3._project_conv.weight"] = nil
        #expect(throws: VisionError.missingTensor(file: "f", name: "_blocks.3._project_conv.weight")) {
            try ImageClassifier(checkpoint: TorchCheckpoint(tensors: tensors), file: "f", classNames: parts.names)
        }
    }
}

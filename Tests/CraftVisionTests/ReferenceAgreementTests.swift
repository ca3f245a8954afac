import CraftImages
import CraftSchema
import CraftTesting
@testable import CraftVision
import Foundation
import Testing

/// Swift's forward pass gives the same logits as an independent numpy implementation of EfficientNet-Lite0
/// (scripts/vision-reference/reference.py: Python's own unpickler, numpy's strides, batch norm applied unfolded in
/// float64) on every sample photo, within 1e-3.
@Suite(
    .enabled(if: InstalledClassifier.classifier != nil, InstalledClassifier.missing),
    .enabled(if: FileManager.default.fileExists(atPath: InstalledClassifier.referenceVenv),
             InstalledClassifier.referenceMissing))
struct ReferenceAgreementTests {
    static let photos: [URL] = {
        let folder = PackageRoot.url.appendingPathComponent("SamplePhotos")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
            + ["progress", "more"].flatMap { sub in
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/" + sub)) ?? []).map {
                    sub + "/" + $0
                }
            }
        return names.filter { !$0.hasSuffix(".json") && $0 != "progress" && $0 != "more" }.sorted().map {
            folder.appendingPathComponent($0)
        }
    }()

    @Test func everySamplePhotoIsCovered() {
        #expect(Self.photos.count >= 14, "found \(Self.photos.map(\.lastPathComponent))")
    }

    @Test func logitsEqualTheNumpyReferenceOnEverySamplePhoto() async throws {
        let classifier = try #require(InstalledClassifier.classifier)
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("vision-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var inputs: [URL] = []
        var swiftLogits: [[Float]] = []
        for (index, url) in Self.photos.enumerated() {
            let square = try Photo.load(contentsOf: url).square
            let input = work.appendingPathComponent("\(index).rgb")
            try Data(square.pixels).write(to: input)
            inputs.append(input)
            swiftLogits.append(classifier.logits(input: square))
        }
        let output = work.appendingPathComponent("logits.f32")
        let reference = PackageRoot.url.appendingPathComponent("scripts/vision-reference/run")
        let process = Process()
        process.executableURL = reference
        process.arguments = [InstalledClassifier.files.weights.path, "--out", output.path] + inputs.map(\.path)
        try await offThePool {
            try ChildLaunch.exclusively { try process.run() }
            process.waitUntilExit()
        }
        try #require(process.terminationStatus == 0, "the numpy reference failed")
        let floats = try Data(contentsOf: output).withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        try #require(floats.count == Self.photos.count * 1000)
        for (index, url) in Self.photos.enumerated() {
            let expected = floats[(index * 1000)..<((index + 1) * 1000)]
            let worst = zip(swiftLogits[index], expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst <= 1e-3, "\(url.lastPathComponent): logits differ by up to \(worst)")
        }
    }
}

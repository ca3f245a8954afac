@testable import CraftCore
import CraftImages
import CraftTesting
import Foundation
import Testing

/// The shape check measured on the sample cup series (SamplePhotos/progress, drawn by scripts/make-sample-photos).
@Suite struct ShapeCheckTests {
    static let progress = PackageRoot.url.appendingPathComponent("SamplePhotos/progress")

    static func scene(_ file: String) throws -> PhotoScene {
        try Photo.load(contentsOf: progress.appendingPathComponent(file)).analysis.scene
    }

    /// Each photo, the step it is checked against, the photo of the step before, and what the check must say.
    static let series: [(String, Int, String?, ShapeCheck.Verdict)] = [
        ("cup-step1-done.jpg", 1, nil, .agrees),
        ("cup-step2-done.jpg", 2, "cup-step1-done.jpg", .agrees),
        ("cup-step3-unfinished.jpg", 3, "cup-step2-done.jpg", .disagrees),
        ("cup-step3-done.jpg", 3, "cup-step2-done.jpg", .agrees),
        ("cup-step4-done.jpg", 4, "cup-step3-done.jpg", .agrees),
        ("cup-step5-unfinished.jpg", 5, "cup-step4-done.jpg", .disagrees),
    ]

    @Test func theSampleCupsOutlinesAgreeWithTheLibraryWhereDoneAndNotWhereUnfinished() throws {
        let cup = try #require(try ProjectLibraryTests.library().project(named: "paper-cup"))
        var lines: [String] = []
        for (file, step, previous, verdict) in Self.series {
            let check = try #require(ShapeCheck(
                project: cup, step: step, scene: try Self.scene(file), previous: try previous.map(Self.scene)))
            lines.append("\(file) step \(step): expected \(check.expected.outline), measured \(check.measured ?? "-"), "
                + "area \(check.areaChange.map { ExpectedShape.percent($0) } ?? "-") of previous "
                + "(expected \(check.expectedAreaChange.map { ExpectedShape.percent($0) } ?? "-")): \(check.verdict)")
            #expect(check.verdict == verdict, "\(lines.last!)")
        }
        print(lines.joined(separator: "\n"))
    }

    @Test func aStepWithoutAShapeHasNoCheckAndAnEmptyPhotoIsUnmeasured() throws {
        let cup = try #require(try ProjectLibraryTests.library().project(named: "paper-cup"))
        #expect(ShapeCheck(project: cup, step: 6, scene: nil) == nil)
        let blank = try #require(ShapeCheck(project: cup, step: 1, scene: PhotoScene(
            objects: [], surface: nil, countIsApproximate: false)))
        #expect(blank.verdict == .unmeasured)
        #expect(blank.sentence.contains("No outline could be measured"))
    }
}

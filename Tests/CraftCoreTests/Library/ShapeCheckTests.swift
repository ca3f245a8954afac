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
            lines.append("\(file) step \(step): expected \(check.expected.outline) "
                + "\(check.expected.aspect.map(ExpectedShape.ratio) ?? "-"), measured \(check.measured ?? "-") "
                + "\(check.measuredAspect.map(ExpectedShape.ratio) ?? "-"), "
                + "area \(check.areaChange.map { ExpectedShape.percent($0) } ?? "-") of previous "
                + "(expected \(check.expectedAreaChange.map { ExpectedShape.percent($0) } ?? "-")): \(check.verdict)")
            #expect(check.verdict == verdict, "\(lines.last!)")
        }
        print(lines.joined(separator: "\n"))
    }

    /// A scene of one flat white piece in the middle of the picture.
    static func piece(_ outline: Outline, aspect: Double, share: Double = 0.3) -> PhotoScene {
        PhotoScene(objects: [SceneObject(
            colours: ["white"], share: share, centre: SIMD2(0.5, 0.5), outline: outline, texture: .flat,
            aspect: aspect)], surface: "wood", countIsApproximate: false)
    }

    @Test func aFourSidedStepIsJudgedByItsLengthOverWidthToo() throws {
        // Masu step 3 folds two edges of the blintzed square to the middle: a rectangle twice as long as wide. A
        // photo still showing the square has four sides too, and only its aspect tells it apart.
        let masu = try #require(try ProjectLibraryTests.library().project(named: "masu-box"))
        let still = try #require(ShapeCheck(project: masu, step: 3, scene: Self.piece(.square, aspect: 1.05)))
        #expect(still.verdict == .disagrees)
        #expect(still.sentence.contains("a square outline, about as long as wide instead"))
        let slanted = try #require(ShapeCheck(project: masu, step: 3, scene: Self.piece(.rectangle, aspect: 1.45)))
        #expect(slanted.verdict == .agrees, "a camera slanted by 45° along the long side")
        let done = try #require(ShapeCheck(project: masu, step: 3, scene: Self.piece(.rectangle, aspect: 2.1)))
        #expect(done.verdict == .agrees)
        #expect(done.sentence.contains("The piece in the photo has a rectangle outline, which agrees."))
        // Step 4 opens it out to the square again: a rectangle left folded disagrees.
        let unopened = try #require(ShapeCheck(project: masu, step: 4, scene: Self.piece(.rectangle, aspect: 2.0)))
        #expect(unopened.verdict == .disagrees)
    }

    @Test func aTriangleIsNotJudgedByItsAspectWhichTwoRectanglesTie() throws {
        // A half-square triangle fits a rectangle as long as wide and one twice as long: either may be measured.
        let cup = try #require(try ProjectLibraryTests.library().project(named: "paper-cup"))
        for aspect in [1.0, 2.0] {
            let check = try #require(ShapeCheck(project: cup, step: 1, scene: Self.piece(.triangle, aspect: aspect)))
            #expect(check.verdict == .agrees, "aspect \(aspect)")
            #expect(!check.sentence.contains("as long as wide,"))
        }
    }

    @Test func theAreaChangeIsExpectedOnlyFromAShapedStepBefore() throws {
        let library = try ProjectLibraryTests.library()
        let masu = try #require(library.project(named: "masu-box"))
        let halved = try #require(ShapeCheck(
            project: masu, step: 3, scene: Self.piece(.rectangle, aspect: 2, share: 0.1),
            previous: Self.piece(.square, aspect: 1, share: 0.2)))
        #expect(halved.expectedAreaChange == 0.5 && halved.areaChange == 0.5)
        #expect(halved.sentence.contains("Its area is 50 % of the previous step's photo (expected about 50 %"))
        // The crane's step 4 (the petal fold) has no shape, so the photo filed under it is of no known size.
        let crane = try #require(library.project(named: "crane"))
        let bird = try #require(ShapeCheck(
            project: crane, step: 5, scene: Self.piece(.polygon(sides: 4), aspect: 2.4, share: 0.1),
            previous: Self.piece(.polygon(sides: 4), aspect: 2.4, share: 0.15)))
        #expect(bird.expectedAreaChange == nil)
        #expect(!bird.sentence.contains("Its area"))
        #expect(bird.verdict == .agrees)
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

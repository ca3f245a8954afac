@testable import CraftImages
import Testing

/// A checked cloth is a pattern with a measured cell; a plain table and wood grain are not patterns.
@Suite struct SurfacePatternTests {
    static func pattern(_ scene: TestScene, _ nuisance: Nuisance) -> SurfacePattern? {
        let planes = LabPlanes(scene.image(nuisance).resized(toFit: PhotoScene.workingSize)).blurred(radius: 1)
        return SurfacePattern(model: SurfaceModel(planes), planes: planes)
    }

    @Test func aCheckedClothIsAPatternWhoseCellIsAboutACheck() throws {
        // The drawn checks are 36 pixels on the 640-pixel picture, 18 on the working copy, turned 0.2 radians: the
        // largest upright square inside one is 15 pixels, so every window of 17 holds both colours.
        let pattern = try #require(Self.pattern(.triangle, .checkedCloth))
        #expect((15...21).contains(pattern.cell), "cell \(pattern.cell)")
    }

    @Test(arguments: [Nuisance.none, .woodGrain, .lightGradient, .dropShadow])
    func aPlainOrGrainedTableIsNoPattern(nuisance: Nuisance) {
        #expect(Self.pattern(.triangle, nuisance) == nil)
    }

    @Test func aSheetTheColourOfTheLightChecksIsFoundWhole() throws {
        let scene = try TestScene.sheet(crease: nil).analysed(.checkedCloth).analysis.scene
        let sheet = try #require(scene.objects.first)
        #expect(scene.objects.count == 1 && sheet.outline == .square)
        #expect(abs(sheet.share - 0.293) < 0.02, "share \(sheet.share)")
        #expect(scene.surface == "crimson and white patterned")
    }

    @Test func aSheetTheColourOfTheChecksHasNoOutlineOfItsOwnAndOneOnAPlainTableHas() throws {
        let checked = try TestScene.sheet(crease: nil).analysed(.checkedCloth).analysis.scene
        let onChecks = try #require(PhotoChange.Piece(pieceIn: checked))
        #expect(onChecks.patternShare > 0.8 && !onChecks.outlineIsItsOwn, "\(onChecks.patternShare)")
        let plain = try TestScene.sheet(crease: nil).analysed(.none).analysis.scene
        let onTable = try #require(PhotoChange.Piece(pieceIn: plain))
        #expect(onTable.patternShare == 0 && onTable.outlineIsItsOwn)
    }

    @Test func aSheetOfAnotherColourOnTheChecksKeepsItsOutline() throws {
        let teal = TestScene(items: [
            TestScene.Item(
                shape: .polygon(TestScene.rectangle(SIMD2(320, 240), SIMD2(300, 300))), colour: (0, 128, 128))
        ])
        let scene = try teal.analysed(.checkedCloth).analysis.scene
        let piece = try #require(PhotoChange.Piece(pieceIn: scene))
        #expect(scene.surface?.hasSuffix("patterned") == true)
        #expect(piece.patternShare < 0.05 && piece.outlineIsItsOwn, "\(piece.patternShare) \(piece.outline)")
    }
}

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
}

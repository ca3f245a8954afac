@testable import CraftImages
import Testing

@Suite struct RegionSplitterTests {
    typealias Item = TestScene.Item

    /// A dark varnished table whose lamp-lit sheen the surface model cannot call table (it is far brighter than the
    /// light field, and streaked), with a teal sheet lying in that sheen: one region of the object mask, most of it
    /// sheen. The sheet is plain and of another colour altogether, so it is a thing of its own, and the piece.
    static let sheetInTheSheen = TestScene(items: [
        Item(shape: .polygon([SIMD2(20, 60), SIMD2(330, 40), SIMD2(360, 200), SIMD2(250, 260), SIMD2(340, 430),
                              SIMD2(40, 440), SIMD2(120, 250)]),
             colour: (230, 192, 146), fill: .stripes((128, 94, 64), period: 10, angle: 0.35)),
        Item(shape: .polygon([SIMD2(250, 170), SIMD2(330, 185), SIMD2(335, 275), SIMD2(225, 265)]),
             colour: TestScene.teal),
    ], table: (84, 50, 32))

    @Test func aPlainSheetLyingInABusyPatchOfTheTableIsAThingOfItsOwn() throws {
        let scene = try Self.sheetInTheSheen.analysed().analysis.scene
        let sheet = scene.objects.first { $0.colours.first == "teal" }
        #expect(sheet != nil, "objects: \(scene.objects.map { "\($0.colours) \($0.outline) \($0.share)" })")
        #expect(sheet?.texture == .flat)
        #expect(sheet.map { (0.02...0.05).contains($0.share) } ?? false)
        #expect(scene.piece?.colours.first == "teal")
    }

    /// A folded sheet showing both its sides in the same sheen stays one piece: two plain parts side by side merge
    /// as they always did; only a busy neighbour cannot take a plain part in.
    @Test func aSheetShowingBothSidesInTheSheenStaysOnePiece() throws {
        var scene = Self.sheetInTheSheen
        scene.items.append(Item(shape: .polygon([SIMD2(232, 168), SIMD2(330, 185), SIMD2(330, 50)]),
                                colour: (248, 246, 240)))
        let found = try scene.analysed().analysis.scene
        let piece = try #require(found.piece)
        #expect(piece.colours.contains("teal") && piece.colours.count == 2,
                "objects: \(found.objects.map { "\($0.colours) \($0.outline) \($0.share)" })")
    }
}

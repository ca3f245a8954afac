@testable import CraftImages
import Testing

/// Which object of a scene is the piece a progress photo is taken of.
@Suite struct PhotoScenePieceTests {
    static func object(
        _ colour: String, share: Double, at centre: SIMD2<Double>, texture: Texture? = .flat
    ) -> SceneObject {
        SceneObject(colours: [colour], share: share, centre: centre, outline: .polygon(sides: 5), texture: texture)
    }

    @Test func theFlatObjectInTheMiddleIsThePieceNotALitPatchOfTable() {
        // As measured on a rendered photo of the cup on walnut under a desk lamp: the lamp's glare on the varnish
        // came out as the largest object, finely textured.
        let scene = PhotoScene(
            objects: [
                Self.object("tan", share: 0.23, at: SIMD2(0.78, 0.5), texture: .fibrous),
                Self.object("peach", share: 0.10, at: SIMD2(0.22, 0.8)),
                Self.object("turquoise", share: 0.09, at: SIMD2(0.5, 0.52)),
            ],
            surface: "light brown", countIsApproximate: true)
        #expect(scene.piece?.colours == ["turquoise"])
    }

    @Test func aLargerFlatObjectAtTheEdgeCountsLessThanOneInTheMiddle() {
        let spare = Self.object("coral", share: 0.14, at: SIMD2(0.9, 0.15))
        let piece = Self.object("teal", share: 0.06, at: SIMD2(0.45, 0.55))
        #expect(PhotoScene(objects: [spare, piece], surface: "tan", countIsApproximate: false).piece == piece)
        // Both in the middle: the larger one.
        let near = Self.object("coral", share: 0.14, at: SIMD2(0.6, 0.4))
        #expect(PhotoScene(objects: [near, piece], surface: "tan", countIsApproximate: false).piece == near)
    }

    @Test func withNoFlatObjectTheLargestIsThePiece() {
        let yarn = Self.object("red", share: 0.2, at: SIMD2(0.3, 0.3), texture: .fibrous)
        let small = Self.object("blue", share: 0.05, at: SIMD2(0.5, 0.5), texture: nil)
        #expect(PhotoScene(objects: [yarn, small], surface: "tan", countIsApproximate: false).piece == yarn)
        #expect(PhotoScene(objects: [], surface: nil, countIsApproximate: false).piece == nil)
    }

    @Test func theWeightFallsFromTheMiddleToTheEdge() {
        #expect(PhotoScene.centreWeight(SIMD2(0.5, 0.5)) == 1)
        #expect(PhotoScene.centreWeight(SIMD2(0.65, 0.5)) == 1)
        #expect(abs(PhotoScene.centreWeight(SIMD2(0.85, 0.5)) - 0.625) < 1e-9)
        #expect(PhotoScene.centreWeight(SIMD2(1, 1)) == 0.25)
    }
}

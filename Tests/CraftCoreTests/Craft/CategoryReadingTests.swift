@testable import CraftCore
import CraftImages
import CraftVision
import Testing

@Suite struct CategoryReadingTests {
    static func object(
        _ outline: Outline, colours: [String] = ["teal"], share: Double = 0.1, creases: Int = 0
    ) -> SceneObject {
        SceneObject(
            colours: colours, share: share, centre: [0.5, 0.5], outline: outline, texture: .flat,
            creases: Array(repeating: Crease(angle: 0, throughMiddle: true, extent: 0.8), count: creases))
    }

    static func scene(_ objects: SceneObject...) -> PhotoScene {
        PhotoScene(objects: objects, surface: "tan", countIsApproximate: false)
    }

    static func likeness(_ index: Int, _ name: String, _ probability: Double) -> Resemblance {
        Resemblance(index: index, name: name, probability: probability)
    }

    @Test func anAnimalLikenessReadsAsInspirationWhateverTheObjects() {
        let cat = [Self.likeness(285, "Egyptian Mau", 0.77)]
        let reading = CategoryReading(scene: Self.scene(Self.object(.irregular, creases: 4)), likenesses: cat)
        #expect(reading.category == .inspiration)
        #expect(reading.sentence == "origami reads it as inspiration: the image classifier finds it most like "
            + "Egyptian Mau (an animal).")
    }

    @Test func sceneLikenessesAddUpAcrossGroupsButNotPastTheThreshold() {
        let scattered = [Self.likeness(829, "tram", 0.2), Self.likeness(970, "mountain", 0.16)]
        #expect(CategoryReading(scene: Self.scene(), likenesses: scattered).category == .inspiration)
        let weak = [
            Self.likeness(549, "envelope", 0.5), Self.likeness(829, "tram", 0.2), Self.likeness(970, "mountain", 0.1),
        ]
        #expect(CategoryReading(scene: Self.scene(), likenesses: weak).category == .supplies)
    }

    @Test func onlyTheFirstFiveLikenessesAreWeighed() {
        let late = (0..<5).map { Self.likeness(549, "envelope", 0.01 * Double($0)) }
            + [Self.likeness(1, "goldfish", 0.9)]
        #expect(CategoryReading(scene: Self.scene(Self.object(.square)), likenesses: late).category == .supplies)
    }

    @Test func aLikelyEverydayObjectIsInspirationButACraftMaterialOrAFaintOneIsNot() {
        let chair = [Self.likeness(559, "folding chair", 0.5)]
        let reading = CategoryReading(scene: Self.scene(Self.object(.square)), likenesses: chair)
        #expect(reading.category == .inspiration)
        #expect(reading.sentence == "origami reads it as inspiration: the image classifier finds it most like "
            + "folding chair (an everyday object, no craft material).")
        let faint = [Self.likeness(559, "folding chair", 0.49)]
        #expect(CategoryReading(scene: Self.scene(Self.object(.square)), likenesses: faint).category == .supplies)
        let scissors = [Self.likeness(623, "letter opener", 0.9)]
        #expect(CategoryReading(scene: Self.scene(Self.object(.square)), likenesses: scissors).category == .supplies)
        // A folded figure stays one, whatever it looks like.
        let folded = Self.scene(Self.object(.irregular, creases: 3))
        #expect(CategoryReading(scene: folded, likenesses: chair).category == .finishedPiece)
    }

    @Test func aPictureFillingTheFrameIsInspirationUnlessItIsLikeACraftMaterial() {
        let sky = [Self.likeness(701, "parachute", 0.19), Self.likeness(549, "envelope", 0.09)]
        let reading = CategoryReading(scene: Self.scene(), likenesses: sky)
        #expect(reading.category == .inspiration)
        #expect(reading.sentence == "origami reads it as inspiration: a picture filling the frame that the image "
            + "classifier finds like no craft material.")
        let yarn = [Self.likeness(701, "parachute", 0.19), Self.likeness(911, "wool", 0.1)]
        #expect(CategoryReading(scene: Self.scene(), likenesses: yarn).category == .supplies)
        let quilt = [Self.likeness(750, "quilt", 0.12)]
        #expect(CategoryReading(scene: Self.scene(), likenesses: quilt).category == .supplies)
        // On a surface, a faint likeness says nothing either way.
        #expect(CategoryReading(scene: Self.scene(Self.object(.square)), likenesses: sky).category == .supplies)
    }

    @Test(arguments: [
        (Outline.rectangle, ["rust", "orange"], 0.55, ImageCategory.inspiration),
        (.square, ["pink", "grey"], 0.3, .inspiration),
        (.rectangle, ["crimson"], 0.55, .supplies),
        (.rectangle, ["rust", "orange"], 0.2, .supplies),
        (.irregular, ["rust", "orange"], 0.55, .supplies),
    ])
    func oneLargeRectangleOfSeveralColoursReadsAsAPrint(
        outline: Outline, colours: [String], share: Double, expected: ImageCategory
    ) {
        let reading = CategoryReading(
            scene: Self.scene(Self.object(outline, colours: colours, share: share)), likenesses: [])
        #expect(reading.category == expected)
    }

    @Test func aPrintAmongOtherThingsIsNotReadAsOne() {
        let scene = Self.scene(Self.object(.rectangle, colours: ["rust", "orange"], share: 0.5), Self.object(.square))
        #expect(CategoryReading(scene: scene, likenesses: []).category == .supplies)
    }

    @Test(arguments: [(2, ImageCategory.supplies), (3, .finishedPiece), (5, .finishedPiece)])
    func threeCreasesMakeAFoldedFigure(creases: Int, expected: ImageCategory) {
        let reading = CategoryReading(scene: Self.scene(Self.object(.irregular, creases: creases)), likenesses: [])
        #expect(reading.category == expected)
    }

    @Test func aLikelyMadePieceIsFinishedButAFaintOneIsNot() {
        let mitten = [Self.likeness(658, "mitten", 0.4)]
        #expect(CategoryReading(scene: Self.scene(Self.object(.round)), likenesses: mitten).category == .finishedPiece)
        let faint = [Self.likeness(911, "wool", 0.3), Self.likeness(658, "mitten", 0.2)]
        #expect(CategoryReading(scene: Self.scene(Self.object(.round)), likenesses: faint).category == .supplies)
    }

    @Test func looseMaterialsAndAnEmptySceneWithoutTheClassifierAreSupplies() {
        let loose = CategoryReading(scene: Self.scene(Self.object(.square), Self.object(.square)), likenesses: [])
        #expect(loose.sentence == "origami reads it as supplies: several loose materials.")
        #expect(CategoryReading(scene: Self.scene(), likenesses: []).category == .supplies)
    }

    @Test func aFinishedPieceIsNamedWithItsArticle() {
        let reading = CategoryReading(scene: Self.scene(Self.object(.polygon(sides: 6), creases: 3)), likenesses: [])
        #expect(reading.sentence == "origami reads it as a finished piece: one six-sided piece with 3 creases, folded.")
    }
}

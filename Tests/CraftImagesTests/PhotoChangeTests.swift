@testable import CraftImages
import Foundation
import Testing

/// The change between two photos of a piece, measured from their scenes' pieces.
@Suite struct PhotoChangeTests {
    static func piece(
        _ outline: Outline, share: Double, aspect: Double = 1, creases: [Double] = [], colours: [String] = ["teal"]
    ) -> PhotoChange.Piece {
        PhotoChange.Piece(
            outline: outline, share: share, aspect: aspect,
            creases: creases.map { Crease(angle: $0, throughMiddle: true, extent: 0.8) }, colours: colours)
    }

    @Test func theSamePieceAgainIsNoChange() {
        let piece = Self.piece(.polygon(sides: 5), share: 0.09, creases: [0, 136])
        let change = PhotoChange(before: piece, after: Self.piece(.polygon(sides: 5), share: 0.093, creases: [178]))
        #expect(!change.isPresent)
        #expect(change.newCreases.isEmpty, "178° and 0° are the same line")
        #expect(change.words.hasSuffix("No change was measured: the piece looks as before."))
    }

    @Test func aFoldChangesTheOutlineAreaAndCreases() {
        let change = PhotoChange(
            before: Self.piece(.triangle, share: 0.18, aspect: 2.15),
            after: Self.piece(.polygon(sides: 4), share: 0.132, aspect: 1.74, creases: [1, 46]))
        #expect(change.isPresent && change.outlineChanged && change.areaChanged && change.aspectChanged)
        #expect(change.newCreases.map(\.direction) == ["horizontal", "diagonal, from upper left to lower right"])
        #expect(change.words.contains("the outline went from a triangle to a four-sided shape"))
        #expect(change.words.contains("it covers 27 % less of the picture"))
    }

    @Test func theOtherSideOfThePaperShowingIsAChange() {
        let change = PhotoChange(
            before: Self.piece(.polygon(sides: 5), share: 0.09),
            after: Self.piece(.polygon(sides: 5), share: 0.09, colours: ["teal", "cream"]))
        #expect(change.isPresent && change.newColours == ["cream"])
        #expect(change.words.contains("cream now shows"))
    }

    @Test func aPieceOfOtherColoursIsNotTheOtherSideOfThePaper() {
        let teal = Self.piece(.polygon(sides: 4), share: 0.07, colours: ["turquoise"])
        let spare = PhotoChange(before: teal, after: Self.piece(.polygon(sides: 4), share: 0.07, colours: ["peach"]))
        #expect(spare.newColours == ["peach"] && !spare.sharesAColour && !spare.isPresent)
        #expect(spare.words.contains(
            "none of its colours (peach) was on the earlier piece, so it may be another thing"))
        #expect(spare.words.hasSuffix(
            "No fold was measured: the two photos may show different things, as they share no colour."))
        let turned = PhotoChange(
            before: teal, after: Self.piece(.polygon(sides: 4), share: 0.07, colours: ["turquoise", "white"]))
        #expect(turned.sharesAColour && turned.isPresent)
    }

    /// On a held-out rendering of the cup on a cutting mat, the piece of one photo was a shadowed flap, grey and
    /// white, and the next photo's whole piece "showed teal anew": greys are what shadowed paper and the mat share.
    @Test func aColourNewBesideSharedGreysIsNotTheOtherSideOfThePaper() {
        let flap = Self.piece(.polygon(sides: 4), share: 0.05, colours: ["grey", "white"])
        let whole = PhotoChange(
            before: flap, after: Self.piece(.polygon(sides: 4), share: 0.05, colours: ["teal", "grey"]))
        #expect(whole.newColours == ["teal"] && whole.sharesAColour && !whole.sharesATint && !whole.isPresent)
        #expect(whole.words.contains("teal now shows, but the two share only greys"), "\(whole.words)")
        #expect(whole.words.hasSuffix("No fold was measured: the colour that now shows may belong to another thing, "
            + "as the two photos share only greys, and a change of size or of lines alone can come from moving the "
            + "camera."))
        let white = Self.piece(.polygon(sides: 4), share: 0.05, colours: ["teal", "grey"])
        let turned = PhotoChange(
            before: white, after: Self.piece(.polygon(sides: 4), share: 0.05, colours: ["teal", "white", "coral"]))
        #expect(turned.sharesATint && turned.isPresent, "teal on both: the coral is another side")
    }

    /// On a held-out rendering of the cup on a red and white checked cloth, the white side of an unfinished piece
    /// measured six-sided, then five-sided and 39 % smaller in the next step's photo, with nothing folded: white paper
    /// is told from the white checks only to a check's size.
    @Test func anOutlineInAColourOfThePatternedSurfaceIsNoEvidenceOfAFold() {
        var six = Self.piece(.polygon(sides: 6), share: 0.10, colours: ["white", "turquoise"])
        var five = Self.piece(.polygon(sides: 5), share: 0.06, colours: ["white"])
        // A piece nearly all white on white checks: 99 % of it in the cloth's colour, as rendered.
        #expect(PhotoChange(before: six, after: five).isPresent, "on a plain table the sides count")
        (six.patternShare, five.patternShare) = (0.5, 0.9)
        let onChecks = PhotoChange(before: six, after: five)
        #expect(five.blendsWithPattern && !five.outlineIsItsOwn && !onChecks.isPresent)
        #expect(onChecks.words.hasSuffix("No fold was measured: the piece shares a colour with the patterned surface "
            + "under it, so its outline may take in or leave out some of the surface's cells, and a change of size or "
            + "of lines alone can come from moving the camera."), "\(onChecks.words)")
        (six.patternShare, five.patternShare) = (0.55, 0.45)
        #expect(PhotoChange(before: six, after: five).isPresent, "white beside turquoise: the turquoise edges hold")
    }

    /// On a held-out rendering of the cup on a checked cloth, the earlier photo's piece measured as a turquoise part
    /// touching a white one (one sheet split by its colours), and the next, unfinished, as one white and turquoise
    /// piece that "showed" white anew.
    @Test func aColourThatShowedOnAPartTouchingTheEarlierPieceIsNoNewSide() {
        var split = Self.piece(.polygon(sides: 5), share: 0.03, colours: ["turquoise"])
        let whole = Self.piece(.polygon(sides: 5), share: 0.12, colours: ["white", "turquoise"])
        #expect(PhotoChange(before: split, after: whole).isPresent, "alone, the white is another side")
        split.touchingColours = ["white"]
        let change = PhotoChange(before: split, after: whole)
        #expect(change.newColours.isEmpty && change.colouredBeside == ["white"] && !change.isPresent)
        #expect(change.words.contains(
            "the same colours show (white and turquoise); white showed before too, on a part touching the earlier "
                + "piece"), "\(change.words)")
    }

    @Test func theSameSheetInOtherLightIsOnePieceWithNoNewSide() {
        // A teal sheet on a cutting mat, named teal in one rendered photo and turquoise in the next.
        let teal = Self.piece(.triangle, share: 0.04, aspect: 2.0, colours: ["teal"])
        let folded = PhotoChange(
            before: teal, after: Self.piece(.polygon(sides: 4), share: 0.04, aspect: 2.3, colours: ["turquoise"]))
        #expect(folded.sharesAColour && folded.newColours.isEmpty && folded.isPresent)
        #expect(folded.words.contains("the same colours show (turquoise)"))
        let relit = PhotoChange(
            before: teal, after: Self.piece(.triangle, share: 0.04, aspect: 2.0, colours: ["turquoise", "teal"]))
        #expect(relit.newColours.isEmpty && !relit.isPresent, "turquoise beside teal is no other side of the paper")
    }

    @Test func anIrregularOutlineIsNoEvidenceOfAFold() {
        // A sheet cut off by the white checks of a cloth, and a glare patch taken for the piece before.
        let cut = PhotoChange(before: nil, after: Self.piece(.irregular, share: 0.1), hadEarlierPhoto: false)
        #expect(cut.outlineChanged && !cut.isPresent)
        let fromGlare = PhotoChange(
            before: Self.piece(.irregular, share: 0.3, aspect: 1.3, colours: ["teal", "light brown"]),
            after: Self.piece(.polygon(sides: 5), share: 0.1, aspect: 1.0, colours: ["teal"]))
        #expect(fromGlare.outlineChanged && !fromGlare.isPresent)
        for change in [cut, fromGlare] {
            #expect(change.words.hasSuffix("No fold was measured: an irregular outline says nothing of a fold (the "
                + "background or the light can cut a piece off), and a change of size or of lines alone can come "
                + "from moving the camera."))
        }
    }

    @Test func aMovedCameraIsNoFold() {
        // The same unfinished piece photographed again from nearer and turned: a larger share of the picture and
        // its lines at other angles, as on the rendered photos of the paper cup. Neither is a fold.
        let change = PhotoChange(
            before: Self.piece(.polygon(sides: 5), share: 0.09, aspect: 1.0, creases: [40, 130]),
            after: Self.piece(.polygon(sides: 5), share: 0.117, aspect: 1.1, creases: [2, 178]))
        #expect(change.anythingChanged && change.areaChanged && !change.newCreases.isEmpty)
        #expect(!change.isPresent)
        #expect(change.words.contains("it covers 30 % more of the picture"))
        #expect(change.words.hasSuffix(
            "No fold was measured: the outline and the sides of the paper that show are as before, and a change of "
                + "size or of lines alone can come from moving the camera."))
    }

    @Test func anAspectChangeBeyondWhatASlantedCameraMakesIsAFold() {
        let before = Self.piece(.polygon(sides: 4), share: 0.1, aspect: 1.0)
        let slanted = PhotoChange(before: before, after: Self.piece(.polygon(sides: 4), share: 0.1, aspect: 1.25))
        #expect(slanted.aspectChanged && !slanted.isPresent, "25 %: a camera at another slant can do that")
        let folded = PhotoChange(before: before, after: Self.piece(.polygon(sides: 4), share: 0.05, aspect: 2.0))
        #expect(folded.isPresent)
    }

    @Test func againstAnUnfoldedSheetANewCreaseIsAFold() {
        let creased = PhotoChange(
            before: nil, after: Self.piece(.rectangle, share: 0.3, aspect: 1.41, creases: [90]), hadEarlierPhoto: false)
        #expect(creased.isPresent && !creased.outlineChanged)
    }

    @Test func withoutAnEarlierPhotoAFoldedPieceDiffersFromAnUnfoldedSheet() {
        let folded = PhotoChange(before: nil, after: Self.piece(.triangle, share: 0.18), hadEarlierPhoto: false)
        #expect(folded.isPresent && folded.words.hasPrefix("No earlier photo of the piece"))
        let sheet = PhotoChange(before: nil, after: Self.piece(.square, share: 0.3), hadEarlierPhoto: false)
        #expect(!sheet.isPresent)
        #expect(!PhotoChange(before: Self.piece(.square, share: 0.3), after: nil).isPresent)
    }

    /// The paper cup after its second fold, drawn as the camera sees it turned by `turn` radians: the triangle's
    /// right corner folded across to the left edge, so the flap's top edge (a line across the piece) lies along the
    /// base when `level`, and slants 25° from it when not. Geometry of a triangle with base 2 and height 1.
    static func cupFlap(turn: Double, level: Bool, pressedFlat: Bool = false) -> TestScene {
        let (c, s) = (cos(turn), sin(turn))
        func at(_ x: Double, _ y: Double) -> SIMD2<Double> {
            let (u, v) = (x * 170, -y * 170 + 80)
            return SIMD2(320 + u * c - v * s, 240 + u * s + v * c)
        }
        // Base corner, crease foot, crease top on the right edge, apex; the flap's corner lies on the left edge.
        let outline = [at(-1, 0), at(0.172, 0), at(0.414, 0.586), at(0, 1)]
        let edge = level ? (at(-0.414, 0.586), at(0.414, 0.586)) : (at(-0.5, 0.5), at(0.32, 0.88))
        return TestScene(items: [
            TestScene.Item(shape: .polygon(outline), colour: TestScene.teal, lines: [edge], pressedFlat: pressedFlat)
        ], table: (150, 140, 130))
    }

    @Test(arguments: [0.0, 0.6, -0.9])
    func aLevelFlapRunsAlongASideOfThePieceHoweverTheCameraTurns(turn: Double) throws {
        for level in [true, false] {
            let scene = try Self.cupFlap(turn: turn, level: level).analysed().analysis.scene
            let piece = try #require(PhotoChange.Piece(pieceIn: scene))
            #expect(piece.sides.count == 4, "turned \(turn), level \(level): \(piece.sides)")
            let crease = try #require(piece.creases.first, "turned \(turn), level \(level): no line found")
            let nearest = try #require(piece.anglesToSides(of: crease).min())
            if level {
                #expect(nearest <= 5, "turned \(turn): the level edge lies \(nearest)° from the nearest side")
            } else {
                #expect(nearest >= 18, "turned \(turn): the slanted edge lies \(nearest)° from the nearest side")
            }
        }
    }

    /// A flap folded and pressed flat in even light shows only as a line a pixel wide, a little lighter: no edge
    /// between two lights for the creases, but a faint line along the base when folded level. A slanted flap never
    /// gives a line along a side (on a clean picture its own line is found, slanting). The picture is the working
    /// copy's double size, where creases are looked for; a JPEG of it at quality 70 loses the line.
    @Test(arguments: [Nuisance.none, .sensorNoise])
    func aFlapPressedFlatInEvenLightIsFoundByItsThinLine(nuisance: Nuisance) throws {
        for level in [true, false] {
            let scene = try Self.cupFlap(turn: 0.4, level: level, pressedFlat: true).analysed(nuisance).analysis.scene
            let piece = try #require(PhotoChange.Piece(pieceIn: scene))
            let nearest = piece.lines.compactMap { piece.anglesToSides(of: $0).min() }
            if nuisance == .none {
                #expect(piece.creases.isEmpty, "level \(level): a thin line in even light is no edge: \(piece.creases)")
            }
            if level {
                #expect(nearest.contains { $0 <= 5 }, "\(nuisance): no line along a side, lines \(nearest)° from one")
            } else {
                #expect(!nearest.contains { $0 < 18 }, "\(nuisance): a slanted flap gave lines \(nearest)° from a side")
                if nuisance == .none { #expect(!nearest.isEmpty, "the slanted flap's line was not found") }
            }
        }
    }

    /// A cup's body seen from the front, a trapezoid, flat; opened, its rim an ellipse across the top, turned by
    /// `turn` radians.
    static func cup(turn: Double, opened: Bool) -> TestScene {
        let (c, s) = (cos(turn), sin(turn))
        func at(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(320 + x * c - y * s, 240 + x * s + y * c) }
        var items = [TestScene.Item(
            shape: .polygon([at(-120, -60), at(120, -60), at(60, 140), at(-60, 140)]), colour: TestScene.teal)]
        if opened {
            let radii = SIMD2(126.0, 34.0)
            let rim = (0..<72).map { index -> SIMD2<Double> in
                let angle = Double(index) / 72 * 2 * .pi
                return at(radii.x * cos(angle), -60 + radii.y * sin(angle))
            }
            items.append(TestScene.Item(shape: .polygon(rim), colour: TestScene.teal))
        }
        return TestScene(items: items, table: (150, 140, 130))
    }

    /// Folds leave straight edges; an opened pocket's rim is curved. The flat body of a cup, and the flat flaps of
    /// its fold (turned, which blunts their corners in the picture), have no side that bows; the opened cup's rim
    /// does, and against the flat photo it is new.
    @Test(arguments: [Nuisance.none, .sensorNoise, .woodGrain, .jpeg])
    func theRimOfAnOpenedCupIsACurvedEdgeWhichAFoldNeverLeaves(nuisance: Nuisance) throws {
        for turn in [0.0, 0.5] {
            let flat = try #require(PhotoChange.Piece(pieceIn: try Self.cup(turn: turn, opened: false)
                .analysed(nuisance).analysis.scene))
            let opened = try #require(PhotoChange.Piece(pieceIn: try Self.cup(turn: turn, opened: true)
                .analysed(nuisance).analysis.scene))
            #expect(!flat.hasCurvedEdge, "\(nuisance), turned \(turn): the flat body bows \(flat.bow)")
            #expect(opened.hasCurvedEdge, "\(nuisance), turned \(turn): the opened rim bows only \(opened.bow)")
            #expect(PhotoChange(before: flat, after: opened).newCurvedEdge)
            #expect(!PhotoChange(before: opened, after: flat).newCurvedEdge)
            #expect(!PhotoChange(before: opened, after: opened).newCurvedEdge, "a rim seen before is not new")
        }
        for turn in [0.0, 0.6, -0.9] {
            for level in [true, false] {
                let flap = try #require(PhotoChange.Piece(pieceIn: try Self.cupFlap(turn: turn, level: level)
                    .analysed(nuisance).analysis.scene))
                #expect(!flap.hasCurvedEdge, "\(nuisance), flap turned \(turn): it bows \(flap.bow)")
            }
        }
    }

    @Test(arguments: [Nuisance.none, .sensorNoise, .jpeg, .lightGradient])
    func anEvenSheetHasNoFaintLines(nuisance: Nuisance) throws {
        let corners = [SIMD2(200.0, 120.0), SIMD2(440, 120), SIMD2(440, 360), SIMD2(200, 360)]
        let sheet = TestScene(items: [TestScene.Item(shape: .polygon(corners), colour: TestScene.teal)])
        let piece = try #require(PhotoChange.Piece(pieceIn: try sheet.analysed(nuisance).analysis.scene))
        #expect(piece.lines.isEmpty, "\(nuisance): \(piece.lines)")
    }

    @Test func anOutlineCutOffByThePicturesEdgeIsNoEvidenceOfAFold() throws {
        // A piece with its point outside the picture measures with one more side than it has.
        let cut = PhotoChange.Piece(
            outline: .polygon(sides: 6), share: 0.12, aspect: 1.1, creases: [], colours: ["teal"], reachesEdge: true)
        let whole = Self.piece(.polygon(sides: 5), share: 0.08, aspect: 1.1)
        let change = PhotoChange(before: cut, after: whole)
        #expect(change.outlineChanged && !change.isPresent)
        #expect(change.words.hasSuffix("the piece reaches the edge of a photo, so part of its outline may be the "
            + "photo's edge, and a change of size or of lines alone can come from moving the camera."))
        #expect(PhotoChange(before: Self.piece(.polygon(sides: 4), share: 0.1), after: whole).isPresent)
        // Drawn: the same triangle inside the picture, and pushed up past its top edge.
        for (top, reaches) in [(90.0, false), (-60.0, true)] {
            let scene = TestScene(items: [
                TestScene.Item(
                    shape: .polygon([SIMD2(320, top), SIMD2(500, top + 290), SIMD2(140, top + 290)]),
                    colour: TestScene.teal)
            ])
            let piece = try #require(PhotoChange.Piece(pieceIn: try scene.analysed().analysis.scene))
            #expect(piece.reachesEdge == reaches, "apex at y \(top)")
        }
    }
}

/// How the piece in a progress photo changed since an earlier photo of it: outline, area, aspect, new straight
/// creases and colours that came into view.
///
/// A model that cannot see cannot tell from one description whether a fold was made; it can reason about a
/// measured difference ("the outline went from a triangle to a five-sided shape, 24 % smaller, with a new
/// vertical crease"). The piece is `PhotoScene.piece` in each photo. Without an earlier photo the
/// piece is compared with an unfolded sheet (four right-angled sides, no creases), which is how a folding tutorial
/// starts. A plain value, so a library can set an expected shape beside it.
public struct PhotoChange: Sendable, Hashable {
    /// What was measured of the piece in one photo.
    public struct Piece: Sendable, Hashable {
        /// Its outline.
        public var outline: Outline
        /// The share of the picture it covers, 0…1.
        public var share: Double
        /// Long side over short side of its smallest box.
        public var aspect: Double
        /// Its straight creases.
        public var creases: [Crease]
        /// Its creases and faint lines (`SceneObject.faintLines`): what a step's line is looked for in.
        public var lines: [Crease]
        /// Its main colour names.
        public var colours: [String]
        /// The straight sides of its outline, longest first.
        public var sides: [OutlineSide]
        /// Whether it reaches the edge of the picture, so part of its outline may be the picture's edge.
        public var reachesEdge: Bool
        /// The share of it in the colours of the patterned surface it lies on (`SceneObject.patternShare`).
        public var patternShare: Double
        /// The colours of the objects it touches that were told apart from it by colour only
        /// (`SceneObject.touchingColours`).
        public var touchingColours: [String]
        /// How far the most bowed of its long sides bows out (`SceneObject.bow`).
        public var bow: Double

        /// Creates a piece from its measures.
        public init(
            outline: Outline, share: Double, aspect: Double, creases: [Crease], colours: [String],
            sides: [OutlineSide] = [], reachesEdge: Bool = false, patternShare: Double = 0,
            touchingColours: [String] = [], lines: [Crease]? = nil, bow: Double = 0
        ) {
            self.outline = outline
            self.share = share
            self.aspect = aspect
            self.creases = creases
            self.lines = lines ?? creases
            self.colours = colours
            self.sides = sides
            self.reachesEdge = reachesEdge
            self.patternShare = patternShare
            self.touchingColours = touchingColours
            self.bow = bow
        }

        /// Whether its outline is its own and has a name: not irregular, not cut off by the picture's edge, and not
        /// nearly all in the colours of a patterned surface under it (`blendsWithPattern`).
        public var outlineIsItsOwn: Bool { outline != .irregular && !reachesEdge && !blendsWithPattern }

        /// Whether at least `patternBlend` of it has a colour of the patterned surface under it. Where paper and
        /// cloth share a colour, the paper is told from the cloth's cells only by being larger than one
        /// (`SurfacePattern`), so its outline is measured to a cell's size, taking in or leaving out cells along it:
        /// on a held-out rendering of the cup on a red and white checked cloth, the white side of one unfinished
        /// piece measured six-sided, then five-sided and 39 % smaller in the next step's photo, with nothing folded.
        public var blendsWithPattern: Bool { patternShare >= Self.patternBlend }

        /// The share of a piece in the pattern's colours from which its outline is not its own: three quarters, a
        /// piece nearly all of the cloth's colour. Where another colour shows on it, that part's edges are its own:
        /// on rendered photos of the cup on a checked cloth (four takes), teal pieces measured 0-5 % of the cloth's
        /// white, teal and white ones 44-62 %, and white ones 99 %; at a fifth, the held-out fifth take lost a done
        /// step whose teal and white outline went from six sides to five.
        public static let patternBlend = 0.75

        /// The piece of `scene` (`PhotoScene.piece`), or nil when the scene has none.
        public init?(pieceIn scene: PhotoScene) {
            guard let object = scene.piece else { return nil }
            self.init(
                outline: object.outline, share: object.share, aspect: object.aspect, creases: object.creases,
                colours: object.colours, sides: object.sides, reachesEdge: object.reachesEdge,
                patternShare: object.patternShare, touchingColours: object.touchingColours,
                lines: object.creases + object.faintLines, bow: object.bow)
        }

        /// Whether its outline, its own (`outlineIsItsOwn`), has a side that bows out by at least `curvedBow`.
        public var hasCurvedEdge: Bool { outlineIsItsOwn && bow >= Self.curvedBow }

        /// A side bowing out by this share of its length is curved, not straight: the rim of an opened pocket. On
        /// the sample cup's twelve progress photos the opened cup's rim bowed out 0.11 and the sides of every flat
        /// step 0.04 at most. On the rendered photos of the cup (15 settings) a curved edge new since the step
        /// before's photo was measured on 3 of the 15 opened cups (0.09-0.13), on none of the 15 unopened ones, and
        /// on 8 of the 150 photos of flat steps (0.09-0.21: a busy cloth or a shadow along an edge), so a curved
        /// edge is evidence only for a step that opens the piece (`StepChange`).
        public static let curvedBow = 0.08

        /// A side shorter than this share of the outline is a cut-off corner, not a side to measure lines against.
        public static let shortestSide = 0.05

        /// The sides lines are measured against: those at least `shortestSide` of the outline.
        public var measuredSides: [OutlineSide] { sides.filter { $0.share >= Self.shortestSide } }

        /// The angle (0…90°) between `crease` and each of `measuredSides`, in their order. A line's direction on the
        /// piece, unlike its direction in the picture, does not change when the camera turns.
        public func anglesToSides(of crease: Crease) -> [Double] {
            measuredSides.map { PhotoChange.angleBetween($0.angle, crease.angle) }
        }
    }

    /// The piece in the earlier photo, or nil when there was none (compared with an unfolded sheet).
    public var before: Piece?
    /// The piece in the new photo, or nil when the photo shows no one piece on a surface.
    public var after: Piece?

    /// A relative change in area or aspect below this is not counted: framing and light move it a little.
    public static let areaTolerance = 0.08
    /// The aspect's tolerance, relative.
    public static let aspectTolerance = 0.12
    /// Two creases within this many degrees of each other are the same line.
    public static let angleTolerance = 15.0

    /// Compares the piece in `after` with the one in `before` (nil: no earlier photo).
    public init(before: PhotoScene?, after: PhotoScene) {
        self.init(before: before.flatMap(Piece.init(pieceIn:)), after: Piece(pieceIn: after),
                  hadEarlierPhoto: before != nil)
    }

    /// Compares two measured pieces; `hadEarlierPhoto` false means `before` nil stands for an unfolded sheet.
    public init(before: Piece?, after: Piece?, hadEarlierPhoto: Bool = true) {
        self.before = before
        self.after = after
        self.hadEarlierPhoto = hadEarlierPhoto
    }

    /// Whether an earlier photo was compared (false: the piece was compared with an unfolded sheet).
    public var hadEarlierPhoto: Bool

    /// Whether the outline's name changed (against an unfolded sheet: it is no longer a square or rectangle).
    public var outlineChanged: Bool {
        guard let after else { return false }
        guard let before else { return hadEarlierPhoto ? false : ![.square, .rectangle].contains(after.outline) }
        return before.outline != after.outline
    }

    /// The new area over the old one, or nil without both pieces.
    public var areaRatio: Double? {
        guard let before, let after, before.share > 0 else { return nil }
        return after.share / before.share
    }

    /// The new aspect over the old one, or nil without both pieces.
    public var aspectRatio: Double? {
        guard let before, let after, before.aspect > 0 else { return nil }
        return after.aspect / before.aspect
    }

    /// Creases of the new piece with no crease of the old one in about the same direction.
    public var newCreases: [Crease] {
        guard let after else { return [] }
        let old = before?.creases ?? []
        return after.creases.filter { crease in
            !old.contains { Self.angleBetween($0.angle, crease.angle) < Self.angleTolerance }
        }
    }

    /// Whether the new piece has a curved edge (`Piece.hasCurvedEdge`) and the earlier one, whose outline was its
    /// own too, had none: a pocket opened into a rim. Against an unfolded sheet, any curved edge is new.
    public var newCurvedEdge: Bool {
        guard let after, after.hasCurvedEdge else { return false }
        guard let before else { return !hadEarlierPhoto }
        return before.outlineIsItsOwn && !before.hasCurvedEdge
    }

    /// Colours of the new piece the old one did not show: another side of the paper came into view. A colour alike
    /// to one shown before (`NamedColour.alike`: teal then turquoise) is the same side in other light, and so is
    /// one that showed on a thing touching the old piece, told apart from it only by colour (`colouredBeside`).
    public var newColours: [String] {
        guard let after, let before else { return [] }
        return after.colours.filter { colour in
            !before.colours.contains { NamedColour.alike($0, colour) } && !colouredBeside.contains(colour)
        }
    }

    /// Colours of the new piece the old one did not show but a thing touching it did, told apart from it only by
    /// colour: one sheet showing both its sides is measured as two objects when the colours split it, so the side
    /// showed already. On a held-out rendering of the cup on a checked cloth, the earlier piece measured as a
    /// turquoise part with a white part beside it, and the unfinished next photo, as one white and turquoise piece,
    /// "showed" white.
    public var colouredBeside: [String] {
        guard let after, let before else { return [] }
        return after.colours.filter { colour in
            !before.colours.contains { NamedColour.alike($0, colour) }
                && before.touchingColours.contains { NamedColour.alike($0, colour) }
        }
    }

    /// Whether the two pieces share a colour, or two alike ones. A fold that shows the paper's other side keeps
    /// some of the side seen before; pieces with no colour in common are more likely two different things (a spare
    /// sheet at the edge of the frame taken for the piece, as on a rendered photo of the cup), so their colours are
    /// not counted.
    public var sharesAColour: Bool {
        guard let after, let before else { return false }
        return after.colours.contains { colour in before.colours.contains { NamedColour.alike($0, colour) } }
    }

    /// Whether the two pieces share a colour that is not a grey: the coloured side of the paper seen in both. Greys
    /// alone do not tie them: paper in shadow is grey, and so are a mat and a shadow taken for part of the piece.
    public var sharesATint: Bool {
        guard let after, let before else { return false }
        return after.colours.contains { colour in
            !NamedColour.isGrey(colour) && before.colours.contains { NamedColour.alike($0, colour) }
        }
    }

    /// Whether the area changed by more than the tolerance.
    public var areaChanged: Bool { areaRatio.map { abs($0 - 1) > Self.areaTolerance } ?? false }
    /// Whether the aspect changed by more than the tolerance.
    public var aspectChanged: Bool { aspectRatio.map { abs($0 - 1) > Self.aspectTolerance } ?? false }

    /// Whether the aspect changed by more than a camera held at another slant can make it change.
    public var aspectChangedBeyondCamera: Bool {
        aspectRatio.map { abs($0 - 1) > Self.cameraAspectTolerance } ?? false
    }
    /// A photo taken 28° off straight down shortens the piece by 12 % along the slant; two photos slanted across
    /// each other change its aspect by up to 28 %.
    public static let cameraAspectTolerance = 0.3

    /// Whether anything measured changed: the outline, the area, the aspect, a new crease or a new colour.
    public var anythingChanged: Bool {
        after != nil && (outlineChanged || areaChanged || aspectChanged || !newCreases.isEmpty || !newColours.isEmpty)
    }

    /// Whether the piece changed as a fold changes it and a moved camera does not: its outline has other sides,
    /// another side of the paper shows beside the one seen before, or its aspect changed beyond
    /// `cameraAspectTolerance`. Against an unfolded sheet a straight crease counts too (a sheet has none). Between
    /// two photos, size and lines do not count alone: the share of the picture follows how near the camera was, and
    /// a line's direction, and whether the light shows it at all, follow where the camera and the lamp were. On
    /// rendered photographs of the paper cup (`scripts/make-rendered-folds`) the same unfinished piece, photographed
    /// again, covered 28-30 % more of the picture with two "new" creases, and a blind model's "complete" was taken
    /// on that.
    ///
    /// An irregular outline is no evidence either way (a piece cut off by a busy cloth or by glare measures so), nor
    /// is the outline of a piece that reaches the picture's edge (on a held-out rendering of the cup, a piece with
    /// its point outside the picture measured six-sided, and the next step's unfinished photo, five-sided, "changed"),
    /// and two pieces with no colour in common are more likely two things than one piece folded, so then nothing
    /// counts. A side newly showing counts only beside a colour both show that is not a grey (`sharesATint`). On a
    /// patterned surface, the outline of a piece nearly all in its colours is no evidence either
    /// (`Piece.blendsWithPattern`).
    public var isPresent: Bool {
        guard let after, before == nil || sharesAColour else { return false }
        let shapesNamed = after.outlineIsItsOwn && before?.outlineIsItsOwn != false
        if shapesNamed && (outlineChanged || aspectChangedBeyondCamera) { return true }
        if !newColours.isEmpty, sharesATint { return true }
        return !hadEarlierPhoto && !newCreases.isEmpty
    }

    /// The difference between two crease angles (0…90), lines having no direction.
    static func angleBetween(_ first: Double, _ second: Double) -> Double {
        let difference = abs(first - second).truncatingRemainder(dividingBy: 180)
        return min(difference, 180 - difference)
    }
}

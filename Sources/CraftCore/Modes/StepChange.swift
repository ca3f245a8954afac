public import CraftImages

/// The measured change of a progress photo held against the step it should show: what a blind check may rest on.
///
/// A model that cannot see judges origami's words. Its "complete" is acted on only when the measurement backs it:
/// the piece changed as a fold changes it since its earlier photo (`PhotoChange.isPresent`), and where the step's
/// words name the direction of an edge or fold ("level", "horizontal", "vertical", "diagonal"), a straight line in
/// that direction is on the piece, measured against the piece's own sides (`line(_:on:)`); where the library says the
/// step opens a pocket into a rim (`LibraryStep.opens`), a curved edge is new on the outline
/// (`PhotoChange.newCurvedEdge`). Anything less leaves the step open, erring, as the sample asks, on the side of
/// false.
public struct StepChange: Sendable, Hashable {
    /// What was measured between the two photos.
    public var change: PhotoChange
    /// The direction of a line the step's words ask for, if any: "horizontal", "vertical" or "diagonal".
    public var expectedDirection: String?
    /// Whether the earlier photo was an attempt at this same step (a retake after a check that was not complete),
    /// rather than the result of an earlier step.
    public var isRetake: Bool
    /// Whether the step opens a pocket into a rim (`LibraryStep.opens`), which a photo shows as a curved edge.
    public var expectsRim: Bool

    /// Holds `change` against a step's title and instruction; `retake` says the earlier photo was an attempt at this
    /// same step; `opens` that the step opens a pocket into a rim.
    public init(change: PhotoChange, step text: String, retake: Bool = false, opens: Bool = false) {
        self.change = change
        self.expectedDirection = Self.direction(named: text)
        self.isRetake = retake
        self.expectsRim = opens
    }

    /// What the measurement lacks for the step, in words, or nil when it backs a complete verdict.
    public var missing: String? {
        guard change.after != nil else { return "origami found no single piece on a surface in the photo" }
        guard change.isPresent || asksForNewLine else {
            guard change.hadEarlierPhoto else { return "the piece still measures as an unfolded sheet" }
            return change.anythingChanged
                ? "no fold was measured since the earlier photo of the piece (its outline and the sides of the paper "
                    + "that show are as before; a change of size or of lines alone can come from moving the camera)"
                : "no change was measured since the earlier photo of the piece"
        }
        if let expectedDirection, !hasLine(expectedDirection) {
            return "the step asks for \(Self.lineWords(expectedDirection, onSides: measuresOnSides)), and no such "
                + "straight line was measured"
        }
        if expectsRim, !change.newCurvedEdge {
            return "the step opens the piece into a rim, which origami measures as a curved edge of its outline, new "
                + "since the earlier photo, and none was measured"
        }
        return nil
    }

    /// Whether the measurement backs a complete verdict.
    public var supportsCompletion: Bool { missing == nil }

    /// What the change was measured from, in words: "since the earlier photo", or "from the flat sheet" when there
    /// was no earlier photo of the piece.
    public var since: String { change.hadEarlierPhoto ? "since the earlier photo" : "from the flat sheet" }

    /// The change for the prompt, with what the step's words ask for.
    public var words: String {
        var text = change.words
        if let expectedDirection {
            let finding = !hasLine(expectedDirection) ? "no such straight line was measured on the piece."
                : hasCrease(expectedDirection) ? "the piece has one."
                : "the piece has one, seen as a faint line (all a fold pressed flat shows in even light)."
            text += " The step asks for \(Self.lineWords(expectedDirection, onSides: measuresOnSides)); " + finding
            if asksForNewLine, !change.isPresent {
                text += " That line is new since the earlier photo, and it is what this step makes."
            }
        }
        if expectsRim {
            let bow = Int(((change.after?.bow ?? 0) * 100).rounded())
            text += change.newCurvedEdge
                ? " One side of the outline now bows out by \(bow) % of its length, new since the earlier photo: the "
                    + "curved rim this step opens the piece into (folds leave straight sides)."
                : " No curved edge was measured: this step opens the piece into a rim, which would show as a side of "
                    + "the outline bowing out (folds leave straight sides)."
        }
        return text
    }

    /// Whether, in a retake of the step, the new photo has a line in the direction the step asks for and the earlier
    /// attempt had none in that direction: a refolded flap keeps the outline's sides (a retake after a slanted
    /// fold) and shows itself only so. A line merely at another angle than before does not count: a moved camera
    /// turns lines (a rendered cup photographed again had "new" horizontal lines beside the horizontal ones of its
    /// earlier photo). Nor does it count against an earlier step's photo: on 60 rendered photos of the cup (five
    /// settings, a pale desk among them measured held out) the only photos it backed so were two unfinished ones,
    /// taken with the camera turned another way than for the earlier photo (on a cutting mat, by about 55°).
    var asksForNewLine: Bool {
        guard isRetake, let expectedDirection, change.hadEarlierPhoto, let before = change.before else { return false }
        return hasLine(expectedDirection) && !Self.line(expectedDirection, on: before)
    }

    /// Whether the piece in the new photo has a straight line in `direction`.
    func hasLine(_ direction: String) -> Bool {
        change.after.map { Self.line(direction, on: $0) } ?? false
    }

    /// Whether the piece in the new photo has a crease in `direction`, not only a faint line.
    func hasCrease(_ direction: String) -> Bool {
        change.after.map { Self.line(direction, on: $0, among: $0.creases) } ?? false
    }

    /// Whether the new photo's piece has enough straight sides for its lines to be measured against them.
    var measuresOnSides: Bool { change.after.map(Self.hasSides) ?? false }

    /// Whether `piece`'s outline has sides to measure its lines against: at least three, on an outline with a name.
    /// An irregular outline's corners are where a shadow or the background cut the piece off as often as its own
    /// (on a held-out rendering of the cup on the cutting mat, a shadow's edge gave an unfinished piece the "side"
    /// its lines ran along).
    static func hasSides(_ piece: PhotoChange.Piece) -> Bool {
        piece.outline != .irregular && piece.measuredSides.count >= 3
    }

    /// A line's direction is measured against the piece's own sides where it has them: within this many degrees of
    /// a side it runs along it, and as many from square to one it stands square to it. A turned camera turns every
    /// line of the piece with it, so a direction in the picture says little of a fold; a side does (a flap folded
    /// level has both its edges parallel to sides of the outline, a slanted one neither). On the 60 rendered photos
    /// of the cup (five settings, the pieces turned by up to about 35° in the picture) every line on a done step 2
    /// or 3 lay within 9° of a side, and those of the step 2 flaps folded slanted 29° or more from every side.
    static let sideTolerance = 15.0
    /// A diagonal line runs at least this many degrees from every side.
    static let diagonalFromSides = 30.0

    /// Whether `piece` has a straight line in `direction`: along one of its sides (level, "horizontal"), square to
    /// one ("vertical"), or slanting from all of them ("diagonal"). A piece without such sides (round, irregular, or
    /// none measured) is measured against the picture's edges instead.
    static func line(_ direction: String, on piece: PhotoChange.Piece) -> Bool {
        line(direction, on: piece, among: piece.lines)
    }

    /// Whether one of `lines` of `piece` runs in `direction`, as `line(_:on:)` measures it.
    static func line(_ direction: String, on piece: PhotoChange.Piece, among lines: [Crease]) -> Bool {
        guard hasSides(piece) else { return lines.contains { $0.direction.hasPrefix(direction) } }
        return lines.contains { crease in
            let angles = piece.anglesToSides(of: crease)
            switch direction {
            case "horizontal": return angles.contains { $0 <= sideTolerance }
            case "vertical": return angles.contains { $0 >= 90 - sideTolerance }
            default: return angles.allSatisfy { $0 >= diagonalFromSides }
            }
        }
    }

    /// The line a step asks for, in words: "a level edge or fold, which origami measures as a straight line along
    /// one of the piece's sides (the camera may be turned)".
    static func lineWords(_ direction: String, onSides: Bool) -> String {
        let name = ["horizontal": "a level", "vertical": "an upright"][direction] ?? "a " + direction
        let measured = "\(name) edge or fold, which origami measures as a "
        guard onSides else { return measured + "\(direction) straight line in the picture" }
        let relations = ["horizontal": "along one of", "vertical": "square to one of"]
        return measured + "straight line \(relations[direction] ?? "slanting across all of") the piece's sides "
            + "(the camera may be turned)"
    }

    /// The line direction a step's words name, or nil: the first of level/horizontal, vertical, diagonal.
    static func direction(named text: String) -> String? {
        let words = Set(text.lowercased().split { !$0.isLetter }.map(String.init))
        if !words.isDisjoint(with: ["level", "horizontal", "horizontally"]) { return "horizontal" }
        if !words.isDisjoint(with: ["vertical", "vertically", "upright"]) { return "vertical" }
        if !words.isDisjoint(with: ["diagonal", "diagonally"]) { return "diagonal" }
        return nil
    }
}

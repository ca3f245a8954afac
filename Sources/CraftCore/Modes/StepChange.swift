public import CraftImages

/// The measured change of a progress photo held against the step it should show: what a blind check may rest on.
///
/// A model that cannot see judges origami's words. Its "complete" is acted on only when the measurement backs it:
/// the piece changed as a fold changes it since its earlier photo (`PhotoChange.isPresent`), and where the step's
/// words name the direction of an edge or fold ("level", "horizontal", "vertical", "diagonal"), a straight line in
/// that direction is on the piece. Anything less leaves the step open, erring, as the sample asks, on the side of
/// false.
public struct StepChange: Sendable, Hashable {
    /// What was measured between the two photos.
    public var change: PhotoChange
    /// The direction of a line the step's words ask for, if any: "horizontal", "vertical" or "diagonal".
    public var expectedDirection: String?
    /// Whether the earlier photo was an attempt at this same step (a retake after a check that was not complete),
    /// rather than the result of an earlier step.
    public var isRetake: Bool

    /// Holds `change` against a step's title and instruction; `retake` says the earlier photo was an attempt at this
    /// same step.
    public init(change: PhotoChange, step text: String, retake: Bool = false) {
        self.change = change
        self.expectedDirection = Self.direction(named: text)
        self.isRetake = retake
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
            let wording = expectedDirection == "horizontal" ? "a level (horizontal)" : "a " + expectedDirection
            return "the step asks for \(wording) edge or fold, and no \(expectedDirection) straight line was measured"
        }
        return nil
    }

    /// Whether the measurement backs a complete verdict.
    public var supportsCompletion: Bool { missing == nil }

    /// The change for the prompt, with what the step's words ask for.
    public var words: String {
        var text = change.words
        if let expectedDirection {
            text += " The step asks for a \(expectedDirection) edge or fold; "
                + (hasLine(expectedDirection) ? "the piece has a \(expectedDirection) straight line."
                    : "no \(expectedDirection) straight line was measured on the piece.")
            if asksForNewLine, !change.isPresent {
                text += " That line is new since the earlier photo, and it is what this step makes."
            }
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

    /// Whether `piece` has a straight line in `direction`.
    static func line(_ direction: String, on piece: PhotoChange.Piece) -> Bool {
        piece.creases.contains { $0.direction.hasPrefix(direction) }
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

public import CraftImages

/// A progress photo's measured outline compared with the flat shape a library step should leave.
///
/// origami measures the piece in the photo (`PhotoScene.piece`): its outline's name gives its number of
/// straight sides, which a fold changes in a way a photo shows plainly (a square folded corner to corner becomes a
/// triangle). The sides decide the verdict, and for a four-sided outline so does its length over its width when it
/// is far from the step's (a square sheet folded edge to edge to the middle is twice as long as wide, which a slanted
/// camera cannot fake); the area against the previous step's photo is reported but not judged, since the camera may
/// have moved.
public struct ShapeCheck: Sendable, Hashable {
    /// The shape the step should leave.
    public var expected: ExpectedShape
    /// The measured outline's name (`ExpectedShape`'s names, or round, oval, irregular), nil when nothing was found.
    public var measured: String?
    /// The measured outline's long side over its short side (of the smallest rectangle around it), nil when nothing
    /// was found.
    public var measuredAspect: Double?
    /// The measured object's area over the previous step's photo's, when that photo could be measured.
    public var areaChange: Double?
    /// The area change the library expects from the step before's shape (or the sheet, for step 1) to this one; nil
    /// when the step before has no shape, so the previous photo's piece is of no known size.
    public var expectedAreaChange: Double?
    /// What the comparison says.
    public var verdict: Verdict

    /// What the comparison says about the step.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The photo's outline has the sides the step should leave.
        case agrees
        /// The photo's outline has other sides, or is four-sided with a length over width far from the step's: the
        /// step is not done as described (or the photo hides the piece).
        case disagrees
        /// Nothing could be measured: the comparison says nothing.
        case unmeasured
    }

    /// Compares `scene` (the progress photo) with step `step` of `project`; `previous` is the last photo of an
    /// earlier folding step, if any, for the area change. Nil when the step has no expected shape.
    public init?(project: LibraryProject, step: Int, scene: PhotoScene?, previous: PhotoScene? = nil) {
        guard let expected = project.step(step)?.shape else { return nil }
        self.expected = expected
        let piece = scene?.piece
        measured = piece.map { Self.name($0.outline) }
        measuredAspect = piece?.aspect
        let before = step == 1 ? 1 : project.step(step - 1)?.shape?.area
        expectedAreaChange = before.map { expected.area / $0 }
        if let piece, let earlier = previous?.piece, earlier.share > 0 {
            areaChange = piece.share / earlier.share
        }
        if let measured, let measuredAspect {
            let sidesAgree = ExpectedShape.sidesByOutline[measured] == expected.sides
            verdict = sidesAgree && !Self.aspectsDiffer(expected: expected, measured: measuredAspect)
                ? .agrees : .disagrees
        } else {
            verdict = .unmeasured
        }
    }

    /// How far a four-sided outline's measured length over width may be from the step's, as a ratio either way:
    /// a camera slanted by 45° shortens one side to 0.71 of its length (a ratio of 1.41), and a step that halves a
    /// square changes it by 2.
    public static let aspectTolerance = 1.6

    /// Whether a four-sided step's expected aspect and the measured one differ by more than `aspectTolerance`. Only
    /// four sides are compared: a half-square triangle (or a six-sided masu base) fits two smallest rectangles of the
    /// same area, one about as long as wide and one twice, so its measured aspect says nothing.
    static func aspectsDiffer(expected: ExpectedShape, measured: Double) -> Bool {
        guard expected.sides == 4, let aspect = expected.aspect, aspect > 0, measured > 0 else { return false }
        return max(aspect, measured) / min(aspect, measured) > aspectTolerance
    }

    /// An outline's name as the library writes it.
    static func name(_ outline: Outline) -> String {
        switch outline {
        case .square: "square"
        case .rectangle: "rectangle"
        case .triangle: "triangle"
        case .long: "long"
        case .round: "round"
        case .oval: "oval"
        case .polygon(let sides): sides == 4 ? "four-sided" : sides == 5 ? "five-sided" : "six-sided"
        case .irregular: "irregular"
        }
    }

    /// The measured outline in words, with its length over width when that is what disagrees: "a square outline,
    /// about as long as wide".
    var measuredWords: String {
        guard let measured else { return "no outline" }
        var words = ExpectedShape.article(measured) + " " + measured + " outline"
        if let measuredAspect, ExpectedShape.sidesByOutline[measured] == expected.sides,
           Self.aspectsDiffer(expected: expected, measured: measuredAspect) {
            words += measuredAspect < 1.15
                ? ", about as long as wide" : ", \(ExpectedShape.ratio(measuredAspect)) times as long as wide"
        }
        return words
    }

    /// The comparison for the model, one paragraph.
    public var sentence: String {
        var text = "Measured shape check for this step (origami measured the photo): after this step the piece "
            + "should lie flat with \(expected.words). "
        switch verdict {
        case .agrees:
            text += "The piece in the photo has \(measuredWords), which agrees."
        case .disagrees:
            text += "The piece in the photo has \(measuredWords) instead, so the step does not look done "
                + "as described: say what differs, and do not mark the step complete."
        case .unmeasured:
            text += "No outline could be measured in the photo, so judge without it."
        }
        if let areaChange, let expectedAreaChange {
            text += " Its area is \(ExpectedShape.percent(areaChange)) of the previous step's photo (expected about "
                + "\(ExpectedShape.percent(expectedAreaChange)) if the camera did not move)."
        }
        return text
    }
}

extension ShapeCheck {
    /// The verdict rule: a complete verdict is not taken when the measured outline disagrees with the step's shape
    /// (the photo shows other sides than the fold leaves). Returns whether it overruled the model.
    public func overrules(_ feedback: inout CoachFeedback) -> Bool {
        guard verdict == .disagrees, feedback.isCurrentStepComplete else { return false }
        feedback.isCurrentStepComplete = false
        feedback.completionMessage = nil
        return true
    }
}

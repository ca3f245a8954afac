public import CraftImages

/// A progress photo's measured outline compared with the flat shape a library step should leave.
///
/// origami measures the piece in the photo (`PhotoScene.piece`): its outline's name gives its number of
/// straight sides, which a fold changes in a way a photo shows plainly (a square folded corner to corner becomes a
/// triangle). The sides decide the verdict; the area against the previous step's photo is reported but not judged,
/// since the camera may have moved.
public struct ShapeCheck: Sendable, Hashable {
    /// The shape the step should leave.
    public var expected: ExpectedShape
    /// The measured outline's name (`ExpectedShape`'s names, or round, oval, irregular), nil when nothing was found.
    public var measured: String?
    /// The measured object's area over the previous step's photo's, when that photo could be measured.
    public var areaChange: Double?
    /// The area change the library expects from the previous shape (or the sheet) to this one.
    public var expectedAreaChange: Double?
    /// What the comparison says.
    public var verdict: Verdict

    /// What the comparison says about the step.
    public enum Verdict: String, Sendable, Hashable, Codable {
        /// The photo's outline has the sides the step should leave.
        case agrees
        /// The photo's outline has other sides: the step is not done as described (or the photo hides the piece).
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
        let before = project.steps.filter { $0.number < step }.last { $0.shape != nil }?.shape?.area ?? 1
        expectedAreaChange = expected.area / before
        if let piece, let earlier = previous?.piece, earlier.share > 0 {
            areaChange = piece.share / earlier.share
        }
        if let measured {
            verdict = ExpectedShape.sidesByOutline[measured] == expected.sides ? .agrees : .disagrees
        } else {
            verdict = .unmeasured
        }
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

    /// The comparison for the model, one paragraph.
    public var sentence: String {
        var text = "Measured shape check for this step (origami measured the photo): after this step the piece "
            + "should lie flat with \(expected.words). "
        switch verdict {
        case .agrees:
            text += "The piece in the photo has a \(measured!) outline, which agrees."
        case .disagrees:
            text += "The piece in the photo has a \(measured!) outline instead, so the step does not look done "
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

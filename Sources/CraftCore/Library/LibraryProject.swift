/// One checked project of the library: what it is, what it needs, where its facts come from, and its steps.
///
/// The steps are origami's own words for a classic project; for folds, each step may carry the flat outline the
/// piece should have after it (`ExpectedShape`), which the coach compares with a progress photo.
public struct LibraryProject: Sendable, Hashable, Codable {
    /// The name a person types: lower-case words joined by hyphens, e.g. `paper-cup`.
    public var id: String
    /// The project's title, e.g. "Paper Cup".
    public var title: String
    /// One line on what it is.
    public var description: String
    /// The kind of craft: origami, paper, yarn, fabric or buttons.
    public var craft: String
    /// How hard it is: beginner, easy or intermediate.
    public var difficulty: String
    /// Everything needed, one item each.
    public var materials: [String]
    /// The kinds of supply a photo must show for brainstorm to offer it (paper, card, yarn, fabric, buttons).
    public var supplies: [String]
    /// The starting sheet of a folded project: its outline and aspect.
    public var sheet: Sheet?
    /// Where the sequence's facts come from; the steps are retold in origami's words.
    public var source: String
    /// The steps, numbered from 1.
    public var steps: [LibraryStep]

    /// The starting sheet: a square or a rectangle of the given aspect (long side over short side).
    public struct Sheet: Sendable, Hashable, Codable {
        /// `square` or `rectangle`.
        public var outline: String
        /// Long side over short side, 1 for a square.
        public var aspect: Double
    }

    /// The project as a tutorial, its steps as they are in the library.
    public var tutorial: Tutorial {
        var tutorial = Tutorial(
            title: title, materials: materials,
            steps: steps.map { TutorialStep(number: $0.number, title: $0.title, instruction: $0.instruction) })
        tutorial.libraryProject = id
        return tutorial
    }

    /// The step numbered `number`, if there is one.
    public func step(_ number: Int) -> LibraryStep? {
        steps.first { $0.number == number }
    }

    /// Whether step `number` opens a pocket into a rim (`LibraryStep.opens`).
    public func opens(_ number: Int) -> Bool {
        step(number)?.opens == true
    }
}

/// One numbered step of a library project.
public struct LibraryStep: Sendable, Hashable, Codable {
    /// The step's position, from 1.
    public var number: Int
    /// A few words naming the step.
    public var title: String
    /// What kind of step it is, which says how its outline may change.
    public var kind: Kind
    /// What to do, in origami's words.
    public var instruction: String
    /// The flat piece's outline after this step, where it is knowable.
    public var shape: ExpectedShape?
    /// True for a make step that opens a pocket into a rim, as a cup's mouth opens: a photo shows the rim as a
    /// curved edge of the outline, which no fold leaves (`PhotoChange.newCurvedEdge`), and the coach looks for one.
    public var opens: Bool?

    /// How a step changes the piece.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The piece is folded or creased: its outline can only shrink or stay the same.
        case fold
        /// A fold is opened again: the outline may grow.
        case unfold
        /// Cutting, tying, wrapping, joining, opening into three dimensions: no flat outline to expect.
        case make
    }
}

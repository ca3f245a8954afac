public import CraftCore
public import Foundation

/// One case of a suite, resolved: photo paths made absolute, ground truth looked up in the manifest, defaults
/// applied. A runner asks the model once per repeat and checks `expectations` against each answer.
public struct EvalCase: Sendable, Hashable, Codable {
    /// Which of origami's flows the case exercises.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// Analyse the photos, then offer ideas.
        case brainstorm
        /// Write the steps of an idea.
        case tutorial
        /// Judge a progress photo against a step.
        case coach
        /// Extract terms from a tutorial, and explain one.
        case term
    }

    /// The case's name, unique in its suite; reports and `--filter` use it.
    public var name: String
    /// The flow to run.
    public var mode: Mode
    /// What the flow is given.
    public var inputs: Inputs
    /// What its answer must satisfy.
    public var expectations: EvalExpectations
    /// How many times to ask (nondeterministic models need more than one).
    public var repeats: Int
    /// How long one run of the case may take before it counts as failed with a timeout.
    public var timeoutSeconds: Double

    /// Creates a case.
    public init(
        name: String,
        mode: Mode,
        inputs: Inputs = .init(),
        expectations: EvalExpectations = .init(),
        repeats: Int = 1,
        timeoutSeconds: Double = EvalSuite.defaultTimeoutSeconds
    ) {
        self.name = name
        self.mode = mode
        self.inputs = inputs
        self.expectations = expectations
        self.repeats = repeats
        self.timeoutSeconds = timeoutSeconds
    }

    /// A case's inputs; which ones a mode reads is up to the mode.
    public struct Inputs: Sendable, Hashable, Codable {
        /// The photos, in the order the suite lists them.
        public var photos: [EvalPhoto]
        /// A hint the person typed (brainstorm), appended as a filter.
        public var hint: String?
        /// The chosen idea (tutorial mode).
        public var idea: BrainstormIdea?
        /// The tutorial being followed (coach and term modes).
        public var tutorial: Tutorial?
        /// The number of the step being coached, from 1.
        public var step: Int?
        /// The term to explain (term mode); nil explains the first extracted term.
        public var term: String?
        /// The earlier photo of the piece a coach check measures the change from, as the project would file it
        /// (the last progress photo before this check); nil compares with an unfolded sheet.
        public var earlierPhoto: EvalPhoto?
        /// Whether the earlier photo is an attempt at this same step (the manifest files it under the case's step),
        /// as the photo before a retake is; see `StepChange.isRetake`.
        public var earlierPhotoIsRetake = false

        /// Creates inputs.
        public init(
            photos: [EvalPhoto] = [],
            hint: String? = nil,
            idea: BrainstormIdea? = nil,
            tutorial: Tutorial? = nil,
            step: Int? = nil,
            term: String? = nil,
            earlierPhoto: EvalPhoto? = nil
        ) {
            self.photos = photos
            self.hint = hint
            self.idea = idea
            self.tutorial = tutorial
            self.step = step
            self.term = term
            self.earlierPhoto = earlierPhoto
        }
    }
}

/// A photo of a case: the path as the suite wrote it (reports show it) and where it is on disk.
public struct EvalPhoto: Sendable, Hashable, Codable {
    /// The path as written in the suite, relative to the suite file.
    public var path: String
    /// The file's absolute location.
    public var url: URL

    /// Creates a photo reference.
    public init(path: String, url: URL) {
        self.path = path
        self.url = url
    }
}

/// What a case's answer must satisfy; nil or empty means "not checked".
public struct EvalExpectations: Sendable, Hashable, Codable {
    /// The answer decoded and passed the schema and domain checks (true), or did not (false).
    public var schemaValid: Bool?
    /// At least this many ideas (brainstorm).
    public var minIdeas: Int?
    /// Every analysis names a photo that was sent, and every photo is analysed exactly once (brainstorm).
    public var labelsValid: Bool?
    /// The expected category of each photo, keyed by the photo's path as the suite wrote it (brainstorm).
    public var categories: [String: String]
    /// The expected `isCurrentStepComplete` (coach).
    public var stepComplete: Bool?
    /// Texts some value at a path must contain, ignoring case.
    public var contains: [TextMatch]
    /// Texts no value at a path may contain, ignoring case.
    public var notContains: [TextMatch]
    /// The run must finish within this many milliseconds.
    public var maxLatencyMs: Double?
    /// Prompt plus completion tokens must not exceed this.
    public var maxTokens: Int?
    /// The answer must be accepted after at most this many retries (broken rules, loops, answers at the cap).
    public var maxRetries: Int?
    /// The library tutorial a case's tutorial must match step for step (a case that names a library project).
    public var libraryTutorial: Tutorial?

    /// Creates expectations.
    public init(
        schemaValid: Bool? = nil,
        minIdeas: Int? = nil,
        labelsValid: Bool? = nil,
        categories: [String: String] = [:],
        stepComplete: Bool? = nil,
        contains: [TextMatch] = [],
        notContains: [TextMatch] = [],
        maxLatencyMs: Double? = nil,
        maxTokens: Int? = nil,
        maxRetries: Int? = nil,
        libraryTutorial: Tutorial? = nil
    ) {
        self.libraryTutorial = libraryTutorial
        self.schemaValid = schemaValid
        self.minIdeas = minIdeas
        self.labelsValid = labelsValid
        self.categories = categories
        self.stepComplete = stepComplete
        self.contains = contains
        self.notContains = notContains
        self.maxLatencyMs = maxLatencyMs
        self.maxTokens = maxTokens
        self.maxRetries = maxRetries
    }

    /// A text to look for at a path of the answer, such as `ideas[*].title`; no path means the whole answer.
    public struct TextMatch: Sendable, Hashable, Codable {
        /// Where to look; nil looks at every string in the answer.
        public var path: String?
        /// What to look for, ignoring case.
        public var text: String

        /// Creates a match.
        public init(path: String? = nil, text: String) {
            self.path = path
            self.text = text
        }

        /// Reads `{"path": "ideas[*].title", "text": "crane"}` or a bare string.
        public init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self.init(text: text)
                return
            }
            let container = try decoder.container(keyedBy: SuiteKey.self)
            try container.rejectUnknownKeys(["path", "text"])
            self.init(path: try container.optional(String.self, "path"), text: try container.required(String.self, "text"))
            if let path {
                do {
                    _ = try AnswerPath(path)
                } catch {
                    throw SuiteProblem.invalid(path: SuiteDecoding.path(container.codingPath, "path"), problem: "\(error)")
                }
            }
        }
    }
}

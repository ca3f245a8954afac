public import Foundation

/// Everything origami remembers about one craft project, saved as `.origami/project.json`.
///
/// A later `origami` process continues where the last one stopped: the photos and their labels, what the model
/// said about them, the ideas, the chosen idea's tutorial, the current step, every piece of feedback, the terms,
/// and the conversation itself (without image bytes).
public struct Project: Sendable, Hashable, Codable {
    /// The schema version this build of origami writes and reads.
    public static let currentSchemaVersion = 1

    /// The schema version the file was written with.
    public var schemaVersion: Int
    /// How many times the file has been saved; each save adds one.
    public var revision: Int
    /// When the project was created.
    public var createdAt: Date
    /// When the project was last saved.
    public var updatedAt: Date
    /// Every photo brainstorm or coach has seen, in the order they were added.
    public var photos: [PhotoRecord]
    /// What the model said about each brainstorm photo.
    public var analyses: [Analysis]
    /// The ideas of the latest brainstorm, numbered from 1 in this order.
    public var ideas: [Idea]
    /// The number (from 1) of the idea the tutorial is for.
    public var chosenIdea: Int?
    /// The chosen idea's tutorial.
    public var tutorial: Tutorial?
    /// The step being worked on, from 1; one past the last step when the tutorial is finished.
    public var currentStep: Int
    /// Every coaching answer, oldest first.
    public var feedback: [Feedback]
    /// Terms from the tutorial, with explanations once asked for.
    public var terms: [Term]
    /// The conversation with the model, image bytes removed.
    public var transcript: Transcript

    /// Creates an empty project.
    public init(now: Date = Date()) {
        schemaVersion = Self.currentSchemaVersion
        revision = 0
        createdAt = now
        updatedAt = now
        photos = []
        analyses = []
        ideas = []
        chosenIdea = nil
        tutorial = nil
        currentStep = 1
        feedback = []
        terms = []
        transcript = Transcript()
    }

    /// A photo the project has seen.
    public struct PhotoRecord: Sendable, Hashable, Codable {
        /// The stable label models refer to it by, e.g. `Photo_3fa2c1`.
        public var label: String
        /// The path it was given as, relative to the working directory when it was relative.
        public var path: String
        /// The hex sha256 of the file's bytes.
        public var sha256: String

        /// Creates a photo record.
        public init(label: String, path: String, sha256: String) {
            self.label = label
            self.path = path
            self.sha256 = sha256
        }
    }

    /// The model's account of one photo.
    public struct Analysis: Sendable, Hashable, Codable {
        /// The photo's label.
        public var label: String
        /// What the photo shows: `craft supplies`, `inspiration for the craft` or `a finished craft piece`.
        public var category: String
        /// The analysis text.
        public var analysis: String

        /// Creates an analysis.
        public init(label: String, category: String, analysis: String) {
            self.label = label
            self.category = category
            self.analysis = analysis
        }
    }

    /// One brainstormed idea.
    public struct Idea: Sendable, Hashable, Codable {
        /// A short title.
        public var title: String
        /// What the idea is and how the supplies fit it.
        public var description: String

        /// Creates an idea.
        public init(title: String, description: String) {
            self.title = title
            self.description = description
        }
    }

    /// A tutorial: materials and numbered steps.
    public struct Tutorial: Sendable, Hashable, Codable {
        /// The tutorial's title.
        public var title: String
        /// What to have at hand.
        public var materials: [String]
        /// The steps, numbered from 1 in this order.
        public var steps: [Step]

        /// Creates a tutorial.
        public init(title: String, materials: [String], steps: [Step]) {
            self.title = title
            self.materials = materials
            self.steps = steps
        }
    }

    /// One step of a tutorial.
    public struct Step: Sendable, Hashable, Codable {
        /// The step's short title.
        public var title: String
        /// What to do.
        public var instruction: String

        /// Creates a step.
        public init(title: String, instruction: String) {
            self.title = title
            self.instruction = instruction
        }
    }

    /// One coaching answer about progress photos.
    public struct Feedback: Sendable, Hashable, Codable {
        /// The step the photos were judged against.
        public var step: Int
        /// The labels of the progress photos.
        public var photoLabels: [String]
        /// The feedback sections, e.g. "What You Did Well".
        public var sections: [Section]
        /// Whether the photos clearly show the step complete.
        public var isStepComplete: Bool
        /// A short congratulation, present only when the step is complete.
        public var completionMessage: String?
        /// When the feedback was given.
        public var date: Date

        /// Creates a feedback record.
        public init(
            step: Int, photoLabels: [String], sections: [Section], isStepComplete: Bool, completionMessage: String?,
            date: Date
        ) {
            self.step = step
            self.photoLabels = photoLabels
            self.sections = sections
            self.isStepComplete = isStepComplete
            self.completionMessage = completionMessage
            self.date = date
        }
    }

    /// A titled part of a feedback answer.
    public struct Section: Sendable, Hashable, Codable {
        /// The section title.
        public var title: String
        /// The section text.
        public var body: String

        /// Creates a section.
        public init(title: String, body: String) {
            self.title = title
            self.body = body
        }
    }

    /// A craft term from the tutorial.
    public struct Term: Sendable, Hashable, Codable {
        /// The term as it appears in the tutorial.
        public var term: String
        /// Its explanation, once asked for.
        public var explanation: String?

        /// Creates a term.
        public init(term: String, explanation: String? = nil) {
            self.term = term
            self.explanation = explanation
        }
    }
}

public import CraftBackends
public import Foundation

/// Everything origami remembers about one craft project, saved as `.origami/project.json`.
///
/// A later `origami` process continues where the last one stopped: the photos and their labels, what the model
/// said about them, the latest ideas, every tutorial written (each with its own step, progress photos, feedback and
/// terms: see `TutorialProgress`), which of them is current, and the conversation itself (without image bytes).
public struct Project: Sendable, Hashable, Codable {
    /// The schema version this build of origami writes and reads; version 1 files (one tutorial, its progress at
    /// the top level) are read and upgraded (see `ProjectCodec`).
    public static let currentSchemaVersion = 2

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
    public var analyses: [ImageAnalysis]
    /// The ideas of the latest brainstorm, numbered from 1 in this order.
    public var ideas: [BrainstormIdea]
    /// Every tutorial written, in order (the first is number 1).
    public var tutorials: [TutorialProgress]
    /// The number of the tutorial the commands work on; nil before the first is written.
    public var currentTutorialNumber: Int?
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
        tutorials = []
        currentTutorialNumber = nil
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

    /// One coaching answer about progress photos.
    public struct Feedback: Sendable, Hashable, Codable {
        /// The step the photos were judged against.
        public var step: Int
        /// The labels of the progress photos.
        public var photoLabels: [String]
        /// The model's answer: observation, sections, verdict and completion message.
        public var feedback: CoachFeedback
        /// False when the model could not see the photos and judged origami's descriptions of them.
        public var modelSawPhotos: Bool
        /// What the verdict rested on; nil in files written before origami recorded it.
        public var evidence: CoachEvidence?
        /// What the person said they did (`coach --note`), in their words.
        public var note: String?
        /// True when the model called the step complete from origami's description alone: shown as its opinion,
        /// it did not move the tutorial, and `feedback` holds the verdict as not complete.
        public var unconfirmedCompletion: Bool?
        /// True when the model could not see and called the step not complete, but origami's measurement showed it
        /// done (the change backs the step and the outline agrees with its library shape): the step moved on, and
        /// `feedback` carries origami's completion message.
        public var decidedByMeasurement: Bool?
        /// When the feedback was given.
        public var date: Date

        /// Creates a feedback record.
        public init(
            step: Int, photoLabels: [String], feedback: CoachFeedback, modelSawPhotos: Bool,
            evidence: CoachEvidence? = nil, note: String? = nil, unconfirmedCompletion: Bool? = nil,
            decidedByMeasurement: Bool? = nil, date: Date
        ) {
            self.step = step
            self.photoLabels = photoLabels
            self.feedback = feedback
            self.modelSawPhotos = modelSawPhotos
            self.evidence = evidence
            self.note = note
            self.unconfirmedCompletion = unconfirmedCompletion
            self.decidedByMeasurement = decidedByMeasurement
            self.date = date
        }

        /// Whether the photos clearly showed the step complete.
        public var isStepComplete: Bool { feedback.isCurrentStepComplete }
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

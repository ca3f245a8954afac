import CraftBackends
import Foundation

/// Reading files of an earlier schema version into today's `Project`.
extension ProjectCodec {
    /// A version 1 file, as origami 0.1.0 wrote it: one tutorial with its step, feedback and terms at the top level,
    /// and each progress photo's step on the photo itself.
    struct ProjectV1: Decodable {
        struct Photo: Decodable {
            var label: String
            var path: String
            var sha256: String
            var step: Int?
        }

        var revision: Int
        var createdAt: Date
        var updatedAt: Date
        var photos: [Photo]
        var analyses: [ImageAnalysis]
        var ideas: [BrainstormIdea]
        var chosenIdea: Int?
        var tutorial: Tutorial?
        var currentStep: Int
        var feedback: [Project.Feedback]
        var terms: [Project.Term]
        var transcript: Transcript
    }

    /// A version 1 project as a version 2 one: its tutorial, if any, becomes tutorial 1 and the current one, with
    /// the step, the feedback, the terms and the progress photos the file held.
    ///
    /// Version 1 kept one tutorial, so all of its progress belongs to that one. The idea comes from the chosen
    /// idea; after a later brainstorm version 1 no longer knew it, and the tutorial's title stands in for it.
    static func upgraded(_ old: ProjectV1) -> Project {
        var project = Project(now: old.createdAt)
        project.revision = old.revision
        project.updatedAt = old.updatedAt
        project.photos = old.photos.map { Project.PhotoRecord(label: $0.label, path: $0.path, sha256: $0.sha256) }
        project.analyses = old.analyses
        project.ideas = old.ideas
        project.transcript = old.transcript
        guard let tutorial = old.tutorial else { return project }
        let chosen = old.chosenIdea.flatMap { old.ideas.indices.contains($0 - 1) ? old.ideas[$0 - 1] : nil }
        let idea = chosen ?? BrainstormIdea(title: tutorial.title, description: "")
        let number = project.addTutorial(tutorial, for: idea, now: old.updatedAt)
        project.updateTutorial(number: number) { progress in
            progress.currentStep = min(max(old.currentStep, 1), tutorial.steps.count + 1)
            progress.feedback = old.feedback
            progress.terms = old.terms
            for photo in old.photos {
                if let step = photo.step { progress.file(photo: photo.label, underStep: step) }
            }
        }
        return project
    }
}

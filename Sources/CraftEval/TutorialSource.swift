import CraftCore
import CraftImages
import Foundation

/// Where an eval run's tutorial came from, and the library's part in a run: a library idea's tutorial is the
/// library's (no model is asked, as in `Workbench.tutorial`), and a coach run on a library step gets the measured
/// shape check, as in `Workbench.coach`.
enum TutorialSource {
    /// `library` for an idea from the library, else `model`.
    static func of(_ idea: BrainstormIdea) -> String {
        idea.libraryProject == nil ? "model" : "library"
    }

    /// `library` for a tutorial taken from the library, else `model`.
    static func of(_ tutorial: Tutorial) -> String {
        tutorial.libraryProject == nil ? "model" : "library"
    }

    /// The library's tutorial for a library idea; nil for the model's own idea.
    static func libraryTutorial(for idea: BrainstormIdea) throws -> Tutorial? {
        guard let id = idea.libraryProject else { return nil }
        guard let project = try ProjectLibrary.bundled().projects.first(where: { $0.id == id }) else {
            throw LibraryError.unknownProject(id, known: [])
        }
        return project.tutorial
    }

    /// The shape check of a library step against the case's first photo; nil for a model-written tutorial or a step
    /// without a shape.
    static func shapeCheck(_ tutorial: Tutorial, step: Int, photo: URL?) throws -> ShapeCheck? {
        guard tutorial.libraryProject != nil, let photo,
              let project = try ProjectLibrary.bundled().project(of: tutorial)
        else { return nil }
        return ShapeCheck(project: project, step: step, scene: try? Photo.load(contentsOf: photo).analysis.scene)
    }

    /// Whether step `step` of a library tutorial opens a pocket into a rim (`LibraryStep.opens`); false for a
    /// model-written tutorial.
    static func opens(_ tutorial: Tutorial, step: Int) throws -> Bool {
        guard tutorial.libraryProject != nil, let project = try ProjectLibrary.bundled().project(of: tutorial)
        else { return false }
        return project.opens(step)
    }
}

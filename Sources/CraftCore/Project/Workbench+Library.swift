import Foundation

/// What `startLibraryProject` did.
public struct LibraryStartOutcome: Sendable {
    /// The library project now being made.
    public var project: LibraryProject
    /// The tutorial outcome: the library's steps, at step 1.
    public var tutorial: TutorialOutcome
}

extension Workbench {
    /// Starts library project `name` (its id or title) directly, without a brainstorm: it joins the ideas as one from
    /// the library, is chosen, and its steps become the tutorial at step 1. Creates the project if there is none.
    public func startLibraryProject(named name: String) async throws -> LibraryStartOutcome {
        let library = try library()
        guard let chosen = library.project(named: name) else {
            throw LibraryError.unknownProject(name, known: library.projects.map(\.id))
        }
        return try await store.update(create: true, now: now, onWait: onWait) { project in
            let idea = BrainstormIdea(title: chosen.title, description: chosen.description, libraryProject: chosen.id)
            let number = (project.ideas.firstIndex { $0.libraryProject == chosen.id } ?? project.ideas.count) + 1
            if number > project.ideas.count { project.ideas.append(idea) }
            Self.choose(chosen.tutorial, idea: number, in: &project)
            return LibraryStartOutcome(
                project: chosen,
                tutorial: TutorialOutcome(
                    tutorial: chosen.tutorial, idea: number, currentStep: 1, isNew: true, report: nil))
        }
    }

    /// Takes the tutorial of idea `number`, library project `id`, from the library as it is: the model is not asked.
    func adoptLibraryTutorial(_ id: String, idea number: Int, base: Project) async throws -> TutorialOutcome {
        let library = try library()
        guard let chosen = library.projects.first(where: { $0.id == id }) else {
            throw LibraryError.unknownProject(id, known: library.projects.map(\.id))
        }
        return try await store.update(create: false, now: now, onWait: onWait) { project in
            try unchanged(project.ideas, base.ideas, "the ideas")
            Self.choose(chosen.tutorial, idea: number, in: &project)
            return TutorialOutcome(tutorial: chosen.tutorial, idea: number, currentStep: 1, isNew: true, report: nil)
        }
    }

    /// Makes `tutorial` the project's tutorial for idea `number`, from step 1, with no terms yet.
    static func choose(_ tutorial: Tutorial, idea number: Int, in project: inout Project) {
        project.chosenIdea = number
        project.tutorial = tutorial
        project.currentStep = 1
        project.terms = []
    }
}

extension Workbench {
    /// The shape check of a library tutorial's step: the first progress photo measured against the step's expected
    /// shape, with the last photo filed under the step before for the area change. Nil for a model-written
    /// tutorial, a step without a shape, or when the library cannot be read.
    func shapeCheck(_ project: Project, tutorial: Tutorial, step: Int, photos: [URL]) -> ShapeCheck? {
        guard tutorial.libraryProject != nil, let first = photos.first,
              let chosen = (try? library())?.project(of: tutorial), chosen.step(step)?.shape != nil
        else { return nil }
        let previous = project.photos.last { $0.step == step - 1 }
            .flatMap { record in
                measureScene(record.path.hasPrefix("/")
                    ? URL(fileURLWithPath: record.path) : store.root.appendingPathComponent(record.path))
            }
        return ShapeCheck(project: chosen, step: step, scene: measureScene(first), previous: previous)
    }
}

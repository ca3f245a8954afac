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
    /// the library, and its steps become a tutorial of the project (the one already kept for it, if any), current
    /// and at step 1 when new. Creates the project if there is none.
    public func startLibraryProject(named name: String) async throws -> LibraryStartOutcome {
        let library = try library()
        guard let chosen = library.project(named: name) else {
            throw LibraryError.unknownProject(name, known: library.projects.map(\.id))
        }
        return try await store.update(create: true, now: now, onWait: onWait) { project in
            if !project.ideas.contains(where: { $0.libraryProject == chosen.id }) {
                project.ideas.append(
                    BrainstormIdea(title: chosen.title, description: chosen.description, libraryProject: chosen.id))
            }
            let idea = project.ideas.first { $0.libraryProject == chosen.id }!
            return LibraryStartOutcome(
                project: chosen, tutorial: Self.adopt(chosen.tutorial, for: idea, in: &project, now: now()))
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
            return Self.adopt(chosen.tutorial, for: project.ideas[number - 1], in: &project, now: now())
        }
    }

    /// Makes `tutorial` the project's current tutorial for `idea`: the one kept for that idea with its progress, or
    /// a new one at step 1.
    static func adopt(_ tutorial: Tutorial, for idea: BrainstormIdea, in project: inout Project, now: Date)
        -> TutorialOutcome
    {
        let previous = project.currentTutorial
        let kept = project.tutorial(for: idea)
        let number = kept?.number ?? project.addTutorial(tutorial, for: idea, now: now)
        project.currentTutorialNumber = number
        return TutorialOutcome(
            progress: project.tutorial(number: number)!, idea: project.ideaNumber(of: idea), isNew: kept == nil,
            previous: previous?.number == number ? nil : previous, tutorialCount: project.tutorials.count,
            report: nil)
    }
}

extension Workbench {
    /// The shape check of a library tutorial's step: the first progress photo measured against the step's expected
    /// shape, with the last photo filed under the step before for the area change. Nil for a model-written
    /// tutorial, a step without a shape, or when the library cannot be read.
    func shapeCheck(_ project: Project, progress: TutorialProgress, step: Int, photos: [URL]) -> ShapeCheck? {
        let tutorial = progress.tutorial
        guard tutorial.libraryProject != nil, let first = photos.first,
              let chosen = (try? library())?.project(of: tutorial), chosen.step(step)?.shape != nil
        else { return nil }
        let previous = progress.photos.last { $0.step == step - 1 }
            .flatMap { filed in project.photos.first { $0.label == filed.label } }
            .flatMap { record in
                measureScene(record.path.hasPrefix("/")
                    ? URL(fileURLWithPath: record.path) : store.root.appendingPathComponent(record.path))
            }
        return ShapeCheck(project: chosen, step: step, scene: measureScene(first), previous: previous)
    }

    /// Whether step `step` of a library tutorial opens a pocket into a rim (`LibraryStep.opens`); false for a
    /// model-written tutorial, or when the library cannot be read.
    func opens(_ tutorial: Tutorial, step: Int) -> Bool {
        guard tutorial.libraryProject != nil, let chosen = (try? library())?.project(of: tutorial) else { return false }
        return chosen.opens(step)
    }
}

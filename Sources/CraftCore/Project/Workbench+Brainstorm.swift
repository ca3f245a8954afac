public import Foundation

/// What `brainstorm` produced and what the project now holds.
public struct BrainstormOutcome: Sendable {
    /// The flow's result: analyses of the new photos, the ideas, who answered.
    public var result: BrainstormResult
    /// Every photo of the project with its analysis, in the order added.
    public var photos: [(record: Project.PhotoRecord, analysis: ImageAnalysis?)]
    /// The project's revision after saving.
    public var revision: Int
}

extension Workbench {
    /// Analyses the photos the project has not seen and asks for ideas; creates the project if there is none.
    ///
    /// The new ideas replace the old ones (the tutorial and progress stay); photos already analysed are not sent
    /// again, the session remembers them. The model is prewarmed while the photos decode.
    public func brainstorm(
        photos files: [URL],
        hint: String?,
        onUpdate: @escaping @Sendable (Brainstorm.Update) -> Void = { _ in }
    ) async throws -> BrainstormOutcome {
        // The intent is clear: start the model (on a cold engine, loading it takes seconds) while the photos decode.
        let warming = (try? makeSession(Transcript())).map { session in Task { try? await session.prewarm() } }
        let attachments: [Attachment]
        do {
            attachments = try files.map(loadPhoto)
        } catch {
            warming?.cancel()
            throw error
        }
        return try await store.update(create: true, now: now, onWait: onWait) { project in
            let session = try makeSession(project.transcript)
            let analysed = Set(project.analyses.map(\.image.label))
            let result = try await Brainstorm(session: session).run(
                photos: attachments, alreadyAnalysed: analysed, hint: hint, onUpdate: onUpdate)
            record(files, attachments, in: &project)
            project.analyses += result.analyses
            project.ideas = result.ideas
            project.chosenIdea = nil
            project.transcript = await session.transcript
            let analyses = project.analyses
            return BrainstormOutcome(
                result: result,
                photos: project.photos.map { photo in (photo, analyses.last { $0.image.label == photo.label }) },
                revision: project.revision + 1)
        }
    }
}

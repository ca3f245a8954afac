import CraftBackends
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
    /// The new ideas replace the old ones (every tutorial and its progress stay); photos already analysed are not sent
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
            attachments = try await loadPhotos(files)
        } catch {
            warming?.cancel()
            throw error
        }
        let base = try await snapshot(create: true)
        // Without an installed library the ideas are the model's alone; 'origami library' says what is missing.
        let offers = (try? library()).map { (library: LibraryOffers(library: $0), earlier: base.analyses) }
        return try await askModel(from: base, create: true) { session in
            try await Brainstorm(session: session).run(
                photos: attachments, alreadyAnalysed: Set(base.analyses.map(\.image.label)), hint: hint,
                offers: offers, onUpdate: onUpdate)
        } merge: { project, result in
            record(files, attachments, in: &project)
            // Another brainstorm may have analysed some of the same photos meanwhile; each keeps one analysis.
            let known = Set(project.analyses.map(\.image.label))
            project.analyses += result.analyses.filter { !known.contains($0.image.label) }
            project.ideas = result.ideas
            let analyses = project.analyses
            return BrainstormOutcome(
                result: result,
                photos: project.photos.map { photo in (photo, analyses.last { $0.image.label == photo.label }) },
                revision: project.revision + 1)
        }
    }
}

public import CraftBackends
public import CraftImages
import CraftSchema
public import Foundation

/// What the commands do to a project, as CraftCore entry points: each reads the project (under its lock, released
/// at once), runs one flow on a session that continues the saved conversation, then takes the lock again and merges
/// the result into the project as it is by then — or, when anything fails, writes nothing.
///
/// The lock is never held while a model answers, so a command started during another's model call makes its own
/// at once; the merge keeps both (a coach appends its feedback; a result that no longer fits, such as a tutorial
/// for ideas another brainstorm replaced meanwhile, is refused with `ProjectError.changedMeanwhile`).
///
/// The world is injected (session maker, photo loader, clock), so each entry point runs in tests on a test
/// double without a model or a terminal.
public struct Workbench: Sendable {
    /// Where the project lives.
    public var store: ProjectStore
    /// Makes the session for one command, continuing the saved transcript.
    public var makeSession: @Sendable (Transcript) throws -> LanguageModelSession
    /// Reads a photo file into a model-ready attachment.
    public var loadPhoto: @Sendable (URL) throws -> Attachment
    /// The clock.
    public var now: @Sendable () -> Date
    /// Called once if another origami holds the project's lock, so the command can say it is waiting.
    public var onWait: @Sendable () -> Void
    /// Reads the project library (see `ProjectLibrary`): the one installed with the command unless a test sets it.
    public var library: @Sendable () throws -> ProjectLibrary = { try ProjectLibrary.bundled() }
    /// Measures the objects in a photo file for the coach's shape check; nil when it cannot be read.
    public var measureScene: @Sendable (URL) -> PhotoScene? = { try? Photo.load(contentsOf: $0).analysis.scene }

    /// Creates a workbench from its parts.
    public init(
        store: ProjectStore,
        makeSession: @escaping @Sendable (Transcript) throws -> LanguageModelSession,
        loadPhoto: @escaping @Sendable (URL) throws -> Attachment = Workbench.attachment(of:),
        now: @escaping @Sendable () -> Date = { Date() },
        onWait: @escaping @Sendable () -> Void = {}
    ) {
        self.store = store
        self.makeSession = makeSession
        self.loadPhoto = loadPhoto
        self.now = now
        self.onWait = onWait
    }

    /// The workbench the command line uses: sessions over the configured backend chain and term's own small model
    /// when it has one (see `ModeModels`), with the configuration's temperature, seed and token limit winning over
    /// each mode's own.
    public static func live(
        configuration: Configuration,
        store: ProjectStore,
        log: (@Sendable (String) -> Void)? = nil,
        progress: @escaping @Sendable (EngineProgress) -> Void = { _ in },
        onWait: @escaping @Sendable () -> Void = {}
    ) -> Workbench {
        let factory = BackendFactory(configuration: configuration, log: log, progress: progress)
        let overrides = OrchestratorProfile.Overrides(
            temperature: configuration.temperature.value, seed: configuration.seed.value,
            maximumResponseTokens: configuration.maxTokens.value)
        return Workbench(
            store: store,
            makeSession: { transcript in
                LanguageModelSession(
                    chain: try factory.chain(), smallModel: try factory.smallModel(), overrides: overrides,
                    transcript: transcript)
            },
            onWait: onWait)
    }

    /// The photo files decoded, oriented, resized, described and classified, on a thread of their own (see
    /// `BlockingCall`: the decoders and the classifier spread over the processors and wait for each other).
    func loadPhotos(_ files: [URL]) async throws -> [Attachment] {
        try await BlockingCall.run { [loadPhoto] in try files.map(loadPhoto) }
    }

    /// A photo file decoded, oriented, resized and described (see `Photo`).
    public static func attachment(of url: URL) throws -> Attachment {
        try Photo.load(contentsOf: url).attachment()
    }

    /// Adds the photos the project has not seen yet, with paths relative to the project directory. Filing a photo
    /// under a step is the tutorial's part (see `TutorialProgress`).
    func record(_ files: [URL], _ attachments: [Attachment], in project: inout Project) {
        for (file, attachment) in zip(files, attachments) where project.photo(labelled: attachment.label) == nil {
            project.photos.append(Project.PhotoRecord(
                label: attachment.label, path: PhotoSelection.recordedPath(file, relativeTo: store.root),
                sha256: attachment.sha256))
        }
    }

    /// Changes tutorial `number` of `project` in a merge; it is an error only if the tutorial is gone (tutorials are
    /// kept, so only a project replaced meanwhile can lack it).
    func changeTutorial<Result>(
        _ number: Int, of project: inout Project, _ body: (inout TutorialProgress) throws -> Result
    ) throws -> Result {
        guard let result = try project.updateTutorial(number: number, body) else {
            throw ProjectError.changedMeanwhile(path: store.fileURL.path, what: "the tutorial")
        }
        return result
    }

    /// The project a model call starts from: read under the lock, which is released at once. Creates nothing.
    func snapshot(create: Bool) async throws -> Project {
        if let project = try await store.snapshot(onWait: onWait) { return project }
        guard create else { throw ProjectError.missing(path: store.fileURL.path) }
        return Project(now: now())
    }

    /// Asks the model with the lock released, then merges: `ask` runs on a session continuing `base`'s conversation;
    /// `merge` then changes the project as it is by then, under the lock, and this call's exchange joins the saved
    /// conversation (see `merged`). When `merge` throws, nothing is written.
    func askModel<Answer, Outcome>(
        from base: Project,
        create: Bool = false,
        _ ask: (LanguageModelSession) async throws -> Answer,
        merge: (inout Project, Answer) throws -> Outcome
    ) async throws -> Outcome {
        let session = try makeSession(base.transcript)
        let answer = try await ask(session)
        let transcript = await session.transcript
        return try await store.update(create: create, now: now, onWait: onWait) { project in
            let outcome = try merge(&project, answer)
            project.transcript = Self.merged(transcript, from: base.transcript, into: project.transcript)
            return outcome
        }
    }

    /// Refuses a merge when `what` (the tutorial, the ideas) is no longer what the model was asked about.
    func unchanged<Value: Equatable>(_ latest: Value, _ asked: Value, _ what: String) throws {
        guard latest == asked else { throw ProjectError.changedMeanwhile(path: store.fileURL.path, what: what) }
    }

    /// The conversation to save after a model call that began from `base` and ended with `result`, when the project
    /// now holds `latest`: `result` when nothing else was saved meanwhile; otherwise `latest` with this call's own
    /// exchange (what `result` holds after `base`'s last entry) added after it, so neither conversation is lost.
    static func merged(_ result: Transcript, from base: Transcript, into latest: Transcript) -> Transcript {
        guard latest != base else { return result }
        let start = base.entries.last.flatMap { last in result.entries.lastIndex(of: last).map { $0 + 1 } } ?? 0
        return Transcript(entries: latest.entries + result.entries[start...])
    }
}

public import Foundation

/// What the commands do to a project, as CraftCore entry points: each loads the project under its lock, runs one
/// flow on a session that continues the saved conversation, records the result and saves — or, when anything
/// fails, writes nothing.
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

    /// A photo file decoded, oriented, resized and described (see `Photo`).
    public static func attachment(of url: URL) throws -> Attachment {
        try Photo.load(contentsOf: url).attachment()
    }

    /// Adds the photos the project has not seen yet, with paths relative to the project directory.
    func record(_ files: [URL], _ attachments: [Attachment], in project: inout Project) {
        for (file, attachment) in zip(files, attachments)
        where !project.photos.contains(where: { $0.label == attachment.label }) {
            project.photos.append(Project.PhotoRecord(
                label: attachment.label, path: PhotoSelection.recordedPath(file, relativeTo: store.root),
                sha256: attachment.sha256))
        }
    }
}

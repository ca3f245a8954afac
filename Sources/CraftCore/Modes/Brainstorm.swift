public import CraftBackends

/// The brainstorm flow: two passes on one session, as in the sample.
///
/// Pass 1 shows the model every photo not analysed before and streams an `ImageAnalysisList` whose
/// `ImageReference`s may only name those photos' labels; each new photo must be analysed exactly once. A model that
/// cannot see is not asked pass 1: origami's description of each photo becomes its analysis and origami's reading
/// its category (`CategoryReading`), both marked as origami's, and the photos go with pass 2 instead. Only photos
/// that come without a reading have their category asked for (`PhotoCategoryList`, at temperature 0: a choice, not
/// a creative answer). Pass 2, "What can I make with this? Please offer 3 ideas.", relies on the session having
/// seen the photos, and streams a `BrainstormIdeaList`.
public struct Brainstorm: Sendable {
    /// The session the passes run on (switched to brainstorm mode).
    public let session: LanguageModelSession

    /// Creates the flow on a session, which may continue a transcript restored from a project file.
    public init(session: LanguageModelSession) {
        self.session = session
    }

    /// Progress while the passes stream.
    public enum Update: Sendable {
        /// Pass 1 so far: the analyses of the new photos.
        case analysis(ImageAnalysisList.PartiallyGenerated)
        /// Pass 2 so far: the ideas.
        case ideas(BrainstormIdeaList.PartiallyGenerated)
        /// An answer broke a rule and is being asked for again; that pass's snapshots start over.
        case retrying(violations: [String])
    }

    /// Runs both passes.
    ///
    /// - Parameters:
    ///   - photos: every photo of the project, in the order given.
    ///   - alreadyAnalysed: labels analysed by earlier runs; those photos are not sent again.
    ///   - hint: what the person typed to steer the ideas, added to pass 2 as a quoted filter.
    ///   - offers: the library and the earlier runs' analyses: the library projects the photos' supplies make are
    ///     named to the model in pass 2, and an idea that is one of them is marked as from the library (see
    ///     `LibraryOffers`).
    public func run(
        photos: [Attachment],
        alreadyAnalysed: Set<String> = [],
        hint: String? = nil,
        offers: (library: LibraryOffers, earlier: [ImageAnalysis])? = nil,
        onUpdate: @escaping @Sendable (Update) -> Void = { _ in }
    ) async throws -> BrainstormResult {
        var seen = alreadyAnalysed
        let newPhotos = photos.filter { seen.insert($0.label).inserted }
        guard !photos.isEmpty || !alreadyAnalysed.isEmpty else { throw FlowError.noPhotos }
        try await session.switchMode(.brainstorm)

        var analyses: [ImageAnalysis] = []
        var reports: [FallbackReport] = []
        var (retries, sawPhotos, repairs) = (0, true, [String]())
        var shownWithIdeas: [Attachment] = []
        let blind = newPhotos.isEmpty ? false : await !session.modelSeesPhotos()
        if blind, let read = Self.readings(of: newPhotos) {
            analyses = read
            onUpdate(.analysis(ImageAnalysisList.PartiallyGenerated(images: read.map(\.partiallyGenerated))))
            sawPhotos = false
            shownWithIdeas = newPhotos
        } else if blind {
            let pass1 = try await categories(of: newPhotos, onUpdate: onUpdate)
            analyses = pass1.analyses
            reports.append(pass1.result.report)
            retries += pass1.result.retries
            sawPhotos = false
            repairs = pass1.result.repairs
        } else if !newPhotos.isEmpty {
            let labels = newPhotos.map(\.label)
            let schema = ImageAnalysisList.generationSchema.resolving([ImageReference.choicesName: labels])
            let pass1 = try await session.respond(
                to: CraftPrompts.analysis(of: newPhotos), generating: ImageAnalysisList.self, schema: schema,
                validate: { Self.violations(of: $0, expecting: labels) },
                onUpdate: { update in
                    switch update {
                    case .partial(let snapshot): onUpdate(.analysis(snapshot))
                    case .retrying(let violations): onUpdate(.retrying(violations: violations))
                    case .complete: break
                    }
                }
            )
            analyses = pass1.content.images
            reports.append(pass1.report)
            retries += pass1.retries
            sawPhotos = pass1.modelSawPhotos
            repairs = pass1.repairs
        }
        let offered = offers.map { $0.library.candidates(for: $0.earlier + analyses, hint: hint) } ?? []
        let pass2 = try await session.respond(
            to: LibraryOffers.prompt(CraftPrompts.ideas(hint: hint, photos: shownWithIdeas), offering: offered),
            generating: BrainstormIdeaList.self,
            rescue: { LibraryOffers.rescue($0, offered: offered) },
            onUpdate: { update in
                switch update {
                case .partial(let snapshot): onUpdate(.ideas(snapshot))
                case .retrying(let violations): onUpdate(.retrying(violations: violations))
                case .complete: break
                }
            }
        )
        reports.append(pass2.report)
        return BrainstormResult(
            analyses: analyses,
            ideas: offers.map {
                $0.library.marked(pass2.content.ideas, analyses: $0.earlier + analyses, offered: offered, hint: hint)
            } ?? pass2.content.ideas,
            modelSawPhotos: sawPhotos && pass2.modelSawPhotos,
            reports: reports, retries: retries + pass2.retries, usage: pass2.usage, repairs: repairs + pass2.repairs
        )
    }

    /// origami's analyses of `photos` (its description followed by its reading, and the category read), or nil
    /// when one of them came without a reading.
    public static func readings(of photos: [Attachment]) -> [ImageAnalysis]? {
        var analyses: [ImageAnalysis] = []
        for photo in photos {
            guard let reading = CategoryReading(photo.reading) else { return nil }
            let text = (photo.description.map { $0 + " " } ?? "") + reading.sentence
            analyses.append(
                ImageAnalysis.byOrigami(label: photo.label, description: text, category: reading.category))
        }
        return analyses
    }

    /// Pass 1 for a model that cannot see and photos without origami's reading: each photo's category by its label,
    /// and origami's description of it as the analysis.
    private func categories(of photos: [Attachment], onUpdate: @escaping @Sendable (Update) -> Void) async throws
        -> (analyses: [ImageAnalysis], result: GenerationResult<PhotoCategoryList>) {
        let labels = photos.map(\.label)
        let descriptions = Dictionary(photos.map { ($0.label, $0.description ?? "") }) { first, _ in first }
        let result = try await session.respond(
            to: CraftPrompts.categories(of: photos), generating: PhotoCategoryList.self,
            schema: PhotoCategoryList.schema(labels: labels), temperature: 0,
            onUpdate: { update in
                switch update {
                case .partial(let snapshot):
                    onUpdate(.analysis(snapshot.analyses(labels: labels, descriptions: descriptions)))
                case .retrying(let violations): onUpdate(.retrying(violations: violations))
                case .complete: break
                }
            }
        )
        return (result.content.analyses(labels: labels, descriptions: descriptions), result)
    }

    /// Every new photo analysed exactly once (the resolved schema already rejects labels that do not exist).
    static func violations(of list: ImageAnalysisList, expecting labels: [String]) -> [String] {
        let counts = Dictionary(list.images.map { ($0.image.label, 1) }, uniquingKeysWith: +)
        var found: [String] = []
        for label in labels where counts[label, default: 0] != 1 {
            let count = counts[label, default: 0]
            found.append(
                count == 0
                    ? "images: \(label) is not analysed; analyse every photo exactly once"
                    : "images: \(label) is analysed \(count) times; analyse every photo exactly once")
        }
        return found
    }
}

/// What a brainstorm produced.
public struct BrainstormResult: Sendable, Hashable {
    /// The analyses of the photos new in this run, in the model's order.
    public var analyses: [ImageAnalysis]
    /// The ideas, at least three.
    public var ideas: [BrainstormIdea]
    /// False when the model could not see the photos and worked from origami's descriptions of them.
    public var modelSawPhotos: Bool
    /// Which backend answered each pass, and why others were passed over.
    public var reports: [FallbackReport]
    /// How many answers were asked for again.
    public var retries: Int
    /// Token counts and timings of the ideas pass.
    public var usage: Usage?
    /// The repairs made to the answers before they were checked (see `AnswerRepair`), both passes.
    public var repairs: [String] = []
}

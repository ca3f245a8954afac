import CraftCore
public import Foundation

/// A suite of eval cases read from a JSON file: defaults (backend, model, repeats, timeout) and cases whose
/// photos, inputs and expectations are resolved and checked when the file is loaded, so a mistake in the suite
/// stops the run before any model is asked.
public struct EvalSuite: Sendable, Hashable {
    /// Where a path written in a suite or manifest file points: an absolute path as it is, a relative one from the
    /// file's `folder`.
    static func location(of path: String, in folder: URL) -> URL {
        (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }

    /// How long one run of a case may take when neither the case nor the suite says.
    public static let defaultTimeoutSeconds: Double = 300

    /// The suite's name (the file's name without extension when the suite does not give one).
    public var name: String
    /// Where the suite was read from.
    public var url: URL?
    /// The backend the suite asks for, when it names one; the command line may override it.
    public var backend: String?
    /// The model the suite asks for, when it names one; the command line may override it.
    public var model: String?
    /// The cassette the replay backend serves this suite from, resolved against the suite's folder.
    public var cassette: URL?
    /// The servers the suite asks the ollama or openai backend to use (several: a pool), when it names them; the
    /// command line, environment and configuration file win.
    public var baseURLs: [String]?
    /// The cases, in file order.
    public var cases: [EvalCase]
    /// The gates the suite sets; a gate given on the command line wins over the suite's.
    public var gates: EvalGates

    /// Creates a suite from resolved cases.
    public init(
        name: String, url: URL? = nil, backend: String? = nil, model: String? = nil, cassette: URL? = nil,
        cases: [EvalCase], gates: EvalGates = .init()
    ) {
        self.name = name
        self.gates = gates
        self.url = url
        self.backend = backend
        self.model = model
        self.cassette = cassette
        self.cases = cases
    }

    /// Reads, checks and resolves the suite at `url`.
    ///
    /// Errors name the file and the key: 66 when the suite, a photo or the manifest is missing, 65 when the
    /// file is not JSON, 78 when it is JSON but not a valid suite.
    public static func load(contentsOf url: URL) throws(EvalError) -> EvalSuite {
        let display = url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .missingFile(file: display, role: "eval suite", detail: reason(error))
        }
        let file = try SuiteDecoding.decode(SuiteFile.self, from: data, file: display)
        let folder = url.deletingLastPathComponent()
        let manifest = try file.manifest.map { path throws(EvalError) in
            try EvalManifest.load(contentsOf: Self.location(of: path, in: folder), displayName: path)
        }
        let resolver = CaseResolver(file: display, folder: folder, manifest: manifest, manifestName: file.manifest)
        var cases: [EvalCase] = []
        var names: Set<String> = []
        for (index, raw) in file.cases.enumerated() {
            guard names.insert(raw.name).inserted else {
                throw .invalidValue(
                    file: display, path: "cases[\(index)].name",
                    problem: "\"\(raw.name)\" is already the name of an earlier case; names must be unique"
                )
            }
            cases.append(try resolver.resolve(raw, index: index, defaults: file.defaults))
        }
        let name = file.name ?? url.deletingPathExtension().lastPathComponent
        let cassette = file.defaults.cassette.map { Self.location(of: $0, in: folder) }
        var suite = EvalSuite(
            name: name, url: url, backend: file.defaults.backend, model: file.defaults.model, cassette: cassette,
            cases: cases, gates: file.gates
        )
        suite.baseURLs = file.defaults.baseURLs
        return suite
    }

    /// A short reason for a file error: "no such file", "permission denied".
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: return nsError.localizedDescription
        }
    }
}

/// Turns the cases of a suite file into resolved `EvalCase`s: photos made absolute and checked to exist,
/// `"manifest"` ground truth looked up, a coach step's number and text filled in from the manifest.
private struct CaseResolver {
    let file: String
    let folder: URL
    let manifest: EvalManifest?
    let manifestName: String?

    func resolve(_ raw: SuiteFile.Case, index: Int, defaults: SuiteFile.Defaults) throws(EvalError) -> EvalCase {
        let base = "cases[\(index)]"
        var photos: [EvalPhoto] = []
        for (photoIndex, path) in raw.inputs.photos.enumerated() {
            photos.append(try photo(path, key: "\(base).inputs.photos[\(photoIndex)]"))
        }
        var inputs = EvalCase.Inputs(
            photos: photos, hint: raw.inputs.hint, idea: raw.inputs.idea, tutorial: raw.inputs.tutorial,
            step: raw.inputs.step, term: raw.inputs.term
        )
        let expect = raw.expect
        var expectations = EvalExpectations(
            schemaValid: expect.schemaValid, minIdeas: expect.minIdeas, labelsValid: expect.labelsValid,
            contains: expect.contains, notContains: expect.notContains, maxLatencyMs: expect.maxLatencyMs,
            maxTokens: expect.maxTokens, maxRetries: expect.maxRetries
        )
        switch expect.category {
        case .given(let categories):
            for key in categories.keys where !raw.inputs.photos.contains(key) {
                throw .invalidValue(
                    file: file, path: "\(base).expect.category.\(key)",
                    problem: "names a photo the case does not send; use a path from inputs.photos"
                )
            }
            expectations.categories = categories
        case .manifest:
            for photo in photos {
                let entry = try manifestEntry(photo, path: "\(base).expect.category")
                guard let category = entry.category else {
                    throw notInManifest(photo, path: "\(base).expect.category")
                }
                expectations.categories[photo.path] = category
            }
        case nil: break
        }
        if let name = raw.inputs.library {
            let project = try libraryProject(name, path: "\(base).inputs.library")
            inputs.idea = inputs.idea ?? BrainstormIdea(
                title: project.title, description: project.description, libraryProject: project.id)
            inputs.tutorial = inputs.tutorial ?? project.tutorial
            if raw.mode == .tutorial { expectations.libraryTutorial = project.tutorial }
        }
        if raw.mode == .coach || raw.mode == .term, let series = manifest?.series {
            if inputs.tutorial == nil { inputs.tutorial = series }
            if raw.mode == .coach, inputs.step == nil, let photo = photos.first {
                inputs.step = manifest?.entry(for: photo.url)?.step
            }
        }
        if raw.mode == .coach {
            inputs.earlierPhoto = try earlierPhoto(raw, inputs, base: base)
            inputs.earlierPhotoIsRetake = inputs.earlierPhoto.flatMap { manifest?.entry(for: $0.url)?.step }
                .map { $0 == inputs.step } ?? false
        }
        switch expect.stepComplete {
        case .given(let value): expectations.stepComplete = value
        case .manifest:
            guard let photo = photos.first else {
                throw .invalidValue(file: file, path: "\(base).expect.stepComplete", problem: "the case sends no photo")
            }
            guard let complete = try manifestEntry(photo, path: "\(base).expect.stepComplete").complete else {
                throw notInManifest(photo, path: "\(base).expect.stepComplete")
            }
            expectations.stepComplete = complete
        case nil: break
        }
        try check(raw.mode, inputs, base: base)
        return EvalCase(
            name: raw.name, mode: raw.mode, inputs: inputs, expectations: expectations,
            repeats: raw.repeats ?? defaults.repeats ?? 1,
            timeoutSeconds: raw.timeoutSeconds ?? defaults.timeoutSeconds ?? EvalSuite.defaultTimeoutSeconds
        )
    }

    /// A photo path of the suite (relative to it) made absolute; an error naming `key` when no such file exists.
    private func photo(_ path: String, key: String) throws(EvalError) -> EvalPhoto {
        let url = EvalSuite.location(of: path, in: folder)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw .missingPhoto(file: file, path: key, photo: path)
        }
        return EvalPhoto(path: path, url: url)
    }

    /// The photo a coach check measures the change from: the one the case names, or else, for a photo of the
    /// manifest's series at step N > 1, the series' photo of step N − 1 complete (as a project files the last
    /// progress photo before the check). Nil for step 1 and for photos outside the series: an unfolded sheet.
    private func earlierPhoto(_ raw: SuiteFile.Case, _ inputs: EvalCase.Inputs, base: String) throws(EvalError)
        -> EvalPhoto?
    {
        if let path = raw.inputs.earlierPhoto {
            return try photo(path, key: "\(base).inputs.earlierPhoto")
        }
        guard let photo = inputs.photos.first, let step = inputs.step, step > 1,
            manifest?.entry(for: photo.url)?.step != nil,
            let url = manifest?.completedPhoto(ofStep: step - 1)
        else { return nil }
        let sameFolder = url.deletingLastPathComponent() == photo.url.deletingLastPathComponent()
        let path = sameFolder
            ? (photo.path as NSString).deletingLastPathComponent + "/" + url.lastPathComponent : url.path
        return EvalPhoto(path: path, url: url)
    }

    /// The library project a case names, from the library installed with origami.
    private func libraryProject(_ name: String, path: String) throws(EvalError) -> LibraryProject {
        let library: ProjectLibrary
        do { library = try ProjectLibrary.bundled() } catch {
            throw .invalidValue(file: file, path: path, problem: "\(error)")
        }
        guard let project = library.project(named: name) else {
            throw .invalidValue(file: file, path: path, problem: "no project '\(name)' in origami's library")
        }
        return project
    }

    /// Each mode's required inputs are present.
    private func check(_ mode: EvalCase.Mode, _ inputs: EvalCase.Inputs, base: String) throws(EvalError) {
        switch mode {
        case .brainstorm where inputs.photos.isEmpty:
            throw .missingKey(file: file, path: "\(base).inputs.photos")
        case .tutorial where inputs.idea == nil:
            throw .missingKey(file: file, path: "\(base).inputs.idea")
        case .coach where inputs.photos.isEmpty:
            throw .missingKey(file: file, path: "\(base).inputs.photos")
        case .coach where inputs.tutorial == nil, .term where inputs.tutorial == nil:
            throw .missingKey(file: file, path: "\(base).inputs.tutorial")
        case .coach where inputs.step == nil:
            throw .missingKey(file: file, path: "\(base).inputs.step")
        case .coach where !(inputs.tutorial?.steps.contains { $0.number == inputs.step } ?? false):
            throw .invalidValue(
                file: file, path: "\(base).inputs.step",
                problem: "step \(inputs.step ?? 0) is not a step of the tutorial (it has \(inputs.tutorial?.steps.count ?? 0))"
            )
        default: break
        }
    }

    private func manifestEntry(_ photo: EvalPhoto, path: String) throws(EvalError) -> EvalManifest.Entry {
        guard manifest != nil else {
            throw .invalidValue(
                file: file, path: path,
                problem: "asks for the manifest, but the suite names none; add \"manifest\": \"…/manifest.json\""
            )
        }
        guard let entry = manifest?.entry(for: photo.url) else { throw notInManifest(photo, path: path) }
        return entry
    }

    private func notInManifest(_ photo: EvalPhoto, path: String) -> EvalError {
        .notInManifest(file: file, path: path, photo: photo.path, manifest: manifestName ?? "the manifest")
    }
}

import CraftCore
import CraftSchema
public import Foundation

/// Outcomes of earlier runs on disk, so an unchanged case is not asked again: one JSON file per run under
/// `${XDG_CACHE_HOME:-~/.cache}/origami/eval/`.
///
/// The key is the SHA-256 of everything that shapes the answer: the mode, every input, the photos as sent (their
/// contents, not their paths, and the description sent in their place: see `EvalExecutor.photoFingerprint`), the
/// backend, the model, origami's prompt version and the repeat number (so K repeats are
/// K samples). Expectations are not in it: editing an assertion re-checks the cached answer without asking the
/// model. Only runs that finished without error are stored.
public struct EvalCache: Sendable {
    /// The folder holding the cached outcomes.
    public let folder: URL

    /// A cache in `folder`, created when the first outcome is stored.
    public init(folder: URL) {
        self.folder = folder
    }

    /// `$XDG_CACHE_HOME/origami/eval`, or `~/.cache/origami/eval` when XDG_CACHE_HOME is unset or empty.
    public static func defaultFolder(environment: [String: String]) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("origami/eval", isDirectory: true)
    }

    /// The key of one run of `evalCase` on `identity`; `photos` fingerprints each photo as sent (by default, its
    /// file's bytes).
    public func key(for evalCase: EvalCase, iteration: Int, identity: EvalIdentity, photos: [String]? = nil) -> String {
        let inputs = evalCase.inputs
        let material = KeyMaterial(
            mode: evalCase.mode.rawValue, hint: inputs.hint, idea: inputs.idea, tutorial: inputs.tutorial,
            step: inputs.step, term: inputs.term,
            photos: photos ?? inputs.photos.map(Self.digest(of:)), earlierPhoto: inputs.earlierPhoto.map(Self.digest(of:)),
            retake: inputs.earlierPhotoIsRetake ? true : nil, identity: identity, iteration: iteration
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(material)) ?? Data()
        return SHA256.hex(of: Array(data))
    }

    /// The outcome stored under `key`, or nil.
    public func load(_ key: String) -> EvalOutcome? {
        guard let data = try? Data(contentsOf: file(key)) else { return nil }
        return try? JSONDecoder().decode(Entry.self, from: data).outcome
    }

    /// Stores `outcome` under `key`; a cache that cannot be written is skipped, since it only saves time.
    public func store(_ outcome: EvalOutcome, key: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(Entry(formatVersion: Entry.currentVersion, outcome: outcome)) else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? data.write(to: file(key), options: .atomic)
    }

    private func file(_ key: String) -> URL {
        folder.appendingPathComponent(key + ".json")
    }

    /// The SHA-256 of a photo file's bytes, or a marker naming the path when it cannot be read.
    static func digest(of photo: EvalPhoto) -> String {
        guard let data = try? Data(contentsOf: photo.url) else { return "unreadable:" + photo.url.path }
        return SHA256.hex(of: Array(data))
    }

    private struct KeyMaterial: Encodable {
        var mode: String
        var hint: String?
        var idea: BrainstormIdea?
        var tutorial: Tutorial?
        var step: Int?
        var term: String?
        var photos: [String]
        var earlierPhoto: String?
        var retake: Bool?
        var identity: EvalIdentity
        var iteration: Int
    }

    private struct Entry: Codable {
        static let currentVersion = 1
        var formatVersion: Int
        var outcome: EvalOutcome
    }
}

public import Foundation

/// The ground truth of a photo folder (`SamplePhotos/manifest.json`): each photo's category, and for the photos
/// of a progress series the step they show and whether that step is complete, plus the series' step texts.
///
/// A suite refers to it so the truth lives in one place; `"category": "manifest"` in a case looks it up here.
public struct EvalManifest: Sendable, Hashable {
    /// What the manifest says about one photo.
    public struct Entry: Sendable, Hashable {
        /// The photo's category in the words of `ImageCategory`, e.g. `craft supplies`.
        public var category: String?
        /// For a progress photo: the tutorial step it shows, from 1.
        public var step: Int?
        /// For a progress photo: whether it shows that step complete.
        public var complete: Bool?

        /// Creates an entry.
        public init(category: String? = nil, step: Int? = nil, complete: Bool? = nil) {
            self.category = category
            self.step = step
            self.complete = complete
        }
    }

    /// The entries by the photo's absolute, standardised location.
    public var entries: [URL: Entry]
    /// The progress series' step texts, in order (step 1 first).
    public var steps: [String]

    /// Creates a manifest from its entries.
    public init(entries: [URL: Entry], steps: [String] = []) {
        self.entries = entries
        self.steps = steps
    }

    /// The entry for the photo at `url`, if the manifest describes it.
    public func entry(for url: URL) -> Entry? {
        entries[url.standardizedFileURL]
    }

    /// Reads a manifest; photo paths in it are relative to its folder.
    public static func load(contentsOf url: URL, displayName: String) throws(EvalError) -> EvalManifest {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .missingFile(file: displayName, role: "photo manifest", detail: EvalSuite.reason(error))
        }
        let file = try SuiteDecoding.decode(ManifestFile.self, from: data, file: displayName)
        let folder = url.deletingLastPathComponent()
        var entries: [URL: Entry] = [:]
        for photo in file.photos {
            let location = folder.appendingPathComponent(photo.file).standardizedFileURL
            entries[location] = Entry(category: photo.category, step: photo.step, complete: photo.complete)
        }
        return EvalManifest(entries: entries, steps: file.steps)
    }
}

/// The manifest as written. Keys the eval does not use (colours, notes) are allowed: the manifest belongs to
/// the photo folder, not to the eval.
private struct ManifestFile: Decodable {
    struct Photo: Decodable {
        var file: String
        var category: String?
        var step: Int?
        var complete: Bool?
    }

    var photos: [Photo]
    var steps: [String]

    enum CodingKeys: String, CodingKey {
        case photos, steps
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        photos = try container.decode([Photo].self, forKey: .photos)
        steps = try container.decodeIfPresent([String].self, forKey: .steps) ?? []
    }
}

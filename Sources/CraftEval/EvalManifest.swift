public import CraftCore
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
    /// The tutorial the progress series follows (its model, paper and step texts), when the manifest has one.
    public var series: Tutorial?

    /// Creates a manifest from its entries.
    public init(entries: [URL: Entry], series: Tutorial? = nil) {
        self.entries = entries
        self.series = series
    }

    /// The entry for the photo at `url`, if the manifest describes it.
    public func entry(for url: URL) -> Entry? {
        entries[url.standardizedFileURL]
    }

    /// The photo showing step `step` complete, for a check of the next step to measure the change from; the first
    /// by path when several do, nil when none does.
    public func completedPhoto(ofStep step: Int) -> URL? {
        entries.filter { $0.value.step == step && $0.value.complete == true }.keys.min { $0.path < $1.path }
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
            let location = EvalSuite.location(of: photo.file, in: folder)
            entries[location] = Entry(category: photo.category, step: photo.step, complete: photo.complete)
        }
        let series = file.progressSeries.map { series in
            Tutorial(
                title: series.model, materials: series.paper.map { [$0] } ?? [],
                steps: series.steps.enumerated().map { TutorialStep(number: $0 + 1, title: stepTitle($1), instruction: $1) }
            )
        }
        return EvalManifest(entries: entries, series: series)
    }
}

/// A short title for a step given only as an instruction: its first clause, at most eight words.
func stepTitle(_ instruction: String) -> String {
    let clause = instruction.split(whereSeparator: { ",.;:".contains($0) }).first.map(String.init) ?? instruction
    let words = clause.split(separator: " ")
    return words.prefix(8).joined(separator: " ") + (words.count > 8 ? "…" : "")
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

    struct Series: Decodable {
        var model: String
        var paper: String?
        var steps: [String]
    }

    var photos: [Photo]
    var progressSeries: Series?
}

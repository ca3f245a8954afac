@testable import CraftImages
import CraftTesting
import Foundation
import Testing

/// The committed sample photos decode, and what origami says about them agrees with their ground truth.
@Suite struct SamplePhotosTests {
    struct Manifest: Decodable {
        struct Entry: Decodable {
            var file: String
            var category: String
            var colours: [String]
            var texture: String
            var orientation: Int?
            var step: Int?
            var complete: Bool?
        }
        struct Series: Decodable {
            var model: String
            var steps: [String]
            var photos: [String]
        }
        var photos: [Entry]
        var progressSeries: Series
    }

    static let folder = PackageRoot.url.appendingPathComponent("SamplePhotos")

    /// The manifest, or why it could not be read.
    static let loaded = Result {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    static let manifest = (try? loaded.get()) ?? Manifest(
        photos: [], progressSeries: .init(model: "", steps: [], photos: []))

    /// The files the parameterised tests run over; when the manifest does not decode, one case that fails saying
    /// why, rather than no cases at all.
    static let files = manifest.photos.isEmpty ? ["manifest.json (\(loaded))"] : manifest.photos.map(\.file)

    @Test func manifestCoversEveryPhotoWithAKnownCategory() throws {
        let categories: Set = ["inspiration for the craft", "craft supplies", "a finished craft piece"]
        let listed = Set(Self.manifest.photos.map(\.file))
        let manager = FileManager.default
        let top = try manager.contentsOfDirectory(atPath: Self.folder.path)
            .filter { !$0.hasSuffix(".json") && $0 != "progress" && $0 != "more" }
        let inner = try ["progress", "more"].flatMap { sub in
            try manager.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(sub).path).map { sub + "/" + $0 }
        }
        #expect(listed == Set(top + inner))
        #expect(Self.manifest.photos.allSatisfy { categories.contains($0.category) && !$0.colours.isEmpty })
        #expect(Set(Self.manifest.photos.map(\.category)) == categories)
        let series = Self.manifest.progressSeries
        #expect(series.steps.count >= 4 && series.photos.count >= series.steps.count)
        for file in series.photos {
            let entry = try #require(Self.manifest.photos.first { $0.file == file })
            #expect((1...series.steps.count).contains(entry.step ?? 0) && entry.complete != nil)
        }
        #expect(Set(series.photos.compactMap { file in Self.manifest.photos.first { $0.file == file }?.complete }) == [true, false])
    }

    @Test func everyFormatIsAmongTheSamples() {
        let formats = Set(Self.manifest.photos.compactMap { PhotoFormat.detect(Self.bytes($0.file)) })
        #expect(formats == Set(PhotoFormat.allCases))
        #expect(Self.manifest.photos.contains { ($0.orientation ?? 1) != 1 })
    }

    @Test(arguments: files)
    func samplePhotoDecodesUprightWithTheTextureItWasDrawnWith(file: String) throws {
        let entry = try #require(Self.manifest.photos.first { $0.file == file }, "no manifest entry: \(file)")
        let photo = try Photo.load(contentsOf: Self.folder.appendingPathComponent(file))
        #expect(photo.orientation == (entry.orientation ?? 1))
        #expect(max(photo.width, photo.height) <= 1024)
        #expect(photo.analysis.texture.rawValue == entry.texture, "\(photo.description)")
    }

    @Test func sidewaysPhotoComesOutUpright() throws {
        let photo = try Photo.load(contentsOf: Self.folder.appendingPathComponent("paper-warm.jpg"))
        #expect((photo.originalWidth, photo.originalHeight) == (1200, 1600))
        #expect((photo.width, photo.height, photo.orientation) == (1024, 768, 6))
    }

    static func bytes(_ file: String) -> [UInt8] {
        (try? Data(contentsOf: folder.appendingPathComponent(file))).map { Array($0) } ?? []
    }
}

@testable import CraftImages
import Foundation
import Testing

/// What origami says about each sample photo, held against how the photo was drawn: the objects the scene script
/// recorded as it drew them (`objects` in `SamplePhotos/manifest.json`), not anything origami computes.
///
/// Tolerances: the count within one of the objects drawn, and "about" when drawn objects touch; every object with
/// at least half of it visible found with its centre within a tenth of the picture and its share of the picture
/// within a factor of 1.6, 2 for long thin ones (soft edges and shadows add to what is measured); for those at
/// least 95 % visible, the outline the script drew; the texture the script drew; the main colour's hue within 35°
/// of a paint's hue (or both grey); the whole description under 80 words.
@Suite struct SampleScenesTests {
    struct Manifest: Decodable {
        struct Photo: Decodable {
            var file: String
            var objects: [Drawn]
        }
        struct Drawn: Decodable {
            var shows: String
            var shape: String
            var paints: [[Int]]
            var texture: String?
            var centre: [Double]
            var share: Double
            var visible: Double
            var touches: [Int]
        }
        var photos: [Photo]
    }

    static let folder = SamplePhotosTests.folder

    /// Every photo in the folder, listed from the folder itself, so a manifest that fails to decode fails the
    /// tests instead of leaving them without cases.
    static let files: [String] = {
        let manager = FileManager.default
        let top = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
        let inner = ["progress", "more"].flatMap { sub in
            ((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(sub).path)) ?? []).map { sub + "/" + $0 }
        }
        return (top.filter { !$0.hasSuffix(".json") && $0 != "progress" && $0 != "more" } + inner).sorted()
    }()

    static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    @Test func everyPhotoHasItsDrawnObjects() throws {
        #expect(Self.files.count >= 14)
        let photos = try Self.manifest().photos
        #expect(Set(photos.map(\.file)) == Set(Self.files))
        #expect(photos.allSatisfy { !$0.objects.isEmpty })
    }

    @Test(arguments: files)
    func descriptionAgreesWithHowThePhotoWasDrawn(file: String) throws {
        let drawn = try #require(try Self.manifest().photos.first { $0.file == file }).objects
        let photo = try Photo.load(contentsOf: Self.folder.appendingPathComponent(file))
        let scene = photo.analysis.scene
        let note = Comment(rawValue: photo.description)
        #expect(abs(scene.objects.count - drawn.count) <= 1, note)
        #expect(scene.countIsApproximate == drawn.contains { !$0.touches.isEmpty }, note)
        #expect(photo.description.hasPrefix(photo.label) && photo.description.split(separator: " ").count < 80, note)
        var unmatched = scene.objects
        for object in drawn.sorted(by: { $0.visible > $1.visible }) where object.visible >= 0.5 {
            let centre = SIMD2(object.centre[0], object.centre[1])
            let index = unmatched.indices.filter { Self.distance(unmatched[$0].centre, centre) <= 0.1 }
                .min { Self.cost(unmatched[$0], object) < Self.cost(unmatched[$1], object) }
            guard let index else {
                Issue.record("\(file): nothing found for \(object.shows) at \(centre): \(photo.description)")
                continue
            }
            let found = unmatched.remove(at: index)
            let factor = object.shape == "long" ? 2.0 : 1.6
            let ratio = found.share / object.share
            #expect(ratio < factor && 1 / ratio < factor, "\(object.shows): \(note)")
            if object.visible >= 0.95 {
                #expect(Self.agrees(found.outline, object.shape), "\(object.shows) is \(object.shape): \(note)")
            }
            if let texture = object.texture { #expect(found.texture?.rawValue == texture, "\(object.shows): \(note)") }
            if !object.paints.isEmpty {
                #expect(object.paints.contains { Self.sameHue(found.colours[0], $0) }, "\(object.shows): \(note)")
            }
        }
    }

    static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        ((a - b) * (a - b)).sum().squareRoot()
    }

    /// How unlike a found object is to a drawn one: apart, and different in size.
    static func cost(_ found: SceneObject, _ drawn: Manifest.Drawn) -> Double {
        distance(found.centre, SIMD2(drawn.centre[0], drawn.centre[1])) + abs(log(found.share / drawn.share)) / 10
    }

    /// Whether a measured outline is the drawn one; a drawn irregular shape is anything but a plain figure.
    static func agrees(_ outline: Outline, _ shape: String) -> Bool {
        switch shape {
        case "square": outline == .square
        case "rectangle": outline == .rectangle
        case "round": outline == .round || outline == .oval
        case "long": outline == .long
        case "triangle": outline == .triangle
        case "four-sided": outline == .polygon(sides: 4)
        case "five-sided": outline == .polygon(sides: 5)
        case "six-sided": outline == .polygon(sides: 6)
        default: ![.square, .rectangle, .triangle, .round].contains(outline)
        }
    }

    /// Whether the named colour has the paint's hue (within 35°), or both are greys (chroma under 15).
    static func sameHue(_ name: String, _ paint: [Int]) -> Bool {
        guard let named = NamedColour.table.first(where: { $0.name == name }) else { return false }
        let drawn = LabColour(red: UInt8(paint[0]), green: UInt8(paint[1]), blue: UInt8(paint[2]))
        let said = named.lab
        if drawn.chroma < 15 || said.chroma < 15 { return drawn.chroma < 15 && said.chroma < 15 }
        var apart = abs(atan2(drawn.b, drawn.a) - atan2(said.b, said.a)) * 180 / .pi
        if apart > 180 { apart = 360 - apart }
        return apart <= 35
    }
}

@testable import CraftImages
import CraftTesting
import Foundation
import Testing

@Suite struct PaletteTests {
    static let crimson: (UInt8, UInt8, UInt8) = (220, 20, 60)
    static let cream: (UInt8, UInt8, UInt8) = (255, 248, 210)
    static let navy: (UInt8, UInt8, UInt8) = (20, 30, 110)

    @Test func everyTableColourIsNamedByItsOwnName() {
        for colour in NamedColour.table {
            #expect(NamedColour.nearest(to: colour.lab).name == colour.name)
        }
    }

    @Test(arguments: [
        ((200, 30, 50), "crimson"), ((250, 245, 225), "cream"), ((25, 35, 90), "navy"), ((240, 120, 20), "orange"),
        ((40, 120, 60), "green"), ((250, 190, 205), "pink"), ((128, 128, 130), "grey"), ((5, 5, 5), "black"),
        ((150, 105, 65), "light brown"), ((60, 110, 210), "blue"), ((30, 180, 180), "turquoise"), ((250, 215, 20), "gold"),
    ] as [((Int, Int, Int), String)])
    func nearbyColoursGetTheirCommonName(rgb: (Int, Int, Int), name: String) {
        let lab = LabColour(red: UInt8(rgb.0), green: UInt8(rgb.1), blue: UInt8(rgb.2))
        #expect(NamedColour.nearest(to: lab).name == name)
    }

    @Test(arguments: [
        ("teal", "turquoise", true), ("coral", "salmon", true), ("crimson", "maroon", true), ("white", "light grey", true),
        ("charcoal", "black", true), ("teal", "white", false), ("teal", "sky blue", false), ("beige", "gold", false),
        ("white", "cream", false), ("teal", "mint", false), ("teal", "no such colour", false), ("mauve", "mauve", true),
    ])
    func coloursAreAlikeWhenOtherLightCouldMakeOneTheOther(first: String, second: String, alike: Bool) {
        #expect(NamedColour.alike(first, second) == alike)
        #expect(NamedColour.alike(second, first) == alike)
    }

    @Test func labValuesMatchTheReference() {
        let white = LabColour(red: 255, green: 255, blue: 255)
        #expect(abs(white.l - 100) < 0.01 && abs(white.a) < 0.01 && abs(white.b) < 0.01)
        let red = LabColour(red: 255, green: 0, blue: 0)
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
    }

    @Test func bandsOfKnownColoursGiveTheirNamesAndShares() {
        let image = TestImages.bands([(Self.crimson, 0.6), (Self.cream, 0.3), (Self.navy, 0.1)])
        let colours = Palette.dominantColours(in: image)
        #expect(colours.map(\.name) == ["crimson", "cream", "navy"])
        for (colour, share) in zip(colours, [0.6, 0.3, 0.1]) {
            #expect(abs(colour.share - share) < 0.02)
        }
    }

    @Test func namesSurviveJPEGCompressionAndNoise() throws {
        var image = TestImages.bands([(Self.navy, 0.5), (Self.crimson, 0.35), (Self.cream, 0.15)], width: 400, height: 300)
        var random = SplitMix(seed: 7)
        for index in image.pixels.indices {
            let noise = Int(random.next() % 17) - 8
            image.pixels[index] = UInt8(clamping: Int(image.pixels[index]) + noise)
        }
        let photo = try Photo(bytes: TestImages.jpeg(image, quality: 80), url: URL(fileURLWithPath: "noisy.jpg"))
        #expect(photo.analysis.colours.prefix(3).map(\.name) == ["navy", "crimson", "cream"])
    }

    @Test func colourWordsGroupTheColoursByShare() {
        let image = TestImages.bands(
            [(Self.crimson, 0.46), (Self.cream, 0.31), (Self.navy, 0.12), ((30, 150, 50), 0.11)],
            width: 120, height: 100)
        let analysis = PhotoAnalysis(of: image)
        #expect(analysis.colourWords == "mostly crimson (46 %) and cream (31 %), some navy (12 %) and green (11 %)")
        let sentence = analysis.sentence(label: "Photo_000000", width: 10, height: 20)
        #expect(sentence.hasPrefix("Photo_000000 (10×20, portrait): "))
    }

    @Test func textureTellsPaperFromYarnFromFabric() {
        let flat = TestImages.bands([(Self.crimson, 0.5), (Self.cream, 0.5)], width: 256, height: 256)
        #expect(PhotoAnalysis(of: flat).texture == .flat)
        let checks = RGBImage(width: 256, height: 256, pixels: (0..<(256 * 256)).flatMap { index -> [UInt8] in
            let (x, y) = (index % 256, index / 256)
            return (x / 6 + y / 6) % 2 == 0 ? [200, 40, 40] : [240, 240, 230]
        })
        #expect(PhotoAnalysis(of: checks).texture == .patterned)
        #expect(PhotoAnalysis(of: TestImages.fibres(size: 256)).texture == .fibrous)
    }
}

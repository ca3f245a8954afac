@testable import CraftImages
@testable import CraftSchema
import Foundation
import Testing

@Suite struct PhotoDecodingTests {
    static let picture = TestImages.quadrants(width: 64, height: 40)

    static func decode(_ bytes: [UInt8], name: String) throws -> (format: PhotoFormat, upright: RGBImage) {
        let result = try Photo.uprightPicture(bytes, name: name, options: .init())
        return (result.format, result.upright)
    }

    @Test func jpegDecodes() throws {
        let (format, image) = try Self.decode(TestImages.jpeg(Self.picture), name: "a.jpg")
        #expect(format == .jpeg)
        #expect(TestImages.meanDifference(image, Self.picture) < 3)
    }

    @Test func pngDecodesExactly() throws {
        let (format, image) = try Self.decode(TestImages.png(Self.picture), name: "a.png")
        #expect(format == .png)
        #expect(image == Self.picture)
    }

    @Test func sixteenBitPNGDecodesToEightBit() throws {
        let (format, image) = try Self.decode(TestImages.png(Self.picture, sixteenBit: true), name: "deep.png")
        #expect(format == .png)
        #expect(TestImages.maximumDifference(image, Self.picture) <= 2)
    }

    @Test(arguments: [true, false])
    func webpDecodes(lossless: Bool) throws {
        let (format, image) = try Self.decode(TestImages.webp(Self.picture, lossless: lossless), name: "a.webp")
        #expect(format == .webp)
        #expect(TestImages.meanDifference(image, Self.picture) < (lossless ? 0.001 : 4))
    }

    @Test func animatedWebPGivesItsFirstFrame() throws {
        let second = RGBImage(width: 64, height: 40, filledWith: (0, 0, 0))
        let (format, image) = try Self.decode(TestImages.animatedWebP([Self.picture, second]), name: "moving.webp")
        #expect(format == .webp)
        #expect(image == Self.picture)
    }

    @Test func heicDecodes() throws {
        let file = try #require(TestImages.heic(Self.picture), "libheif has no HEVC encoder here")
        let (format, image) = try Self.decode(file, name: "a.heic")
        #expect(format == .heic)
        #expect((image.width, image.height) == (64, 40))
        #expect(TestImages.meanDifference(image, Self.picture) < 6)
    }

    @Test func formatComesFromContentNotName() throws {
        let (format, image) = try Self.decode(TestImages.png(Self.picture), name: "really-a-png.jpg")
        #expect(format == .png)
        #expect(image == Self.picture)
    }

    @Test func photoCarriesLabelHashAndModelReadyJPEG() throws {
        let bytes = TestImages.png(Self.picture)
        let photo = try Photo(bytes: bytes, url: URL(fileURLWithPath: "/tmp/box.png"))
        #expect(photo.sha256 == SHA256.hex(of: bytes))
        #expect(photo.label == "Photo_" + photo.sha256.prefix(6))
        #expect(photo.format == .png)
        #expect((photo.width, photo.height, photo.orientation) == (64, 40, 1))
        let reread = try Self.decode(Array(photo.jpegData), name: "again.jpg")
        #expect(reread.format == .jpeg && (reread.upright.width, reread.upright.height) == (64, 40))
        #expect(photo.description.hasPrefix(photo.label + " (64×40, landscape): "))
    }

    @Test func loadReadsFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("origami-load-\(UUID().uuidString).webp")
        try Data(TestImages.webp(Self.picture)).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let photo = try Photo.load(contentsOf: url)
        #expect(photo.format == .webp && photo.url == url && (photo.width, photo.height) == (64, 40))
    }

    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        (String(repeating: "a", count: 1_000_000), "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"),
    ])
    func sha256MatchesTheStandardVectors(message: String, digest: String) {
        #expect(SHA256.hex(of: Array(message.utf8)) == digest)
    }
}

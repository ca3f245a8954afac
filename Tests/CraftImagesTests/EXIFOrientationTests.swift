@testable import CraftImages
import Foundation
import Testing

@Suite struct EXIFOrientationTests {
    /// A 3×2 picture whose red channel numbers the pixels a b c / d e f as 1…6.
    static let numbered = RGBImage(width: 3, height: 2, pixels: (1...6).flatMap { [UInt8($0), 0, 0] })

    /// For each orientation, the upright picture as rows of pixel numbers, worked out from the EXIF definitions
    /// ("the 0th row is the visual right-hand side, the 0th column the visual top" for 6, and so on).
    static let expected: [Int: [[Int]]] = [
        1: [[1, 2, 3], [4, 5, 6]],
        2: [[3, 2, 1], [6, 5, 4]],
        3: [[6, 5, 4], [3, 2, 1]],
        4: [[4, 5, 6], [1, 2, 3]],
        5: [[1, 4], [2, 5], [3, 6]],
        6: [[4, 1], [5, 2], [6, 3]],
        7: [[6, 3], [5, 2], [4, 1]],
        8: [[3, 6], [2, 5], [1, 4]],
    ]

    /// The orientation that undoes `orientation` (the turns are inverses of each other, the rest undo themselves).
    static func inverse(_ orientation: Int) -> Int {
        orientation == 6 ? 8 : orientation == 8 ? 6 : orientation
    }

    @Test(arguments: 1...8)
    func eachOrientationMovesPixelsAsTheStandardSays(orientation: Int) {
        let upright = Self.numbered.applyingOrientation(orientation)
        let rows = (0..<upright.height).map { y in (0..<upright.width).map { x in Int(upright.pixel(x: x, y: y).0) } }
        #expect(rows == Self.expected[orientation])
    }

    @Test(arguments: 1...8)
    func pngWithEXIFChunkComesOutWithTheSameUprightPixels(orientation: Int) throws {
        let upright = TestImages.quadrants()
        let stored = upright.applyingOrientation(Self.inverse(orientation))
        let file = TestImages.png(stored, orientation: orientation)
        let result = try Photo.uprightPicture(file, name: "turned.png", options: .init())
        #expect(result.picture.orientation == orientation)
        #expect(result.upright == upright)
    }

    @Test(arguments: 1...8, [false, true])
    func jpegWithEXIFSegmentComesOutWithTheSameUprightPixels(orientation: Int, bigEndian: Bool) throws {
        let upright = TestImages.quadrants()
        let stored = upright.applyingOrientation(Self.inverse(orientation))
        let file = TestImages.jpeg(stored, quality: 98, orientation: orientation, bigEndian: bigEndian)
        let photo = try Photo(bytes: file, url: URL(fileURLWithPath: "/tmp/turned.jpg"))
        let result = try Photo.uprightPicture(file, name: "turned.jpg", options: .init())
        #expect(photo.orientation == orientation)
        #expect((photo.width, photo.height) == (48, 32))
        #expect((photo.originalWidth, photo.originalHeight) == (stored.width, stored.height))
        #expect(TestImages.meanDifference(result.upright, upright) < 3)
        for (x, y) in [(4, 2), (40, 2), (4, 28), (40, 28)] {
            #expect(TestImages.colourDistance(result.upright.pixel(x: x, y: y), upright.pixel(x: x, y: y)) < 24)
        }
    }

    @Test func missingOrMalformedTagsMeanUpright() {
        let good = TestImages.exifTIFF(orientation: 6)
        #expect(EXIFOrientation.fromTIFF(good[...]) == 6)
        #expect(EXIFOrientation.fromTIFF((EXIFOrientation.exifPrefix + good)[...]) == 6)
        #expect(EXIFOrientation.fromTIFF(TestImages.exifTIFF(orientation: 9)[...]) == nil)
        #expect(EXIFOrientation.fromTIFF(TestImages.exifTIFF(orientation: 0)[...]) == nil)
        for cut in 0..<good.count {
            let orientation = EXIFOrientation.fromTIFF(good[..<cut])
            #expect(orientation == nil || orientation == 6)
        }
        var pointingAway = good
        pointingAway[4] = 0xF0  // directory offset far past the end
        #expect(EXIFOrientation.fromTIFF(pointingAway[...]) == nil)
    }

    @Test func jpegWalkFindsTheTagAtEveryTruncation() {
        let file = TestImages.jpeg(TestImages.quadrants(), orientation: 3)
        #expect(JPEGStructure(scanning: file).orientation == 3)
        #expect(JPEGStructure(scanning: file).frame?.width == 48)
        for cut in 0..<min(file.count, 400) {
            let structure = JPEGStructure(scanning: Array(file[..<cut]))
            #expect(structure.orientation == nil || structure.orientation == 3)
            #expect(!structure.reachedScan || structure.frame != nil)
        }
    }
}

@testable import CraftImages
import Foundation
import Testing

@Suite struct ResizeTests {
    @Test(arguments: [
        (4000, 3000, 1024, 1024, 768), (3000, 4000, 1024, 768, 1024), (500, 300, 1024, 500, 300),
        (1025, 1, 1024, 1024, 1), (1, 5000, 1024, 1, 1024), (3000, 3000, 1024, 1024, 1024), (4032, 3024, 512, 512, 384),
        (1024, 1024, 1024, 1024, 1024),
    ])
    func fittedSizeKeepsAspectAndNeverEnlarges(width: Int, height: Int, limit: Int, expectedWidth: Int, expectedHeight: Int) {
        let size = RGBImage.fittedSize(width: width, height: height, maximumDimension: limit)
        #expect(size == (expectedWidth, expectedHeight))
    }

    @Test func averagingBlendsWhatAPixelCovers() {
        let stripes = RGBImage(width: 4, height: 2, pixels: (0..<8).flatMap { $0 % 2 == 0 ? [0, 0, 0] : [255, 255, 255] as [UInt8] })
        let half = stripes.resized(width: 2, height: 1)
        #expect(half.pixels.allSatisfy { (127...128).contains($0) })
        let uniform = RGBImage(width: 333, height: 97, filledWith: (12, 200, 90)).resized(toFit: 100)
        #expect((uniform.width, uniform.height) == (100, 29))
        #expect(uniform == RGBImage(width: 100, height: 29, filledWith: (12, 200, 90)))
    }

    @Test func dctScalingPicksTheSmallestFactorAboveTheTarget() {
        #expect(JPEGCodec.scalingFactor(width: 4000, height: 3000, target: 1024) == (3, 8))
        #expect(JPEGCodec.scalingFactor(width: 8000, height: 6000, target: 1024) == (1, 4))
        #expect(JPEGCodec.scalingFactor(width: 1200, height: 900, target: 1024) == (7, 8))
        #expect(JPEGCodec.scalingFactor(width: 800, height: 600, target: 1024) == (1, 1))
    }

    @Test(arguments: [(1, 1024, 768), (6, 768, 1024), (8, 768, 1024), (3, 1024, 768)])
    func largeJPEGComesOutAtTheModelSize(orientation: Int, width: Int, height: Int) throws {
        let big = TestImages.quadrants(width: 2400, height: 1800)
        let photo = try Photo(bytes: TestImages.jpeg(big, quality: 80, orientation: orientation), url: URL(fileURLWithPath: "big.jpg"))
        #expect((photo.originalWidth, photo.originalHeight) == (2400, 1800))
        #expect((photo.width, photo.height) == (width, height))
        let small = try Photo(bytes: TestImages.jpeg(big, quality: 80), url: URL(fileURLWithPath: "big.jpg"), options: .init(maximumDimension: 300))
        #expect((small.width, small.height) == (300, 225))
    }
}

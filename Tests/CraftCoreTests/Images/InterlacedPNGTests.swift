import Foundation
import Testing
@testable import CraftCore

/// 16-bit Adam7-interlaced PNGs (PngSuite's basi0g16, basi2c16, basi4a16, basi6a16 and bgai4a16 are of this kind)
/// decode to the same pixels as their non-interlaced twins, and both to what their samples say.
@Suite struct InterlacedPNGTests {
    static let (width, height) = (35, 29)

    /// Samples spread over the whole 16-bit range, low bytes included; alpha also fully clear and fully opaque.
    static func samples(colourType: UInt8) -> [UInt16] {
        let channels = HandMadePNG.channels(colourType: colourType)
        var random = SplitMix(seed: UInt64(colourType) + 7)
        return (0..<(width * height * channels)).map { index in
            let value = UInt16(truncatingIfNeeded: random.next())
            guard colourType >= 4, index % channels == channels - 1 else { return value }
            return [0, 65535, value, value][index / channels % 4]
        }
    }

    /// The 8-bit sRGB picture the samples stand for. libpng reads the samples of a 16-bit PNG without a gAMA chunk
    /// as linear light; alpha is laid over white in linear light, as libpng composites.
    static func expected(colourType: UInt8, samples: [UInt16]) -> RGBImage {
        let channels = HandMadePNG.channels(colourType: colourType)
        func encoded(_ value: Double) -> UInt8 {
            let curve = value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
            return UInt8((curve * 255).rounded())
        }
        var pixels: [UInt8] = []
        for pixel in 0..<(width * height) {
            let sample = Array(samples[(pixel * channels)..<((pixel + 1) * channels)]).map { Double($0) / 65535 }
            let isColour = colourType == 2 || colourType == 6
            let colour = isColour ? Array(sample[0..<3]) : Array(repeating: sample[0], count: 3)
            let alpha = colourType >= 4 ? sample[channels - 1] : 1
            pixels += colour.map { encoded($0 * alpha + (1 - alpha)) }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        try PNGDecoder.decode(bytes, name: "deep.png", pixelBudget: 100_000_000).image
    }

    @Test(arguments: [0, 2, 4, 6] as [UInt8])
    func sixteenBitInterlacedPNGDecodesLikeItsTwin(colourType: UInt8) throws {
        let samples = Self.samples(colourType: colourType)
        let make = { (interlaced: Bool) in
            HandMadePNG.sixteenBit(
                width: Self.width, height: Self.height, colourType: colourType, samples: samples,
                interlaced: interlaced)
        }
        let expected = Self.expected(colourType: colourType, samples: samples)
        let twin = try Self.decode(make(false))
        let interlaced = try Self.decode(make(true))
        // libpng's 8-bit path is a few levels off in the darkest tones; the linear path the interlaced picture
        // takes is exact to rounding.
        #expect(TestImages.maximumDifference(twin, expected) <= 8, "the non-interlaced twin")
        #expect(TestImages.maximumDifference(interlaced, expected) <= 1)
        let differing = (0..<(Self.width * Self.height)).count { pixel in
            (0..<3).contains { abs(Int(interlaced.pixels[pixel * 3 + $0]) - Int(twin.pixels[pixel * 3 + $0])) > 8 }
        }
        #expect(differing == 0, "\(differing) of \(Self.width * Self.height) pixels differ from the twin")
    }

    @Test func onlySixteenBitInterlacedPNGsTakeTheLinearPath() {
        let plain = TestImages.png(TestImages.quadrants(width: 16, height: 16), sixteenBit: true)
        #expect(!PNGDecoder.isInterlacedSixteenBit(plain))
        let deep = HandMadePNG.sixteenBit(width: 2, height: 2, colourType: 0, samples: [1, 2, 3, 4], interlaced: true)
        #expect(PNGDecoder.isInterlacedSixteenBit(deep))
    }
}

@testable import CraftImages
import CraftTesting
import Foundation
import Testing

/// 16-bit Adam7-interlaced PNGs (PngSuite's basi0g16, basi2c16, basi4a16, basi6a16 and bgai4a16 are of this kind)
/// decode to the same pixels as their non-interlaced twins, and both to what their samples say.
@Suite struct InterlacedPNGTests {
    static let (width, height) = (35, 29)

    /// The gAMA chunk of a test picture, in the chunk's units of 1/100000: none (libpng takes 16-bit samples as
    /// linear light), 1.0 (linear, said outright) or 0.45455 (the usual encoding gamma, undone as a power law).
    static let gammas: [Int?] = [nil, 100_000, 45_455]

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

    /// A 16-bit PNG of the samples, with a gAMA chunk after IHDR when `gamma` is given.
    static func png(colourType: UInt8, gamma: Int?, interlaced: Bool) -> [UInt8] {
        let bytes = HandMadePNG.sixteenBit(
            width: width, height: height, colourType: colourType, samples: samples(colourType: colourType),
            interlaced: interlaced)
        guard let gamma else { return bytes }
        // The signature (8 bytes) and the IHDR chunk (25) come first.
        return Array(bytes[..<33]) + TestImages.chunk("gAMA", HandMadePNG.bigEndian(gamma)) + Array(bytes[33...])
    }

    /// The 8-bit picture the samples stand for, worked out in floating point as libpng defines it: the samples are
    /// linear light unless the gAMA chunk gives an encoding gamma, alpha is laid over white in linear light, and
    /// 8-bit sRGB is a 2.2 power (libpng's `PNG_GAMMA_sRGB`).
    static func expected(colourType: UInt8, gamma: Int?) -> RGBImage {
        let channels = HandMadePNG.channels(colourType: colourType)
        let samples = samples(colourType: colourType)
        func encoded(_ value: Double) -> UInt8 {
            UInt8((pow(value, 1 / 2.2) * 255).rounded())
        }
        func linear(_ value: Double) -> Double {
            guard gamma == 45_455 else { return value }
            return pow(value, 1 / 0.45455)
        }
        var pixels: [UInt8] = []
        for pixel in 0..<(width * height) {
            let sample = Array(samples[(pixel * channels)..<((pixel + 1) * channels)]).map { Double($0) / 65535 }
            let isColour = colourType == 2 || colourType == 6
            let colour = (isColour ? Array(sample[0..<3]) : Array(repeating: sample[0], count: 3)).map(linear)
            let alpha = colourType >= 4 ? sample[channels - 1] : 1
            pixels += colour.map { encoded($0 * alpha + (1 - alpha)) }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    static func decode(_ bytes: [UInt8]) throws -> RGBImage {
        try PNGDecoder.decode(bytes, name: "deep.png", pixelBudget: 100_000_000).image
    }

    @Test(arguments: [0, 2, 4, 6] as [UInt8], gammas)
    func sixteenBitInterlacedPNGDecodesToTheSamePixelsAsItsTwin(colourType: UInt8, gamma: Int?) throws {
        let twin = try Self.decode(Self.png(colourType: colourType, gamma: gamma, interlaced: false))
        let interlaced = try Self.decode(Self.png(colourType: colourType, gamma: gamma, interlaced: true))
        let differing = (0..<(Self.width * Self.height)).count { (pixel: Int) -> Bool in
            interlaced.pixels[(pixel * 3)..<(pixel * 3 + 3)] != twin.pixels[(pixel * 3)..<(pixel * 3 + 3)]
        }
        let most = TestImages.maximumDifference(interlaced, twin)
        #expect(differing == 0, "\(differing) of \(Self.width * Self.height) pixels differ, by up to \(most)")
    }

    @Test(arguments: [0, 2, 4, 6] as [UInt8], gammas)
    func sixteenBitPNGsDecodeWithinRoundingOfTheirSamples(colourType: UInt8, gamma: Int?) throws {
        let expected = Self.expected(colourType: colourType, gamma: gamma)
        for interlaced in [false, true] {
            let decoded = try Self.decode(Self.png(colourType: colourType, gamma: gamma, interlaced: interlaced))
            #expect(TestImages.maximumDifference(decoded, expected) <= 1, "interlaced: \(interlaced)")
        }
    }
}

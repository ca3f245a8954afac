import CImageLibs
import Foundation

/// PNG decoding through libpng's simplified `png_image_*` API, which needs no setjmp and reads every PNG variant
/// (palette, grey, 16-bit, interlaced) into 8-bit sRGB; 16-bit interlaced pictures go through its 16-bit linear
/// output, which this libpng reads correctly.
///
/// The header is read first and its size checked against the pixel budget before the pixel buffer exists, so a
/// "PNG bomb" (a tiny file claiming 30000×30000 pixels) costs nothing. Transparent parts are laid over white.
enum PNGDecoder {
    /// The decoded picture (not yet oriented) and its EXIF orientation from an `eXIf` chunk.
    static func decode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(PhotoError) -> DecodedPicture {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard began != 0 else {
            let words = message(of: &image)
            throw isTruncation(words)
                ? .truncated(file: name, format: .png) : .invalidHeader(file: name, format: .png, detail: words)
        }
        let (width, height) = (Int(image.width), Int(image.height))
        guard width > 0, height > 0 else {
            throw .invalidHeader(file: name, format: .png, detail: "it gives a size of \(width)×\(height)")
        }
        guard width * height <= pixelBudget else {
            throw .tooManyPixels(file: name, width: width, height: height, budget: pixelBudget)
        }
        let rgb: RGBImage
        if isInterlacedSixteenBit(bytes) {
            rgb = try readLinear(&image, name: name)
        } else {
            // PNG_FORMAT_RGB is PNG_FORMAT_FLAG_COLOR (2); the macro is composed, so it is spelled out here.
            image.format = 2
            var white = png_color(red: 255, green: 255, blue: 255)
            var pixels = [UInt8](repeating: 0, count: width * height * 3)
            let finished = pixels.withUnsafeMutableBytes { target in
                png_image_finish_read(&image, &white, target.baseAddress, Int32(width * 3), nil)
            }
            try check(finished, &image, name: name)
            rgb = RGBImage(width: width, height: height, pixels: pixels)
        }
        return DecodedPicture(
            image: rgb, originalWidth: width, originalHeight: height, orientation: EXIFOrientation.inPNG(bytes) ?? 1)
    }

    /// Whether the file has 16-bit samples and is Adam7-interlaced (IHDR, always the first chunk, holds both).
    ///
    /// Debian 12's libpng (1.6.39) turns such a picture into wrong 8-bit pixels through the simplified API's
    /// scaled path, silently; its 16-bit linear output is right, so those pictures are read that way instead.
    static func isInterlacedSixteenBit(_ bytes: [UInt8]) -> Bool {
        bytes.count > 28 && bytes[24] == 16 && bytes[28] == 1
    }

    /// Reads the picture as 16-bit linear RGBA (colour premultiplied by alpha), lays it over white and encodes it
    /// as 8-bit sRGB.
    private static func readLinear(_ image: inout png_image, name: String) throws(PhotoError) -> RGBImage {
        let (width, height) = (Int(image.width), Int(image.height))
        // PNG_FORMAT_LINEAR_RGB_ALPHA: PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA.
        image.format = 4 | 2 | 1
        var linear = [UInt16](repeating: 0, count: width * height * 4)
        let finished = linear.withUnsafeMutableBytes { target in
            png_image_finish_read(&image, nil, target.baseAddress, Int32(width * 4), nil)
        }
        try check(finished, &image, name: name)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let encode = SRGBTable.fromLinear
        linear.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(width * height) {
                    let uncovered = 65535 - Int(source[pixel * 4 + 3])
                    for channel in 0..<3 {
                        target[pixel * 3 + channel] = encode[min(65535, Int(source[pixel * 4 + channel]) + uncovered)]
                    }
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func check(_ finished: Int32, _ image: inout png_image, name: String) throws(PhotoError) {
        guard finished == 0 else { return }
        let words = message(of: &image)
        throw isTruncation(words)
            ? .truncated(file: name, format: .png) : .corrupt(file: name, format: .png, detail: words)
    }

    private static func message(of image: inout png_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    private static func isTruncation(_ words: String) -> Bool {
        let lowered = words.lowercased()
        return ["not enough", "read error", "unexpected end", "end of", "truncated", "out of data"].contains {
            lowered.contains($0)
        }
    }
}

/// The sRGB transfer curve as a table from 16-bit linear light to 8-bit sRGB, built once.
enum SRGBTable {
    static let fromLinear: [UInt8] = (0...65535).map { value in
        let linear = Double(value) / 65535
        let encoded = linear <= 0.0031308 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
        return UInt8((encoded * 255).rounded())
    }
}

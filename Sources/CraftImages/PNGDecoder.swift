import CImageLibs
import Foundation

/// PNG decoding through libpng's simplified `png_image_*` API, which needs no setjmp and reads every PNG variant
/// (palette, grey, 16-bit, interlaced) into 8-bit sRGB; 16-bit pictures go through its 16-bit linear output and are
/// encoded to 8 bits by origami (see `readLinear` for why).
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
        // libpng marks the format of a file with 16-bit samples linear.
        if image.format & PNG_FORMAT_FLAG_LINEAR != 0 {
            rgb = try readLinear(&image, name: name)
        } else {
            // PNG_FORMAT_RGB: the macro is composed, so Swift does not see it.
            image.format = PNG_FORMAT_FLAG_COLOR
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

    /// Reads the picture as 16-bit linear light (colour premultiplied by alpha), lays it over white and encodes it
    /// to 8 bits with the curve libpng's own 8-bit output uses.
    ///
    /// Why not libpng's 8-bit output: Debian 12's libpng (1.6.39) turns an Adam7-interlaced 16-bit picture into
    /// wrong pixels through it (`png_image_read_direct_scaled`), silently; and for the others it puts the darkest
    /// tones of linear samples up to 4 levels off. Its 16-bit linear output is right, so every 16-bit picture is read
    /// this way: the same pixels whether the file is interlaced or not, each within rounding of its samples.
    ///
    /// The file's own channels are kept (grey stays one sample; alpha only when the file has some), so the buffer
    /// takes 2 to 8 bytes a pixel.
    private static func readLinear(_ image: inout png_image, name: String) throws(PhotoError) -> RGBImage {
        let (width, height) = (Int(image.width), Int(image.height))
        let isColour = image.format & PNG_FORMAT_FLAG_COLOR != 0
        let hasAlpha = image.format & PNG_FORMAT_FLAG_ALPHA != 0
        let channels = (isColour ? 3 : 1) + (hasAlpha ? 1 : 0)
        image.format &= PNG_FORMAT_FLAG_LINEAR | PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA
        var linear = [UInt16](repeating: 0, count: width * height * channels)
        let finished = linear.withUnsafeMutableBytes { target in
            png_image_finish_read(&image, nil, target.baseAddress, Int32(width * channels), nil)
        }
        try check(finished, &image, name: name)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let encode = GammaTable.fromLinear
        linear.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { target in
                for pixel in 0..<(width * height) {
                    let first = pixel * channels
                    // Premultiplied: what the picture leaves uncovered is the white behind it showing through.
                    let uncovered = hasAlpha ? 65535 - Int(source[first + channels - 1]) : 0
                    for channel in 0..<3 {
                        let value = Int(source[first + (isColour ? channel : 0)]) + uncovered
                        target[pixel * 3 + channel] = encode[min(65535, value)]
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

/// From 16-bit linear light to 8-bit sRGB as libpng's 8-bit output encodes it, built once.
///
/// libpng stands a plain 2.2 power for sRGB (`PNG_GAMMA_sRGB`) both when it reads a file's samples into linear light
/// and when it writes 8-bit output. The exact sRGB curve here would put the darkest tones of a 16-bit sRGB file up
/// to 9 levels away from its own samples, and from what libpng makes of the same picture in 8 bits.
enum GammaTable {
    static let fromLinear: [UInt8] = (0...65535).map { value in
        UInt8((pow(Double(value) / 65535, 1 / 2.2) * 255).rounded())
    }
}

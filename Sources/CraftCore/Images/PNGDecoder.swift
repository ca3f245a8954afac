import CImageLibs

/// PNG decoding through libpng's simplified `png_image_*` API, which needs no setjmp and reads every PNG variant
/// (palette, grey, 16-bit, interlaced) into 8-bit sRGB.
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
        // PNG_FORMAT_RGB is PNG_FORMAT_FLAG_COLOR (2); the macro is composed, so it is spelled out here.
        image.format = 2
        var white = png_color(red: 255, green: 255, blue: 255)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let finished = pixels.withUnsafeMutableBytes { target in
            png_image_finish_read(&image, &white, target.baseAddress, Int32(width * 3), nil)
        }
        guard finished != 0 else {
            let words = message(of: &image)
            throw isTruncation(words)
                ? .truncated(file: name, format: .png) : .corrupt(file: name, format: .png, detail: words)
        }
        return DecodedPicture(
            image: RGBImage(width: width, height: height, pixels: pixels), originalWidth: width,
            originalHeight: height, orientation: EXIFOrientation.inPNG(bytes) ?? 1)
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

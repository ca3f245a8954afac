import CImageLibs

/// WebP decoding through libwebp: still pictures (lossy or lossless, with or without alpha) and the first frame of
/// an animated WebP (through libwebpdemux's animation decoder, which composes the frame on the full canvas).
///
/// The bitstream features are read first and the canvas size checked against the pixel budget before anything
/// is allocated. Transparent parts are laid over white.
enum WebPDecoder {
    /// The decoded picture (not yet oriented) and its EXIF orientation from an `EXIF` chunk.
    static func decode(_ bytes: [UInt8], name: String, pixelBudget: Int) throws(PhotoError) -> DecodedPicture {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            throw status == VP8_STATUS_NOT_ENOUGH_DATA
                ? .truncated(file: name, format: .webp)
                : .invalidHeader(file: name, format: .webp, detail: words(status))
        }
        let (width, height) = (Int(features.width), Int(features.height))
        guard width > 0, height > 0 else {
            throw .invalidHeader(file: name, format: .webp, detail: "it gives a size of \(width)×\(height)")
        }
        guard width * height <= pixelBudget else {
            throw .tooManyPixels(file: name, width: width, height: height, budget: pixelBudget)
        }
        let image =
            features.has_animation != 0
            ? try firstFrame(bytes, name: name, width: width, height: height)
            : try still(bytes, name: name, width: width, height: height, alpha: features.has_alpha != 0)
        return DecodedPicture(
            image: image, originalWidth: width, originalHeight: height,
            orientation: EXIFOrientation.inWebP(bytes) ?? 1)
    }

    private static func still(_ bytes: [UInt8], name: String, width: Int, height: Int, alpha: Bool) throws(PhotoError)
        -> RGBImage
    {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw .corrupt(file: name, format: .webp, detail: "the WebP decoder could not start")
        }
        let channels = alpha ? 4 : 3
        var pixels = [UInt8](repeating: 0, count: width * height * channels)
        let status = pixels.withUnsafeMutableBufferPointer { target in
            config.output.colorspace = alpha ? MODE_RGBA : MODE_RGB
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = target.baseAddress
            config.output.u.RGBA.stride = Int32(width * channels)
            config.output.u.RGBA.size = target.count
            defer { WebPFreeDecBuffer(&config.output) }
            return bytes.withUnsafeBufferPointer { WebPDecode($0.baseAddress, $0.count, &config) }
        }
        guard status == VP8_STATUS_OK else {
            throw status == VP8_STATUS_NOT_ENOUGH_DATA
                ? .truncated(file: name, format: .webp) : .corrupt(file: name, format: .webp, detail: words(status))
        }
        guard alpha else { return RGBImage(width: width, height: height, pixels: pixels) }
        return pixels.withUnsafeBufferPointer {
            RGBImage.compositingOverWhite(rgba: $0, width: width, height: height, rowStride: width * 4)
        }
    }

    private static func firstFrame(_ bytes: [UInt8], name: String, width: Int, height: Int) throws(PhotoError)
        -> RGBImage
    {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PhotoError) -> RGBImage in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else {
                throw .corrupt(file: name, format: .webp, detail: "the animation decoder could not start")
            }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&data, &options) else {
                throw .corrupt(file: name, format: .webp, detail: "the animation's frames cannot be read")
            }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0, Int(info.canvas_width) == width,
                Int(info.canvas_height) == height
            else {
                throw .invalidHeader(file: name, format: .webp, detail: "the animation's canvas size is inconsistent")
            }
            var frame: UnsafeMutablePointer<UInt8>? = nil
            var timestamp: Int32 = 0
            guard WebPAnimDecoderGetNext(decoder, &frame, &timestamp) != 0, let frame else {
                throw .corrupt(file: name, format: .webp, detail: "the first frame of the animation cannot be decoded")
            }
            return RGBImage.compositingOverWhite(
                rgba: UnsafeBufferPointer(start: frame, count: width * height * 4), width: width, height: height,
                rowStride: width * 4)
        }
    }

    private static func words(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: "out of memory"
        case VP8_STATUS_INVALID_PARAM: "an invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: "the bitstream is malformed"
        case VP8_STATUS_UNSUPPORTED_FEATURE: "it uses a feature libwebp does not support"
        case VP8_STATUS_SUSPENDED: "decoding was suspended"
        case VP8_STATUS_USER_ABORT: "decoding was aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: "the data ends early"
        default: "status \(status.rawValue)"
        }
    }
}

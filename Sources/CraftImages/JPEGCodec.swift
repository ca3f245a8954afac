import CImageLibs

/// JPEG decoding and encoding through TurboJPEG.
///
/// Decoding uses TurboJPEG's DCT scaling (1/8 … 8/8) so a 12-megapixel photo meant for a 1024-pixel result is
/// decoded at a fraction of its size. Two TurboJPEG habits are guarded against: its header call reports 0×0 with
/// success for garbage (so the marker walk of `JPEGStructure` must find a frame first), and a truncated file
/// decodes with grey fill and only a warning (so "Premature end" warnings are errors, other warnings are not).
enum JPEGCodec {
    /// Decodes `bytes`, scaled down by the largest DCT factor that keeps the long side ≥ `targetDimension`.
    static func decode(_ bytes: [UInt8], name: String, targetDimension: Int, pixelBudget: Int) throws(PhotoError)
        -> DecodedPicture
    {
        let structure = JPEGStructure(scanning: bytes)
        guard let frame = structure.frame else {
            throw structure.endedEarly
                ? .truncated(file: name, format: .jpeg)
                : .invalidHeader(file: name, format: .jpeg, detail: "no frame header before the picture data")
        }
        guard frame.width > 0, frame.height > 0 else {
            throw .invalidHeader(file: name, format: .jpeg, detail: "it gives a size of \(frame.width)×\(frame.height)")
        }
        guard frame.width * frame.height <= pixelBudget else {
            throw .tooManyPixels(file: name, width: frame.width, height: frame.height, budget: pixelBudget)
        }
        guard frame.precision == 8 else {
            throw .corrupt(file: name, format: .jpeg, detail: "\(frame.precision)-bit samples are not supported")
        }
        guard structure.reachedScan else {
            throw structure.endedEarly
                ? .truncated(file: name, format: .jpeg)
                : .invalidHeader(file: name, format: .jpeg, detail: "a damaged marker segment")
        }

        guard let handle = tjInitDecompress() else {
            throw .corrupt(file: name, format: .jpeg, detail: "the JPEG decoder could not start")
        }
        defer { tjDestroy(handle) }
        var (width, height, subsampling, colourspace): (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        guard tjDecompressHeader3(handle, bytes, UInt(bytes.count), &width, &height, &subsampling, &colourspace) == 0,
            width > 0, height > 0
        else {
            throw .invalidHeader(file: name, format: .jpeg, detail: errorWords(handle))
        }
        guard Int(width) * Int(height) <= pixelBudget else {
            throw .tooManyPixels(file: name, width: Int(width), height: Int(height), budget: pixelBudget)
        }
        let factor = scalingFactor(width: Int(width), height: Int(height), target: targetDimension)
        let scaledWidth = (Int(width) * factor.num + factor.denom - 1) / factor.denom
        let scaledHeight = (Int(height) * factor.num + factor.denom - 1) / factor.denom
        let isCMYK = colourspace == Int32(TJCS_CMYK.rawValue) || colourspace == Int32(TJCS_YCCK.rawValue)
        let channels = isCMYK ? 4 : 3
        let format = isCMYK ? TJPF_CMYK : TJPF_RGB
        var pixels = [UInt8](repeating: 0, count: scaledWidth * scaledHeight * channels)
        let run = { (flags: Int32) -> (status: Int32, words: String) in
            let status = pixels.withUnsafeMutableBufferPointer { target in
                tjDecompress2(
                    handle, bytes, UInt(bytes.count), target.baseAddress, Int32(scaledWidth),
                    Int32(scaledWidth * channels), Int32(scaledHeight), Int32(format.rawValue), flags)
            }
            return (status, status == 0 ? "" : errorWords(handle))
        }
        // Stop at the first warning to see which it is; only a known-harmless one earns a second, tolerant pass.
        // Fast upsampling of the chroma planes costs nothing visible once the picture is shrunk for a model.
        var attempt = run(TJFLAG_STOPONWARNING | TJFLAG_FASTUPSAMPLE)
        if attempt.status != 0, isHarmless(attempt.words) { attempt = run(TJFLAG_FASTUPSAMPLE) }
        if attempt.status != 0, !isHarmless(attempt.words) {
            throw attempt.words.lowercased().contains("premature end of jpeg file")
                ? .truncated(file: name, format: .jpeg) : .corrupt(file: name, format: .jpeg, detail: attempt.words)
        }
        let image =
            isCMYK
            ? cmykToRGB(pixels, width: scaledWidth, height: scaledHeight, inverted: structure.hasAdobeMarker)
            : RGBImage(width: scaledWidth, height: scaledHeight, pixels: pixels)
        return DecodedPicture(
            image: image, originalWidth: Int(width), originalHeight: Int(height),
            orientation: structure.orientation ?? 1)
    }

    /// The picture as a baseline JPEG at `quality` (1…100) with 4:2:0 chroma, the form every backend accepts.
    static func encode(_ image: RGBImage, quality: Int) -> [UInt8] {
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let status = image.pixels.withUnsafeBufferPointer { source in
            tjCompress2(
                handle, source.baseAddress, Int32(image.width), Int32(image.width * 3), Int32(image.height),
                Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        }
        defer { tjFree(output) }
        guard status == 0, let output else { return [] }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// The smallest DCT scaling factor (n/8) whose result still has a long side of at least `target` pixels.
    static func scalingFactor(width: Int, height: Int, target: Int) -> (num: Int, denom: Int) {
        var count: Int32 = 0
        guard let factors = tjGetScalingFactors(&count) else { return (1, 1) }
        let longSide = max(width, height)
        var best = (num: 1, denom: 1)
        for factor in UnsafeBufferPointer(start: factors, count: Int(count)) {
            let (num, denom) = (Int(factor.num), Int(factor.denom))
            guard num <= denom else { continue }
            let scaled = (longSide * num + denom - 1) / denom
            if scaled >= target, num * best.denom < best.num * denom { best = (num, denom) }
        }
        return best
    }

    /// CMYK samples as RGB by the plain formula (no colour profile): enough to see and describe the colours.
    private static func cmykToRGB(_ cmyk: [UInt8], width: Int, height: Int, inverted: Bool) -> RGBImage {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for pixel in 0..<(width * height) {
            let ink = (0..<4).map { Int(cmyk[pixel * 4 + $0]) }
            let (c, m, y, k) = inverted ? (ink[0], ink[1], ink[2], ink[3]) : (255 - ink[0], 255 - ink[1], 255 - ink[2], 255 - ink[3])
            rgb[pixel * 3] = UInt8(c * k / 255)
            rgb[pixel * 3 + 1] = UInt8(m * k / 255)
            rgb[pixel * 3 + 2] = UInt8(y * k / 255)
        }
        return RGBImage(width: width, height: height, pixels: rgb)
    }

    /// Whether a libjpeg warning leaves the picture intact: junk before a marker (cameras append it), odd
    /// progression or JFIF/Adobe/ICC bookkeeping. Premature ends, bad Huffman codes and lost restart markers do not.
    static func isHarmless(_ words: String) -> Bool {
        let lowered = words.lowercased()
        return ["extraneous bytes before marker", "invalid sos parameters", "inconsistent progression sequence",
                "unknown jfif revision", "unknown adobe color transform", "bad icc marker", "thumbnail image size"]
            .contains { lowered.contains($0) }
    }

    private static func errorWords(_ handle: tjhandle) -> String {
        String(cString: tjGetErrorStr2(handle))
    }
}

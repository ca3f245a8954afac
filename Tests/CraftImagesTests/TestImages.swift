import CImageLibs
@testable import CraftImages
import CraftTesting
import Foundation

/// Pictures and image files the image tests make for themselves: synthetic pixels, and JPEG, PNG, WebP and HEIC
/// encodings of them (with EXIF orientation where the format has it), so no test depends on a committed file.
enum TestImages {
    /// An asymmetric picture: four coloured quadrants of different sizes, so any wrong mirror or turn shows.
    static func quadrants(width: Int = 48, height: Int = 32) -> RGBImage {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let left = x < width / 3
                let top = y < height / 4
                let colour: [UInt8] =
                    switch (left, top) {
                    case (true, true): [220, 20, 60]
                    case (false, true): [20, 30, 110]
                    case (true, false): [255, 248, 210]
                    case (false, false): [30, 150, 50]
                    }
                pixels += colour
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// Horizontal bands of the given colours, each covering its share of the rows.
    static func bands(_ bands: [(colour: (UInt8, UInt8, UInt8), share: Double)], width: Int = 200, height: Int = 200)
        -> RGBImage
    {
        var pixels: [UInt8] = []
        var row = 0
        for (index, band) in bands.enumerated() {
            let rows = index == bands.count - 1 ? height - row : Int((band.share * Double(height)).rounded())
            for _ in 0..<(rows * width) { pixels += [band.colour.0, band.colour.1, band.colour.2] }
            row += rows
        }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    /// A JPEG of `image`; with `orientation`, an APP1 EXIF segment carrying that tag follows the SOI marker.
    static func jpeg(_ image: RGBImage, quality: Int = 95, orientation: Int? = nil, bigEndian: Bool = false) -> [UInt8] {
        let encoded = JPEGCodec.encode(image, quality: quality)
        guard let orientation else { return encoded }
        let tiff = exifTIFF(orientation: orientation, bigEndian: bigEndian)
        let payload = EXIFOrientation.exifPrefix + tiff
        let length = payload.count + 2
        return Array(encoded[0..<2]) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
            + Array(encoded[2...])
    }

    /// A TIFF structure with one directory holding one entry: the orientation tag as a SHORT.
    static func exifTIFF(orientation: Int, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ value: Int) -> [UInt8] {
            bigEndian ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value & 0xFF), UInt8(value >> 8)]
        }
        func u32(_ value: Int) -> [UInt8] {
            let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
            return bigEndian ? bytes.reversed() : bytes
        }
        let order: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        return order + u16(42) + u32(8) + u16(1) + u16(0x0112) + u16(3) + u32(1) + u16(orientation) + u16(0) + u32(0)
    }

    /// A PNG of `image` (8-bit RGB, or 16-bit when `sixteenBit`); with `orientation`, an `eXIf` chunk after IHDR.
    static func png(_ image: RGBImage, orientation: Int? = nil, sixteenBit: Bool = false) -> [UInt8] {
        var png = png_image()
        png.version = UInt32(PNG_IMAGE_VERSION)
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = sixteenBit ? 2 | 4 : 2  // PNG_FORMAT_FLAG_COLOR, | PNG_FORMAT_FLAG_LINEAR for 16-bit
        var source: [UInt8] = image.pixels
        if sixteenBit {
            source = image.pixels.flatMap { value -> [UInt8] in
                let linear = UInt16((pow(Double(value) / 255, 2.2) * 65535).rounded())
                return withUnsafeBytes(of: linear) { Array($0) }
            }
        }
        var size = 0
        let stride = Int32(image.width * 3)
        png_image_write_to_memory(&png, nil, &size, 0, source, stride, nil)
        var out = [UInt8](repeating: 0, count: size)
        png_image_write_to_memory(&png, &out, &size, 0, source, stride, nil)
        out.removeSubrange(size...)
        guard let orientation else { return out }
        return Array(out[0..<33]) + chunk("eXIf", exifTIFF(orientation: orientation, bigEndian: true)) + Array(out[33...])
    }

    /// One PNG chunk: length, type, data, CRC-32 over type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        let length = UInt32(data.count)
        let crc = crc32(body)
        return (0..<4).map { UInt8((length >> (24 - 8 * UInt32($0))) & 0xFF) } + body
            + (0..<4).map { UInt8((crc >> (24 - 8 * UInt32($0))) & 0xFF) }
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// A still WebP of `image`, lossless or lossy.
    static func webp(_ image: RGBImage, lossless: Bool = true) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>? = nil
        let size =
            lossless
            ? WebPEncodeLosslessRGB(image.pixels, Int32(image.width), Int32(image.height), Int32(image.width * 3), &output)
            : WebPEncodeRGB(image.pixels, Int32(image.width), Int32(image.height), Int32(image.width * 3), 90, &output)
        defer { WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// An animated WebP of `frames` (same size each), built by wrapping lossless frames in ANIM/ANMF chunks.
    static func animatedWebP(_ frames: [RGBImage]) -> [UInt8] {
        let (width, height) = (frames[0].width, frames[0].height)
        func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        func riffChunk(_ fourCC: String, _ data: [UInt8]) -> [UInt8] {
            Array(fourCC.utf8) + le(data.count, 4) + data + (data.count % 2 == 1 ? [0] : [])
        }
        var body = riffChunk("VP8X", [0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3))
        body += riffChunk("ANIM", [255, 255, 255, 255] + le(0, 2))
        for frame in frames {
            let still = webp(frame)
            let bitstream = Array(still[12...])  // the VP8L chunk, header included
            body += riffChunk("ANMF", le(0, 3) + le(0, 3) + le(width - 1, 3) + le(height - 1, 3) + le(100, 3) + [0] + bitstream)
        }
        return Array("RIFF".utf8) + le(body.count + 4, 4) + Array("WEBP".utf8) + body
    }

    /// A HEIC of `image` through libheif's HEVC encoder, or nil when this libheif has no HEVC encoder.
    static func heic(_ image: RGBImage) -> [UInt8]? {
        guard heif_have_encoder_for_format(heif_compression_HEVC) != 0, let context = heif_context_alloc() else { return nil }
        defer { heif_context_free(context) }
        var encoder: OpaquePointer? = nil
        guard heif_context_get_encoder_for_format(context, heif_compression_HEVC, &encoder).code == heif_error_Ok else {
            return nil
        }
        defer { heif_encoder_release(encoder) }
        heif_encoder_set_lossy_quality(encoder, 90)
        var picture: OpaquePointer? = nil
        heif_image_create(Int32(image.width), Int32(image.height), heif_colorspace_RGB, heif_chroma_interleaved_RGB, &picture)
        defer { heif_image_release(picture) }
        heif_image_add_plane(picture, heif_channel_interleaved, Int32(image.width), Int32(image.height), 8)
        var stride: Int32 = 0
        let plane = heif_image_get_plane(picture, heif_channel_interleaved, &stride)!
        for y in 0..<image.height {
            for index in 0..<(image.width * 3) { plane[y * Int(stride) + index] = image.pixels[y * image.width * 3 + index] }
        }
        guard heif_context_encode_image(context, picture, encoder, nil, nil).code == heif_error_Ok else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("origami-\(UUID().uuidString).heic").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard heif_context_write_to_file(context, path).code == heif_error_Ok else { return nil }
        return FileManager.default.contents(atPath: path).map { Array($0) }
    }

    /// The largest difference of any channel of any pixel between two pictures of the same size.
    static func maximumDifference(_ a: RGBImage, _ b: RGBImage) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    /// The sum of the channel differences between two colours.
    static func colourDistance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let red = abs(Int(a.0) - Int(b.0))
        let green = abs(Int(a.1) - Int(b.1))
        let blue = abs(Int(a.2) - Int(b.2))
        return red + green + blue
    }

    /// The mean absolute difference per channel between two pictures of the same size.
    static func meanDifference(_ a: RGBImage, _ b: RGBImage) -> Double {
        Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(max(1, a.pixels.count))
    }
}

extension TestImages {
    /// Many short curved strands in every direction on a mid-tone ground, like a close view of yarn.
    static func fibres(size: Int) -> RGBImage {
        var image = RGBImage(width: size, height: size, filledWith: (150, 60, 70))
        var random = SplitMix(seed: 42)
        func unit() -> Double { Double(random.next() % 10_000) / 10_000 }
        for _ in 0..<(size * 3) {
            var (x, y) = (unit() * Double(size), unit() * Double(size))
            var angle = unit() * 2 * .pi
            let bend = (unit() - 0.5) * 0.3
            let shade: UInt8 = unit() < 0.5 ? 230 : 70
            for _ in 0..<20 {
                let (px, py) = (Int(x), Int(y))
                if px >= 0, py >= 0, px < size, py < size {
                    let index = (py * size + px) * 3
                    image.pixels[index] = shade
                    image.pixels[index + 1] = shade / 2
                    image.pixels[index + 2] = shade / 2
                }
                x += cos(angle)
                y += sin(angle)
                angle += bend
            }
        }
        return image
    }
}

extension TestImages {
    /// A CMYK (YCCK, Adobe-marked) JPEG of solid red ink values as Adobe software stores them (inverted).
    static func cmykJPEG(width: Int, height: Int) -> [UInt8] {
        let inks = [UInt8]((0..<(width * height)).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        tjCompress2(handle, inks, Int32(width), Int32(width * 4), Int32(height), Int32(TJPF_CMYK.rawValue), &output, &size,
                    Int32(TJSAMP_444.rawValue), 95, 0)
        defer { tjFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    /// A JPEG whose EXIF directory offset points far past the end of its block.
    static func jpegWithBrokenEXIF(_ image: RGBImage) -> [UInt8] {
        var file = jpeg(image, orientation: 6)
        let tiffStart = 2 + 4 + EXIFOrientation.exifPrefix.count
        file.replaceSubrange((tiffStart + 4)..<(tiffStart + 8), with: [0x00, 0xFF, 0xFF, 0x7F])
        return file
    }

    /// A PNG signature, an IHDR chunk claiming `width × height` RGB, a scrap of image data and the end chunk.
    static func pngHeaderOnly(width: Int, height: Int) -> [UInt8] {
        let be = { (value: Int) in (0..<4).map { UInt8((value >> (24 - 8 * $0)) & 0xFF) } }
        let header = be(width) + be(height) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header)
            + chunk("IDAT", [0x78, 0x9C, 0x63, 0x60, 0x00, 0x00, 0x00, 0x02, 0x00, 0x01]) + chunk("IEND", [])
    }

    /// A WebP container with only an extended header (animation flag set) claiming a `width × height` canvas.
    static func webpCanvasOnly(width: Int, height: Int) -> [UInt8] {
        let le = { (value: Int, count: Int) in (0..<count).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        let vp8x = Array("VP8X".utf8) + le(10, 4) + [0x02, 0, 0, 0] + le(width - 1, 3) + le(height - 1, 3)
        let anim = Array("ANIM".utf8) + le(6, 4) + [0, 0, 0, 0, 0, 0]
        let body = Array("WEBP".utf8) + vp8x + anim
        return Array("RIFF".utf8) + le(body.count, 4) + body
    }
}

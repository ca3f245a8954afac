/// A picture as 8-bit RGB pixels, row by row, three bytes a pixel, no padding.
///
/// It is the one pixel type between the decoders, orientation, resizing, the JPEG encoder and the colour analysis,
/// so each of those is a plain function over values that tests build without files.
public struct RGBImage: Sendable, Hashable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 3` bytes: red, green, blue for each pixel, top row first.
    public var pixels: [UInt8]

    /// Creates an image from its pixel bytes; `pixels.count` must be `width × height × 3`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 3, "pixel count mismatch")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour.
    public init(width: Int, height: Int, filledWith colour: (UInt8, UInt8, UInt8)) {
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) {
            pixels[index] = colour.0
            pixels[index + 1] = colour.1
            pixels[index + 2] = colour.2
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The colour at column `x`, row `y`.
    public func pixel(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
        let index = (y * width + x) * 3
        return (pixels[index], pixels[index + 1], pixels[index + 2])
    }

    /// The image turned upright for an EXIF orientation (1…8): the way a viewer shows a photo whose camera was
    /// held sideways. Orientations 5–8 swap width and height; any other value leaves the image as it is.
    public func applyingOrientation(_ orientation: Int) -> RGBImage {
        guard (2...8).contains(orientation) else { return self }
        let (w, h) = (width, height)
        let swaps = orientation >= 5
        let (outWidth, outHeight) = swaps ? (h, w) : (w, h)
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                var write = 0
                for y in 0..<outHeight {
                    for x in 0..<outWidth {
                        let (sx, sy): (Int, Int) =
                            switch orientation {
                            case 2: (w - 1 - x, y)
                            case 3: (w - 1 - x, h - 1 - y)
                            case 4: (x, h - 1 - y)
                            case 5: (y, x)
                            case 6: (y, h - 1 - x)
                            case 7: (w - 1 - y, h - 1 - x)
                            default: (w - 1 - y, x)
                            }
                        let read = (sy * w + sx) * 3
                        target[write] = source[read]
                        target[write + 1] = source[read + 1]
                        target[write + 2] = source[read + 2]
                        write += 3
                    }
                }
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: out)
    }

    /// RGBA pixels composited over white into RGB, so transparent parts of a PNG or WebP look like paper.
    static func compositingOverWhite(
        rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int, rowStride: Int
    ) -> RGBImage {
        var out = [UInt8](repeating: 0, count: width * height * 3)
        out.withUnsafeMutableBufferPointer { target in
            var write = 0
            for y in 0..<height {
                var read = y * rowStride
                for _ in 0..<width {
                    let alpha = Int(rgba[read + 3])
                    for channel in 0..<3 {
                        let value = Int(rgba[read + channel])
                        target[write + channel] = UInt8((value * alpha + 255 * (255 - alpha) + 127) / 255)
                    }
                    read += 4
                    write += 3
                }
            }
        }
        return RGBImage(width: width, height: height, pixels: out)
    }
}

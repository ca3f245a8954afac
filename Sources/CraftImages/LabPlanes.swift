import Foundation

/// A small picture as three planes of L*a*b* values, the form the scene analysis measures on.
///
/// Planes of `Float` rather than pixels of colour values, so that blurring, distances and gradients are plain loops
/// over arrays; the scene analysis works on a copy of about 320 pixels on its long side, where they are cheap.
struct LabPlanes: Sendable {
    let width: Int
    let height: Int
    /// Lightness, 0 … 100, row by row.
    var l: [Float]
    /// Green (negative) to red (positive).
    var a: [Float]
    /// Blue (negative) to yellow (positive).
    var b: [Float]

    /// The planes of an 8-bit sRGB picture.
    init(_ image: RGBImage) {
        width = image.width
        height = image.height
        let count = width * height
        var (l, a, b) = ([Float](repeating: 0, count: count), [Float](repeating: 0, count: count),
                         [Float](repeating: 0, count: count))
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in 0..<count {
                let lab = Self.lab(pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2])
                (l[index], a[index], b[index]) = lab
            }
        }
        (self.l, self.a, self.b) = (l, a, b)
    }

    init(width: Int, height: Int, l: [Float], a: [Float], b: [Float]) {
        self.width = width
        self.height = height
        self.l = l
        self.a = a
        self.b = b
    }

    var count: Int { width * height }

    /// The planes averaged over a square of `2 × radius + 1` pixels around each pixel (clamped at the edges).
    func blurred(radius: Int) -> LabPlanes {
        guard radius > 0 else { return self }
        return LabPlanes(
            width: width, height: height, l: Self.boxBlur(l, width: width, height: height, radius: radius),
            a: Self.boxBlur(a, width: width, height: height, radius: radius),
            b: Self.boxBlur(b, width: width, height: height, radius: radius))
    }

    /// The colour at one pixel index.
    func colour(at index: Int) -> LabColour {
        LabColour(l: Double(l[index]), a: Double(a[index]), b: Double(b[index]))
    }

    /// The Sobel gradient of lightness at every pixel, in L* units per pixel (0 on the outermost pixels).
    func lightnessGradient() -> [Float] {
        Self.gradient(of: l, width: width, height: height)
    }

    /// The Sobel gradient magnitude of a plane at every pixel, in its units per pixel (0 on the outermost pixels).
    static func gradient(of plane: [Float], width: Int, height: Int) -> [Float] {
        var out = [Float](repeating: 0, count: plane.count)
        guard width >= 3, height >= 3 else { return out }
        plane.withUnsafeBufferPointer { l in
            for y in 1..<(height - 1) {
                for x in 1..<(width - 1) {
                    let i = y * width + x
                    let (up, down) = (i - width, i + width)
                    let gx = (l[up + 1] + 2 * l[i + 1] + l[down + 1]) - (l[up - 1] + 2 * l[i - 1] + l[down - 1])
                    let gy = (l[down - 1] + 2 * l[down] + l[down + 1]) - (l[up - 1] + 2 * l[up] + l[up + 1])
                    out[i] = (gx * gx + gy * gy).squareRoot() / 4
                }
            }
        }
        return out
    }

    /// Only the lightness plane of an 8-bit sRGB picture (a third of the work of all three planes).
    static func lightness(of image: RGBImage) -> [Float] {
        var out = [Float](repeating: 0, count: image.width * image.height)
        image.pixels.withUnsafeBufferPointer { pixels in
            for index in out.indices {
                let y = 0.212_672_9 * linear[Int(pixels[index * 3])] + 0.715_152_2 * linear[Int(pixels[index * 3 + 1])]
                    + 0.072_175_0 * linear[Int(pixels[index * 3 + 2])]
                out[index] = 116 * f(y) - 16
            }
        }
        return out
    }

    /// A separable box blur with edge clamping, by running sums: the cost does not grow with the radius.
    static func boxBlur(_ plane: [Float], width: Int, height: Int, radius: Int) -> [Float] {
        var across = [Float](repeating: 0, count: plane.count)
        var out = [Float](repeating: 0, count: plane.count)
        let window = Float(2 * radius + 1)
        plane.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let row = y * width
                var sum: Float = 0
                for dx in -radius...radius { sum += source[row + min(width - 1, max(0, dx))] }
                for x in 0..<width {
                    across[row + x] = sum / window
                    sum += source[row + min(width - 1, x + radius + 1)] - source[row + max(0, x - radius)]
                }
            }
        }
        for x in 0..<width {
            var sum: Float = 0
            for dy in -radius...radius { sum += across[min(height - 1, max(0, dy)) * width + x] }
            for y in 0..<height {
                out[y * width + x] = sum / window
                sum += across[min(height - 1, y + radius + 1) * width + x] - across[max(0, y - radius) * width + x]
            }
        }
        return out
    }

    /// L*a*b* of an sRGB colour in single precision, through a table for sRGB's curve.
    static func lab(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> (Float, Float, Float) {
        let (r, g, b) = (linear[Int(red)], linear[Int(green)], linear[Int(blue)])
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83
        let (fx, fy, fz) = (f(x), f(y), f(z))
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    /// CIE's f (a cube root above a small linear part), from a table with linear interpolation: within 1e-4 of
    /// the exact value (a hundredth of an L* unit), at a fraction of the cost of `cbrtf` on every pixel.
    private static func f(_ t: Float) -> Float {
        let position = max(0, min(1, t)) * Float(cubeRoots.count - 2)
        let index = Int(position)
        let fraction = position - Float(index)
        return cubeRoots[index] + (cubeRoots[index + 1] - cubeRoots[index]) * fraction
    }

    private static let cubeRoots: [Float] = (0...8192).map { step in
        let t = Float(step) / 8191
        return t > 216.0 / 24389.0 ? cbrtf(t) : (24389.0 / 27.0 * t + 16) / 116
    }

    private static let linear: [Float] = (0..<256).map { value in
        let c = Float(value) / 255
        return c <= 0.040_45 ? c / 12.92 : powf((c + 0.055) / 1.055, 2.4)
    }
}

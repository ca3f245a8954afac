import Foundation

/// A colour in CIE L*a*b* (D65 white), the space where equal distances look like roughly equal differences, so
/// clustering and naming colours there matches what a person sees better than doing it on RGB numbers.
public struct LabColour: Sendable, Hashable {
    /// Lightness, 0 (black) to 100 (white).
    public var l: Double
    /// Green (negative) to red (positive).
    public var a: Double
    /// Blue (negative) to yellow (positive).
    public var b: Double

    /// Creates a colour from its L*a*b* coordinates.
    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The L*a*b* colour of an 8-bit sRGB colour.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let (r, g, b) = (Self.linear[Int(red)], Self.linear[Int(green)], Self.linear[Int(blue)])
        let x = (0.412_456_4 * r + 0.357_576_1 * g + 0.180_437_5 * b) / 0.950_47
        let y = 0.212_672_9 * r + 0.715_152_2 * g + 0.072_175_0 * b
        let z = (0.019_333_9 * r + 0.119_192_0 * g + 0.950_304_1 * b) / 1.088_83
        let (fx, fy, fz) = (Self.f(x), Self.f(y), Self.f(z))
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// Chroma: how far from grey the colour is.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// Hue angle in degrees, 0…360 (0 toward red, 90 toward yellow).
    public var hue: Double {
        let degrees = atan2(b, a) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }

    /// The CIE94 colour difference from `reference` (graphic-arts weights); about 2 is a just-noticeable difference.
    public func difference(from reference: LabColour) -> Double {
        let deltaL = l - reference.l
        let (c1, c2) = (reference.chroma, chroma)
        let deltaC = c1 - c2
        let (deltaA, deltaB) = (reference.a - a, reference.b - b)
        let deltaH2 = max(0, deltaA * deltaA + deltaB * deltaB - deltaC * deltaC)
        let sc = 1 + 0.045 * c1
        let sh = 1 + 0.015 * c1
        return (deltaL * deltaL + (deltaC / sc) * (deltaC / sc) + deltaH2 / (sh * sh)).squareRoot()
    }

    /// Squared straight-line (CIE76) distance, the cheap measure k-means clusters by.
    func squaredDistance(to other: LabColour) -> Double {
        let (dl, da, db) = (l - other.l, a - other.a, b - other.b)
        return dl * dl + da * da + db * db
    }

    private static func f(_ t: Double) -> Double {
        t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
    }

    /// sRGB's transfer curve undone for each 8-bit value.
    private static let linear: [Double] = (0..<256).map { value in
        let c = Double(value) / 255
        return c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
}

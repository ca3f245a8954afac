import Foundation

/// The coarse surface character of a picture, the way a person would tell paper from yarn from printed fabric.
public enum Texture: String, Sendable, Hashable, Codable, CaseIterable {
    /// Large even areas with few, straight edges: paper, card, a plain table.
    case flat
    /// Dense fine edges running in every direction: yarn, felt, fur.
    case fibrous
    /// Dense edges in one or two directions repeating: stripes, checks, weaves.
    case patterned
}

/// What origami measures on a picture to describe it in words: dominant colours, brightness, contrast, texture.
///
/// A plain value computed from pixels, so it can be tested on synthetic images without files.
public struct PhotoAnalysis: Sendable, Hashable {
    /// The dominant colours, largest share first.
    public var colours: [PaletteColour]
    /// The mean lightness (L*), 0 black … 100 white.
    public var brightness: Double
    /// The spread of lightness (standard deviation of L*); below about 12 looks flat, above about 28 punchy.
    public var contrast: Double
    /// The fraction of pixels on a noticeable edge (after shrinking the picture to at most 256 pixels).
    public var edgeDensity: Double
    /// The share of edge strength in the two strongest of twelve edge directions (1/6 when edges run every way).
    public var directionality: Double
    /// The texture class derived from `edgeDensity` and `directionality`.
    public var texture: Texture

    /// Measures `image`.
    public init(of image: RGBImage) {
        colours = Palette.dominantColours(in: image)
        let small = image.resized(toFit: 256)
        var lightness = [Double](repeating: 0, count: small.width * small.height)
        var sum = 0.0
        for pixel in lightness.indices {
            let lab = LabColour(red: small.pixels[pixel * 3], green: small.pixels[pixel * 3 + 1], blue: small.pixels[pixel * 3 + 2])
            lightness[pixel] = lab.l
            sum += lab.l
        }
        let count = Double(max(1, lightness.count))
        brightness = sum / count
        let mean = brightness
        contrast = (lightness.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / count).squareRoot()
        (edgeDensity, directionality) = Self.edges(lightness, width: small.width, height: small.height)
        texture =
            edgeDensity < Self.flatEdgeDensity ? .flat : directionality >= Self.patternDirectionality ? .patterned : .fibrous
    }

    static let flatEdgeDensity = 0.12
    static let patternDirectionality = 0.5
    static let edgeThreshold = 8.0

    /// The edge density and directionality of a lightness map, from Sobel gradients.
    static func edges(_ lightness: [Double], width: Int, height: Int) -> (density: Double, directionality: Double) {
        guard width >= 3, height >= 3 else { return (0, 0) }
        var bins = [Double](repeating: 0, count: 12)
        var edgePixels = 0
        for y in 1..<(height - 1) {
            for x in 1..<(width - 1) {
                let at = { (dx: Int, dy: Int) in lightness[(y + dy) * width + x + dx] }
                let gx = (at(1, -1) + 2 * at(1, 0) + at(1, 1)) - (at(-1, -1) + 2 * at(-1, 0) + at(-1, 1))
                let gy = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
                let magnitude = (gx * gx + gy * gy).squareRoot() / 4
                guard magnitude > edgeThreshold else { continue }
                edgePixels += 1
                var angle = atan2(gy, gx)
                if angle < 0 { angle += .pi }
                bins[min(11, Int(angle / .pi * 12))] += magnitude
            }
        }
        let inner = Double((width - 2) * (height - 2))
        let total = bins.reduce(0, +)
        let topTwo = bins.sorted(by: >).prefix(2).reduce(0, +)
        return (Double(edgePixels) / inner, total > 0 ? topTwo / total : 0)
    }
}

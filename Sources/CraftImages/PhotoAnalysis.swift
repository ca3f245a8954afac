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

/// What origami measures on a picture to describe it in words: the objects on the surface (`scene`), and for the
/// picture as a whole its dominant colours, brightness, contrast and texture.
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
    /// The fraction of the picture (in 8×8 tiles) dense with fine edges: yarn, fabric, fur, rather than a few
    /// outlines of flat things.
    public var texturedShare: Double
    /// How strongly the textured tiles repeat themselves at a shift of a few pixels (normalised autocorrelation,
    /// averaged): near 1 for checks, stripes and dots, low for the random strands of yarn.
    public var periodicity: Double
    /// The texture of the picture's textured part: flat when under 6 % of the tiles are textured, otherwise
    /// patterned when the textured tiles mostly repeat, fibrous when they mostly do not. A yarn ball on a plain
    /// table is fibrous even though most of the picture is table.
    public var texture: Texture
    /// The surface and the separate objects on it.
    public var scene: PhotoScene

    /// Measures `image`.
    public init(of image: RGBImage) {
        // One shrunk copy serves all three measures; the scene shrinks it further for itself. The scene, the
        // longest, is measured on a thread of its own while the colours and the texture are.
        let copy = image.resized(toFit: 2 * PhotoScene.workingSize)
        let (measured, (dominant, small)) = inParallel(
            { PhotoScene(of: copy) }, { (Palette.dominantColours(in: copy), copy.resized(toFit: 256)) })
        scene = measured
        colours = dominant
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
        let grid = TextureGrid(lightness, width: small.width, height: small.height)
        edgeDensity = grid.edgeDensity
        let textured = grid.tiles.filter { $0.density >= Self.texturedDensity }
        texturedShare = Double(textured.count) / Double(max(1, grid.tiles.count))
        let repeating = textured.map { grid.periodicity(of: $0) }
        periodicity = repeating.isEmpty ? 0 : repeating.reduce(0, +) / Double(repeating.count)
        texture =
            texturedShare < Self.texturedShareFloor
            ? .flat : repeating.filter { $0 >= Self.patternPeriodicity }.count * 2 >= repeating.count ? .patterned : .fibrous
    }

    static let texturedDensity = 0.35
    static let texturedShareFloor = 0.06
    static let patternPeriodicity = 0.6
}

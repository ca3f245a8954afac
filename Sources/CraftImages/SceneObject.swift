import Foundation

/// One separate thing found lying on the surface of a photo, with what was measured about it.
public struct SceneObject: Sendable, Hashable {
    /// Its main colour names, the largest part first (one, or up to three for a print or a pattern).
    public var colours: [String]
    /// The share of the picture it covers, 0…1.
    public var share: Double
    /// Its centre as a fraction of the picture's width and height (0, 0 top left).
    public var centre: SIMD2<Double>
    /// Its outline.
    public var outline: Outline
    /// Its surface: flat like paper, finely textured (many fine edges: yarn, fur, grain), patterned like printed
    /// fabric; nil when it is too thin to tell (a needle).
    public var texture: Texture?
    /// Straight creases or fold lines across it (only on flat objects of one colour).
    public var creases: [Crease]
    /// The straight lines across it found when faint ones count too (a line a pixel or two wide, which a fold
    /// pressed flat leaves in even light), its creases among them as a rule: with `creases`, what a step's fold is
    /// checked against. The description names only `creases`: a print's thin lines (a horizon, a road) are faint
    /// lines too.
    public var faintLines: [Crease] = []
    /// Whether it touches another object: it was told apart by colour, so its outline may be partly hidden.
    public var touchesAnother: Bool
    /// The long side over the short side of the smallest rectangle around it, at any angle (1 for a square).
    public var aspect: Double = 1
    /// The straight sides of its outline (of the polygon through its corners), longest first; empty for a round
    /// or oval outline.
    public var sides: [OutlineSide] = []
    /// How far the most bowed of its long sides bows out, over that side's length
    /// (`OutlineMeasures.bow(sidesOfAtLeast:)`): near 0 for the straight edges folds leave, about 0.1 or more for the
    /// curved rim of an opened pocket.
    public var bow = 0.0
    /// Whether it reaches the edge of the picture: part of it may lie outside, so its outline may not be its own.
    public var reachesEdge = false
    /// The share of its pixels in one of the colours of the patterned surface it lies on (0 on a plain surface):
    /// such pixels are told from the pattern's cells only by lying in an area larger than one (`SurfacePattern`).
    public var patternShare = 0.0
    /// The colours of the objects it touches, told apart from it by colour only (each one's main colours): one
    /// sheet showing both its sides can be measured as two objects.
    public var touchingColours: [String] = []

    /// Creates an object.
    public init(
        colours: [String], share: Double, centre: SIMD2<Double>, outline: Outline, texture: Texture?,
        creases: [Crease] = [], touchesAnother: Bool = false, aspect: Double = 1
    ) {
        self.colours = colours
        self.share = share
        self.centre = centre
        self.outline = outline
        self.texture = texture
        self.creases = creases
        self.touchesAnother = touchesAnother
        self.aspect = aspect
    }

    /// Where it lies in the picture, in thirds: "in the upper left", "in the centre", "at the bottom", …
    public var position: String {
        let column = centre.x < 0.36 ? 0 : centre.x > 0.64 ? 2 : 1
        let row = centre.y < 0.36 ? 0 : centre.y > 0.64 ? 2 : 1
        return [
            ["in the upper left", "at the top", "in the upper right"],
            ["on the left", "in the centre", "on the right"],
            ["in the lower left", "at the bottom", "in the lower right"],
        ][row][column]
    }
}

/// One straight side of an object's outline.
public struct OutlineSide: Sendable, Hashable {
    /// Its angle in degrees, 0…180, measured as a crease's (0 horizontal, 90 vertical).
    public var angle: Double
    /// Its length over the outline's whole length, 0…1.
    public var share: Double

    /// Creates a side.
    public init(angle: Double, share: Double) {
        self.angle = angle
        self.share = share
    }
}

/// A straight line across a flat object: a crease, or the edge of a folded layer.
public struct Crease: Sendable, Hashable {
    /// The line's angle in degrees, 0…180, 0 horizontal, growing clockwise as seen (90 vertical).
    public var angle: Double
    /// Whether it passes near the object's centre.
    public var throughMiddle: Bool
    /// Its measured length over the object's size along that line, 0…1.
    public var extent: Double

    /// Creates a crease.
    public init(angle: Double, throughMiddle: Bool, extent: Double) {
        self.angle = angle
        self.throughMiddle = throughMiddle
        self.extent = extent
    }

    /// Its direction in words: "horizontal", "vertical", or the diagonal it runs along.
    public var direction: String {
        switch angle {
        case ..<20, 160...: "horizontal"
        case 70..<110: "vertical"
        case 20..<70: "diagonal, from upper left to lower right"
        default: "diagonal, from lower left to upper right"
        }
    }
}

extension OutlineSide {
    /// The sides of the closed polygon through `corners`, longest first.
    static func sides(of corners: [SIMD2<Double>]) -> [OutlineSide] {
        guard corners.count >= 3 else { return [] }
        let edges = corners.indices.map { corners[($0 + 1) % corners.count] - corners[$0] }
        let total = edges.reduce(0) { $0 + $1.length }
        guard total > 0 else { return [] }
        return edges.map { edge in
            var angle = atan2(edge.y, edge.x) * 180 / Double.pi
            if angle < 0 { angle += 180 }
            if angle >= 180 { angle -= 180 }
            return OutlineSide(angle: angle, share: edge.length / total)
        }.sorted { $0.share > $1.share }
    }
}

/// The flat outline a folded piece should have after a step, relative to the sheet it was folded from.
public struct ExpectedShape: Sendable, Hashable, Codable {
    /// The outline's name, as origami's photo measurement names outlines: square, rectangle, triangle,
    /// four-sided, five-sided, six-sided or long.
    public var outline: String
    /// The outline's area as a share of the starting sheet's area, in (0, 1].
    public var area: Double
    /// Long side over short side of the smallest rectangle around the outline (at any angle), when known.
    public var aspect: Double?

    /// Creates an expected shape.
    public init(outline: String, area: Double, aspect: Double? = nil) {
        self.outline = outline
        self.area = area
        self.aspect = aspect
    }

    /// The outline names a shape may have, with their number of straight sides.
    public static let sidesByOutline: [String: Int] = [
        "triangle": 3, "square": 4, "rectangle": 4, "four-sided": 4, "five-sided": 5, "six-sided": 6, "long": 4,
    ]

    /// How many straight sides the outline has (a long strip counts as four).
    public var sides: Int? { Self.sidesByOutline[outline] }

    /// The shape in words, e.g. "a triangle, half the sheet's area, twice as long as wide".
    public var words: String {
        var parts = [Self.article(outline) + " " + outline + " outline"]
        parts.append("about \(Self.percent(area)) of the sheet's area")
        if let aspect {
            parts.append(aspect < 1.15 ? "about as long as wide" : "\(Self.ratio(aspect)) times as long as wide")
        }
        return parts.joined(separator: ", ")
    }

    /// What is wrong with the shape on its own: an unknown outline, an area outside (0, 1], an aspect under 1, or
    /// an aspect that contradicts the outline's name.
    public var violations: [String] {
        var found: [String] = []
        if sides == nil {
            let names = Self.sidesByOutline.keys.sorted().joined(separator: ", ")
            found.append("outline '\(outline)' is not one of \(names)")
        }
        if !(area > 0 && area <= 1) { found.append("area \(area) is not in (0, 1]: it is a share of the sheet") }
        if let aspect {
            if aspect < 1 { found.append("aspect \(aspect) is under 1: it is the long side over the short side") }
            if outline == "square", aspect > 1.25 { found.append("a square's aspect \(aspect) is over 1.25") }
            if outline == "rectangle", aspect <= 1.25 { found.append("a rectangle's aspect \(aspect) is 1.25 or less") }
            if outline == "long", aspect < 4 { found.append("a long outline's aspect \(aspect) is under 4") }
        }
        return found
    }

    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    /// A share as a whole percentage, e.g. "38 %".
    public static func percent(_ share: Double) -> String {
        "\(Int((share * 100).rounded())) %"
    }

    /// A ratio to one decimal, e.g. "1.4".
    public static func ratio(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

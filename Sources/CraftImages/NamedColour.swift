/// A colour name people use for craft materials, with the sRGB value it stands for.
public struct NamedColour: Sendable, Hashable {
    /// The name, lowercase, e.g. `crimson`.
    public var name: String
    /// The sRGB red value.
    public var red: UInt8
    /// The sRGB green value.
    public var green: UInt8
    /// The sRGB blue value.
    public var blue: UInt8
    /// The same colour in L*a*b*.
    public var lab: LabColour { LabColour(red: red, green: green, blue: blue) }

    /// Creates a named colour.
    public init(_ name: String, _ red: UInt8, _ green: UInt8, _ blue: UInt8) {
        self.name = name
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The name in `table` whose colour is nearest to `colour` by the CIE94 difference, `colour` as the reference.
    public static func nearest(to colour: LabColour, in table: [NamedColour] = NamedColour.table) -> NamedColour {
        let labs = table == Self.table ? tableLabs : table.map(\.lab)
        var best = 0
        var bestDifference = Double.infinity
        for (index, lab) in labs.enumerated() {
            let difference = lab.difference(from: colour)
            if difference < bestDifference {
                best = index
                bestDifference = difference
            }
        }
        return table[best]
    }

    /// Whether the colours named `first` and `second` can be one material under other light: the same name, two
    /// greys (black to white), or two hues within `alikeHue` degrees whose chromas differ at most `alikeChroma`
    /// times. The light on a piece changes as it is turned and folded: on rendered photographs of one teal sheet
    /// (`scripts/make-rendered-folds`, a cutting mat) its name went teal, turquoise, teal from photo to photo.
    /// A name not in `table` is alike only to itself.
    public static func alike(_ first: String, _ second: String) -> Bool {
        guard first != second else { return true }
        guard let one = byName[first], let other = byName[second] else { return false }
        let (greyOne, greyOther) = (one.chroma < greyChroma, other.chroma < greyChroma)
        guard !greyOne, !greyOther else { return greyOne && greyOther }
        let hue = abs(one.hue - other.hue).truncatingRemainder(dividingBy: 360)
        let chroma = max(one.chroma, other.chroma) / min(one.chroma, other.chroma)
        return min(hue, 360 - hue) <= alikeHue && chroma <= alikeChroma
    }

    /// Whether a named colour is a grey (white, silver, charcoal, black …): what paper in shadow turns to as well.
    /// A name not in `table` is not.
    public static func isGrey(_ name: String) -> Bool {
        byName[name].map { $0.chroma < greyChroma } ?? false
    }

    /// Below this chroma a named colour is a grey.
    static let greyChroma = 12.0
    /// Two hues at most this many degrees apart are alike.
    static let alikeHue = 20.0
    /// Two chromas at most this many times apart are alike (teal 30 and turquoise 41; not beige 20 and gold 86).
    static let alikeChroma = 2.5

    private static let byName = Dictionary(uniqueKeysWithValues: table.map { ($0.name, $0.lab) })

    /// Common colour names for paper, yarn, fabric and the surfaces they lie on.
    public static let table: [NamedColour] = [
        NamedColour("black", 10, 10, 10), NamedColour("charcoal", 54, 60, 66), NamedColour("grey", 128, 128, 128),
        NamedColour("light grey", 165, 165, 165), NamedColour("warm grey", 155, 145, 130),
        NamedColour("silver", 192, 192, 196), NamedColour("white", 250, 250, 250),
        NamedColour("cream", 255, 248, 210), NamedColour("beige", 225, 205, 170), NamedColour("sand", 194, 170, 120),
        NamedColour("tan", 205, 165, 115), NamedColour("light brown", 165, 115, 70),
        NamedColour("brown", 120, 70, 35), NamedColour("dark brown", 70, 45, 30),
        NamedColour("maroon", 115, 10, 25), NamedColour("burgundy", 128, 0, 48), NamedColour("crimson", 220, 20, 60),
        NamedColour("red", 230, 30, 30), NamedColour("rust", 183, 65, 14), NamedColour("coral", 255, 127, 80),
        NamedColour("salmon", 250, 140, 120), NamedColour("peach", 255, 203, 164), NamedColour("orange", 255, 140, 0),
        NamedColour("mustard", 215, 170, 30), NamedColour("gold", 255, 205, 0), NamedColour("yellow", 255, 240, 40),
        NamedColour("lemon", 255, 250, 140), NamedColour("olive", 128, 128, 0), NamedColour("lime", 150, 220, 50),
        NamedColour("green", 30, 150, 50), NamedColour("forest green", 20, 85, 35), NamedColour("sage", 156, 175, 136),
        NamedColour("mint", 170, 235, 200), NamedColour("teal", 0, 128, 128), NamedColour("turquoise", 64, 210, 200),
        NamedColour("sky blue", 135, 200, 235), NamedColour("blue", 30, 90, 220), NamedColour("navy", 20, 30, 110),
        NamedColour("lavender", 190, 170, 230), NamedColour("violet", 140, 70, 200), NamedColour("purple", 110, 30, 120),
        NamedColour("plum", 140, 70, 120), NamedColour("magenta", 230, 30, 160), NamedColour("hot pink", 255, 100, 175),
        NamedColour("pink", 255, 185, 200),
    ]

    private static let tableLabs = table.map(\.lab)
}

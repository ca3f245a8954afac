extension PhotoAnalysis {
    /// The description under a photo's label, for models that cannot see: the picture's size, then the objects on
    /// its surface, e.g. `Photo_3fa2c1 (1024×768, landscape): one object on a grey surface: a sky blue square in the
    /// centre (24 %), flat like paper, with a straight crease running diagonally through its middle (…).` When no
    /// surface stands apart (a close-up filling the frame), the picture's colours and texture as a whole instead.
    public func sentence(label: String, width: Int, height: Int) -> String {
        let shape = width > height ? "landscape" : width < height ? "portrait" : "square"
        let head = "\(label) (\(width)×\(height), \(shape)): "
        if let words = scene.words { return head + words }
        return head + "no separate objects stand out; the whole picture is \(colourWords); \(textureWords)."
    }

    /// The colours in words, grouped by how much of the picture they cover.
    public var colourWords: String {
        let named = colours.map { "\($0.name) (\(Int(($0.share * 100).rounded())) %)" }
        let major = zip(colours, named).filter { $0.0.share >= 0.25 }.map(\.1)
        let minor = zip(colours, named).filter { $0.0.share >= 0.08 && $0.0.share < 0.25 }.map(\.1)
        let trace = zip(colours, named).filter { $0.0.share < 0.08 }.map(\.1)
        var parts: [String] = []
        if !major.isEmpty { parts.append("mostly " + Self.list(major)) }
        if !minor.isEmpty { parts.append((major.isEmpty ? "a mix of " : "some ") + Self.list(minor)) }
        if !trace.isEmpty { parts.append("a little " + Self.list(trace)) }
        return parts.isEmpty ? "no clear colours" : parts.joined(separator: ", ")
    }

    /// Overall lightness in one word.
    public var brightnessWords: String {
        switch brightness {
        case ..<28: "dark"
        case ..<45: "dim"
        case ..<62: "medium brightness"
        default: "bright"
        }
    }

    /// Contrast in words when it is notably low or high, otherwise nil.
    public var contrastWords: String? {
        contrast < 10 ? "low contrast" : contrast > 28 ? "high contrast" : nil
    }

    /// Texture in words.
    public var textureWords: String {
        switch texture {
        case .flat:
            edgeDensity < 0.015 ? "smooth, even colour with few edges" : "flat colour areas with straight edges"
        case .fibrous: "a fine, busy texture with many small edges"  // not "like yarn": see `PhotoScene.words(for:)`
        case .patterned: "a repeating pattern like printed or woven fabric"
        }
    }

    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

extension PhotoScene {
    /// The most objects named one by one; the rest are counted.
    static let namedObjects = 5

    /// The scene in plain words for a small model, e.g. `one object on a grey surface: a sky blue square in the
    /// centre (24 %), flat like paper, with a crease running diagonally through its middle.` Nil when there is no
    /// surface to speak of (the caller then describes the picture as a whole).
    public var words: String? {
        guard let surface else { return nil }
        guard !objects.isEmpty else { return "nothing stands out on a plain \(surface) surface." }
        let count = objects.count
        let touching = objects.contains(where: \.touchesAnother) && count > 1 ? ", some touching," : ""
        let counted = (countIsApproximate ? "about " : "") + Self.number(count) + (count == 1 ? " object" : " objects")
        // One texture for all (and known) is said once at the end.
        let textures = Set(objects.map(\.texture))
        let shared: Texture? = textures.count == 1 && count > 1 ? textures.first ?? nil : nil
        var items = objects.prefix(Self.namedObjects).map { Self.words(for: $0, texture: shared == nil) }
        if count > Self.namedObjects {
            let rest = count - Self.namedObjects
            items.append("and \(Self.number(rest)) smaller \(rest == 1 ? "one" : "ones")")
        }
        var sentence = "\(counted)\(touching) on a \(surface) surface: " + items.joined(separator: "; ") + "."
        if let shared { sentence += " All " + Self.words(for: shared) + "." }
        return sentence
    }

    /// One object: colour, outline, position and share, then texture and creases when asked.
    static func words(for object: SceneObject, texture: Bool) -> String {
        let colours = list(object.colours)
        var text = "\(article(colours)) \(colours) \(noun(object.outline)) \(object.position)"
            + " (\(max(1, Int((object.share * 100).rounded()))) %)"
        if texture, let surface = object.texture { text += ", " + words(for: surface) }
        if let creases = creaseWords(object.creases) { text += ", " + creases }
        return text
    }

    /// The outline as a noun phrase: "square", "round shape", "long, thin piece".
    static func noun(_ outline: Outline) -> String {
        switch outline {
        case .square: "square"
        case .rectangle: "rectangle"
        case .triangle: "triangle"
        case .long: "long, thin piece"
        default: outline.words + " shape"
        }
    }

    /// A texture in words a small model knows. Many fine edges are only "finely textured", not "like yarn": on real
    /// camera photos (`scripts/real-photos`) fur, feathers, grass, wood grain and the bristles of brushes measure
    /// so in 9 of 10 pictures, and "fibrous like yarn" had the model propose yarn crafts for scissors and brushes.
    /// When it is yarn, the image classifier's likeness says "wool".
    static func words(for texture: Texture) -> String {
        switch texture {
        case .flat: "flat like paper"
        case .fibrous: "finely textured"
        case .patterned: "patterned like printed fabric"
        }
    }

    /// The creases in words, or nil when there are none: "with a straight crease running diagonally through its
    /// middle (from upper left to lower right)", "with two straight creases or fold lines (two horizontal)".
    static func creaseWords(_ creases: [Crease]) -> String? {
        guard let first = creases.first else { return nil }
        let diagonal = first.direction.hasPrefix("diagonal")
        if creases.count == 1 {
            let place = first.throughMiddle ? "through its middle" : "across it"
            let adverb = diagonal ? "diagonally" : first.direction + "ly"
            let detail = diagonal ? " (" + first.direction.dropFirst("diagonal, ".count) + ")" : ""
            return "with a straight crease running \(adverb) \(place)\(detail)"
        }
        let directions = creases.map { $0.direction.hasPrefix("diagonal") ? "diagonal" : $0.direction }
        let groups = ["horizontal", "vertical", "diagonal"].compactMap { name -> String? in
            let count = directions.filter { $0 == name }.count
            return count == 0 ? nil : "\(number(count)) \(name)"
        }
        return "with \(number(creases.count)) straight creases or fold lines (\(list(groups)))"
    }

    /// "a" or "an" before `word`.
    static func article(_ word: String) -> String {
        "aeiou".contains(word.first ?? "x") ? "an" : "a"
    }

    /// Small counts in words, larger ones in digits.
    static func number(_ value: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return value < words.count ? words[value] : String(value)
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}

public import CraftSchema

/// What one photo shows: which photo, a free-text analysis for crafting, and its category.
public struct ImageAnalysis: Sendable, Hashable, Codable {
    /// The photo analysed.
    public var image: ImageReference
    /// What the photo shows: craft type, colours, materials.
    public var analysis: String
    /// Inspiration, supplies or a finished piece.
    public var typeOfImage: ImageCategory
    /// True when the analysis is origami's own description of the photo, not the model's words: a model that cannot
    /// see is not asked for it, and the category is origami's reading (see `CategoryReading`) or, for a photo
    /// without one, the model's choice (see `PhotoCategoryList`). Nil (the model's words) in older files; never
    /// part of the schema.
    public var describedByOrigami: Bool?

    /// Creates an analysis.
    public init(image: ImageReference, analysis: String, typeOfImage: ImageCategory, describedByOrigami: Bool? = nil) {
        self.image = image
        self.analysis = analysis
        self.typeOfImage = typeOfImage
        self.describedByOrigami = describedByOrigami
    }

    /// The analysis of a photo the model could not see: its category, and origami's `description` of it as the
    /// analysis (without the label and picture size it starts with).
    public static func byOrigami(label: String, description: String?, category: ImageCategory) -> ImageAnalysis {
        var text = Substring(description ?? "")
        if text.hasPrefix(label + " ") { text = text.dropFirst(label.count + 1) }
        if text.hasPrefix("("), let end = text.range(of: "): ") { text = text[end.upperBound...] }
        let analysis = text.isEmpty
            ? "origami has no description of this photo." : text.prefix(1).uppercased() + text.dropFirst()
        return ImageAnalysis(
            image: ImageReference(label), analysis: analysis, typeOfImage: category, describedByOrigami: true)
    }

    /// The whole analysis as a streamed snapshot.
    public var partiallyGenerated: PartiallyGenerated {
        PartiallyGenerated(
            image: image.label, analysis: analysis, typeOfImage: typeOfImage,
            describedByOrigami: describedByOrigami == true)
    }

    /// An analysis as it streams; the category appears once its text is complete.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The photo's label so far.
        public var image: String?
        /// The analysis so far.
        public var analysis: String?
        /// The category, once complete and valid.
        public var typeOfImage: ImageCategory?
        /// True when the analysis is origami's description (see `ImageAnalysis.describedByOrigami`).
        public var describedByOrigami = false

        /// Creates a partial analysis from its parts.
        public init(image: String?, analysis: String?, typeOfImage: ImageCategory?, describedByOrigami: Bool = false) {
            self.image = image
            self.analysis = analysis
            self.typeOfImage = typeOfImage
            self.describedByOrigami = describedByOrigami
        }

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            image = content.partial("image", as: ImageReference.self)
            analysis = content.partial("analysis", as: String.self)
            typeOfImage = content.partial("typeOfImage", as: ImageCategory.self).flatMap(ImageCategory.init(rawValue:))
        }
    }
}

extension ImageAnalysis: Generable {
    /// The photo's label first, then the analysis, then the category the analysis argues for.
    public static var generationSchema: GenerationSchema {
        .object("ImageAnalysis", description: "What one photo shows, for crafting", [
            .init("image", ImageReference.self),
            .init("analysis", String.self,
                  description: "One or two sentences on the objects in the photo, their colours and materials"),
            .init("typeOfImage", ImageCategory.self),
        ])
    }

    /// Decodes the three properties.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "ImageAnalysis")
        image = try object["image"]
        analysis = try object["analysis"]
        typeOfImage = try object["typeOfImage"]
    }

    /// The analysis as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: [
            "image": image.generatedContent,
            "analysis": analysis.generatedContent,
            "typeOfImage": typeOfImage.generatedContent,
        ])
    }
}

extension ImageAnalysis {
    /// The fewest words an analysis has: "A folded crane" says what is there, "beige" does not.
    public static let minimumAnalysisWords = 3

    /// The analysis is a sentence about the photo: at least `minimumAnalysisWords` words, and not only colour names
    /// (a small model reading origami's description of a photo tends to answer with its first colour, "beige").
    public var ruleViolations: [String] {
        let words = CraftText.words(analysis)
        if words.count < Self.minimumAnalysisWords || words.allSatisfy(Self.colourWords.contains) {
            let quoted = analysis.count > 60 ? analysis.prefix(59) + "…" : Substring(analysis)
            return ["analysis: \"\(quoted)\" is not a sentence about the photo; say in a sentence what it shows "
                + "(the objects, their material and shape, the kind of craft), not only its colours"]
        }
        return []
    }

    /// Colour names and the words that go with them ("light", "and"): an analysis made only of these says nothing
    /// about what the photo shows.
    static let colourWords: Set<String> = [
        "a", "an", "and", "or", "with", "of", "in", "the", "mostly", "mainly", "some", "colour", "color", "colours",
        "colors", "coloured", "colored", "tone", "tones", "shade", "shades", "light", "dark", "pale", "bright", "deep",
        "warm", "cool", "soft", "muted", "vivid", "pastel", "black", "white", "grey", "gray", "silver", "red",
        "crimson",
        "scarlet", "maroon", "burgundy", "pink", "rose", "magenta", "orange", "coral", "peach", "salmon", "yellow",
        "gold", "golden", "mustard", "cream", "beige", "ivory", "tan", "khaki", "brown", "chocolate", "rust", "copper",
        "green", "olive", "lime", "mint", "teal", "turquoise", "cyan", "aqua", "blue", "navy", "indigo", "sky",
        "purple",
        "violet", "lavender", "lilac", "plum", "charcoal", "bronze", "sand", "ochre", "sienna", "emerald", "jade",
        "ruby", "amber", "azure", "cobalt", "cerulean", "fuchsia", "mauve", "taupe", "ecru", "off", "pure", "rich",
        "dusty", "neutral", "multicoloured", "multicolored", "colourful", "colorful",
    ]
}

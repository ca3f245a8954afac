/// What one photo shows: which photo, a free-text analysis for crafting, and its category.
public struct ImageAnalysis: Sendable, Hashable, Codable {
    /// The photo analysed.
    public var image: ImageReference
    /// What the photo shows: craft type, colours, materials.
    public var analysis: String
    /// Inspiration, supplies or a finished piece.
    public var typeOfImage: ImageCategory

    /// Creates an analysis.
    public init(image: ImageReference, analysis: String, typeOfImage: ImageCategory) {
        self.image = image
        self.analysis = analysis
        self.typeOfImage = typeOfImage
    }

    /// An analysis as it streams; the category appears once its text is complete.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The photo's label so far.
        public var image: String?
        /// The analysis so far.
        public var analysis: String?
        /// The category, once complete and valid.
        public var typeOfImage: ImageCategory?

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

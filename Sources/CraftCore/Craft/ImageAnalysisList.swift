/// The first brainstorm pass's answer: an analysis of every photo the user shared.
public struct ImageAnalysisList: Sendable, Hashable, Codable {
    /// One analysis per photo.
    public var images: [ImageAnalysis]

    /// Creates a list.
    public init(images: [ImageAnalysis]) {
        self.images = images
    }

    /// The list as it streams: the complete analyses and the one being written.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The analyses so far.
        public var images: [ImageAnalysis.PartiallyGenerated]?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            images = content.partial("images", as: [ImageAnalysis].self)
        }
    }
}

extension ImageAnalysisList: Generable {
    /// An object with `images`, at least one; resolve `ImageReference` before use.
    public static var generationSchema: GenerationSchema {
        .object("ImageAnalysisList", description: "An analysis of every photo the user shared", [
            .init("images", [ImageAnalysis].self, description: "One entry for each photo", .minimumCount(1)),
        ])
    }

    /// Decodes the analyses.
    public init(_ content: GeneratedContent) throws {
        images = try PropertyReader(content, type: "ImageAnalysisList")["images"]
    }

    /// The list as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["images": images.generatedContent])
    }
}

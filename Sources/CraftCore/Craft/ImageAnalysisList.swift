public import CraftSchema

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

        /// Creates a partial list from its analyses.
        public init(images: [ImageAnalysis.PartiallyGenerated]?) {
            self.images = images
        }

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

extension ImageAnalysisList: DomainRules {
    /// Drops analyses that repeat an earlier one exactly: the same photo, words and category.
    public static func repair(_ answer: inout AnswerRepair) {
        answer.removeDuplicates(in: "images") { image in
            let parts = ["image", "analysis", "typeOfImage"].map { CraftText.key(image[$0]?.stringValue ?? "") }
            return parts.allSatisfy(\.isEmpty) ? "" : parts.joined(separator: "\n")
        }
    }

    /// Every analysis is a sentence about its photo (see `ImageAnalysis.ruleViolations`).
    public var ruleViolations: [String] {
        images.enumerated().flatMap { index, image in image.ruleViolations.map { "images[\(index)]." + $0 } }
    }
}

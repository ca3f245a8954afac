public import CraftSchema

/// The first brainstorm pass's answer from a model that cannot see, for photos that come without origami's reading
/// of their category (`Attachment.reading`): each photo's category, keyed by its label.
///
/// What a blind model knows of a photo is origami's own description of it. Asked for an analysis, the 1.5B model
/// restated the description in other words (about 40 tokens a photo, most of a brainstorm's wait), and asked for a
/// photo's use as well it named the classifier's likeness as the thing to make ("make a laptop computer"). Asked for
/// the category alone it answered "supplies" for every sample photo, so a photo origami has read (`CategoryReading`)
/// is not asked about at all; this pass is left for photos without a reading, in short names
/// (`ImageCategory.shortName`), with the description kept as the analysis, marked as origami's
/// (`ImageAnalysis.describedByOrigami`).
public struct PhotoCategoryList: Sendable, Hashable, Codable {
    /// Each photo's category, by label.
    public var categories: [String: ImageCategory]

    /// Creates a list.
    public init(categories: [String: ImageCategory]) {
        self.categories = categories
    }

    /// The list as it streams: the categories complete so far.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The categories complete so far, by label.
        public var categories: [String: ImageCategory]

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            categories = PhotoCategoryList.categories(in: content)
        }

        /// The photos labelled `labels`, in order, as a partial analysis list: each with its category once known
        /// and then origami's description from `descriptions` (by label) as its analysis.
        public func analyses(labels: [String], descriptions: [String: String]) -> ImageAnalysisList.PartiallyGenerated {
            ImageAnalysisList.PartiallyGenerated(images: labels.map { label in
                guard let category = categories[label] else {
                    return ImageAnalysis.PartiallyGenerated(image: label, analysis: nil, typeOfImage: nil)
                }
                let analysis = ImageAnalysis.byOrigami(
                    label: label, description: descriptions[label], category: category)
                return ImageAnalysis.PartiallyGenerated(
                    image: label, analysis: analysis.analysis, typeOfImage: category, describedByOrigami: true)
            })
        }
    }

    /// The schema for the photos labelled `labels`: one required property per label, in order, each a short
    /// category name.
    public static func schema(labels: [String]) -> GenerationSchema {
        .object("PhotoCategoryList", description: "The category of each photo, by its label", labels.map { label in
            .init(label, schema: categorySchema)
        })
    }

    /// One photo's category as the model answers it: a short name.
    static let categorySchema = GenerationSchema.choices(
        "PhotoCategory", description: "Whether the photo shows supplies, a finished piece or inspiration",
        ImageCategory.allCases.map(\.shortName))

    /// The photos labelled `labels` as analyses: each with its category, and origami's description from
    /// `descriptions` (by label) as the analysis.
    public func analyses(labels: [String], descriptions: [String: String]) -> [ImageAnalysis] {
        labels.compactMap { label in
            categories[label].map { category in
                ImageAnalysis.byOrigami(label: label, description: descriptions[label], category: category)
            }
        }
    }

    /// The members of `content` whose value is a whole short category name.
    static func categories(in content: GeneratedContent) -> [String: ImageCategory] {
        var found: [String: ImageCategory] = [:]
        for member in content.objectMembers ?? [] {
            if let name = member.value.stringValue, let category = ImageCategory(shortName: name) {
                found[member.key] = category
            }
        }
        return found
    }
}

extension PhotoCategoryList: Generable {
    /// An object of short category names by label, with no labels yet: a request uses `schema(labels:)`.
    public static var generationSchema: GenerationSchema { schema(labels: []) }

    /// Decodes the categories; a value that is not a short category name is a violation.
    public init(_ content: GeneratedContent) throws {
        guard let members = content.objectMembers else {
            throw SchemaError.violations([SchemaViolation("expected an object of categories, got "
                + content.kindDescription)])
        }
        let names = ImageCategory.allCases.map(\.shortName).joined(separator: ", ")
        var violations: [SchemaViolation] = []
        var categories: [String: ImageCategory] = [:]
        for member in members {
            guard let name = member.value.stringValue, let category = ImageCategory(shortName: name) else {
                let text = member.value.stringValue.map(GeneratedContent.quoted) ?? member.value.kindDescription
                violations.append(SchemaViolation(path: member.key, "\(text) is not one of \(names)"))
                continue
            }
            categories[member.key] = category
        }
        guard violations.isEmpty else { throw SchemaError.violations(violations) }
        self.categories = categories
    }

    /// The categories as JSON content, by label in label order.
    public var generatedContent: GeneratedContent {
        .object(categories.sorted { $0.key < $1.key }.map { ($0.key, GeneratedContent.string($0.value.shortName)) })
    }
}

extension PhotoCategoryList: DomainRules {}

public import CraftSchema

/// One section of the coach's feedback: a heading and a few sentences.
public struct CoachSection: Sendable, Hashable, Codable {
    /// A short heading, e.g. "What You Did Well".
    public var title: String
    /// The feedback itself.
    public var body: String

    /// Creates a section.
    public init(title: String, body: String) {
        self.title = title
        self.body = body
    }

    /// A section as it streams.
    public struct PartiallyGenerated: PartiallyGeneratable, Hashable {
        /// The heading so far.
        public var title: String?
        /// The body so far.
        public var body: String?

        /// Reads whatever has arrived.
        public init(partial content: GeneratedContent) {
            title = content.partial("title", as: String.self)
            body = content.partial("body", as: String.self)
        }
    }
}

extension CoachSection: Generable {
    /// An object with `title` and `body`.
    public static var generationSchema: GenerationSchema {
        .object("CoachSection", description: "One section of feedback", [
            .init("title", String.self,
                  description: "A short heading such as What You Did Well, Try This Instead or Next Steps"),
            .init("body", String.self, description: "The feedback of this section in one friendly, specific sentence",
                  .maximumLength(100)),
        ])
    }

    /// Decodes the heading and body.
    public init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "CoachSection")
        title = try object["title"]
        body = try object["body"]
    }

    /// The section as JSON content.
    public var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": title.generatedContent, "body": body.generatedContent])
    }
}

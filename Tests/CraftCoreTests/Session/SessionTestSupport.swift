@testable import CraftImages
@testable import CraftBackends
@testable import CraftSchema
import CraftTesting
import Foundation

/// A small Generable type for session tests: a title and at least two items.
struct Checklist: Generable, Equatable {
    var title: String
    var items: [String]

    static var generationSchema: GenerationSchema {
        .object(
            "Checklist",
            [
                .init("title", String.self),
                .init("items", [String].self, .minimumCount(2)),
            ])
    }

    init(title: String, items: [String]) {
        self.title = title
        self.items = items
    }

    init(_ content: GeneratedContent) throws {
        let object = try PropertyReader(content, type: "Checklist")
        title = try object["title"]
        items = try object["items"]
        if title == "forbidden" { throw object.reject("title", "must not be forbidden") }
    }

    var generatedContent: GeneratedContent {
        GeneratedContent(properties: ["title": .string(title), "items": .array(items.map { .string($0) })])
    }

    struct PartiallyGenerated: PartiallyGeneratable, Equatable {
        var title: String?
        var items: [String]

        init(partial content: GeneratedContent) {
            title = content["title"]?.stringValue
            items = content["items"]?.arrayValue?.compactMap(\.stringValue) ?? []
        }
    }
}

enum Fixture {
    static let valid = #"{"title": "Crane", "items": ["paper", "patience"]}"#
    static let tooShort = #"{"title": "Crane", "items": ["paper"]}"#

    static func photo(_ hex: String, description: String? = nil) -> Attachment {
        Attachment(
            label: Photo.label(forSHA256: hex + "000000"), sha256: hex + "000000",
            data: Data(hex.utf8), description: description
        )
    }

    static let seeing = Capabilities(vision: true, nativeJSONSchema: true, tools: false, contextSize: 32_768)
    static let blind = Capabilities(vision: false, nativeJSONSchema: true, tools: false, contextSize: 32_768)

    /// Waits (without a clock) until the double has received `count` calls.
    static func waitForCalls(_ model: TestLanguageModel, count: Int) async {
        while model.calls.count < count { await Task.yield() }
    }
}

/// A one-shot gate a test double's responder waits on.
final class Gate: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream<Void>.makeStream()
    }

    func open() { continuation.finish() }

    func wait() async {
        for await _ in stream {}
    }
}

@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// A project survives 100 coach checks on one tutorial: every request stays within half the context, and between
/// the few compactions each check only adds to the end of what the server read before (a warm check reads only
/// what is new).
@Suite struct ConversationBudgetTests {
    static let context = 16_384
    static let blind = Capabilities(vision: false, nativeJSONSchema: true, tools: false, contextSize: context)

    let root: URL
    let store: ProjectStore

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        store = ProjectStore(root: root)
    }

    /// Each check in a new session restored from the project file, as each `origami coach` is a new process.
    private func bench(_ model: TestLanguageModel) -> Workbench {
        Workbench(
            store: store,
            makeSession: { LanguageModelSession(model: model, transcript: $0) },
            loadPhoto: { url in
                Attachment(
                    label: "Photo_" + url.deletingPathExtension().lastPathComponent, sha256: url.lastPathComponent,
                    data: Data(repeating: 1, count: 64),
                    description: "about one object on a tan surface: a teal four-sided shape in the centre (13 %), "
                        + "flat like paper, with two straight creases or fold lines (one horizontal and one "
                        + "diagonal); the photo is \(url.lastPathComponent).")
            })
    }

    @Test func aHundredChecksStayWithinHalfTheContextAndMostReadOnlyWhatIsNew() async throws {
        _ = try await store.update(create: true) { project in
            project.addTutorial(Tutorial(title: "Paper Boat", materials: ["red paper"], steps: [
                TutorialStep(number: 1, title: "Fold", instruction: "Fold the square in half, corner to corner."),
                TutorialStep(number: 2, title: "Open", instruction: "Open the boat."),
            ]), for: BrainstormIdea(title: "Paper Boat", description: "A boat."), now: Date())
        }
        let model = TestLanguageModel(capabilities: Self.blind, answers: [WorkbenchTests.incomplete])
        for check in 0..<100 {
            let photo = root.appendingPathComponent(String(format: "%06x.jpg", check))
            _ = try await bench(model).coach(photos: [photo], step: nil, note: check % 7 == 0 ? "I creased it" : nil)
        }
        let budget = ConversationBudget(contextSize: Self.context)
        let calls = model.calls
        #expect(calls.count == 100)
        let sizes = calls.map { ConversationBudget.estimatedTokens($0.transcript) }
        #expect(sizes.allSatisfy { $0 <= budget.ceiling }, "largest request: \(sizes.max() ?? 0) of \(budget.ceiling)")
        // A warm check: the request starts with everything the previous one sent, then its answer.
        let warm = zip(calls, calls.dropFirst()).filter { previous, next in
            next.transcript.entries.starts(with: previous.transcript.entries)
                && next.transcript.entries.count > previous.transcript.entries.count
        }.count
        let compactions = 99 - warm
        #expect(compactions >= 1, "100 checks should have needed a compaction")
        #expect(compactions <= 12, "\(compactions) of 99 checks read the conversation again")
        let saved = try store.load()
        #expect(saved.feedback.count == 100)
        #expect(ConversationBudget.estimatedTokens(saved.transcript) <= budget.ceiling)
        let gap = try #require(calls.last?.transcript.entries.compactMap { entry -> String? in
            guard case .prompt(let prompt) = entry, case .text(let text)? = prompt.segments.first else { return nil }
            return text.hasPrefix(ConversationBudget.gapMarker) ? text : nil
        }.first)
        #expect(gap.contains("turns were left out") || gap.contains("left out to keep"))
    }

    @Test func aConversationWithinTheBudgetIsSentUnchanged() {
        let budget = ConversationBudget(contextSize: Self.context)
        let transcript = Transcript(entries: [
            .instructions(Instructions("Coach.")), .prompt(Prompt([.text("I'm working on step 1 of the tutorial.")])),
            .response(Response(text: "{}")),
        ])
        #expect(budget.compacted(transcript, before: Prompt([.text("Next.")])) == transcript)
    }
}

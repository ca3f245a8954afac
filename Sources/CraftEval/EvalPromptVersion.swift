import CraftBackends
import CraftCore
import CraftSchema
import Foundation

/// A fingerprint of everything origami itself puts into a request: the instructions of each mode, the fixed
/// prompt texts, the response schemas, each mode's sampling options and the command line's overrides.
///
/// It goes into the eval cache's key, so editing a prompt or a schema makes every cached outcome stale without
/// anyone remembering to bump a version number.
enum EvalPromptVersion {
    /// The fingerprint for this build of origami with `overrides`, 16 hex digits.
    static func current(overrides: OrchestratorProfile.Overrides) -> String {
        var parts = [CraftInstructions.brainstorm.text, CraftInstructions.tutorial.text, CraftInstructions.term.text]
        let schemas: [GenerationSchema] = [
            ImageAnalysisList.generationSchema, PhotoCategoryList.schema(labels: ["Photo_000000"]),
            BrainstormIdeaList.generationSchema,
            Tutorial.generationSchema,
            CoachFeedback.generationSchema, ExtractedTerms.generationSchema, TermExplanation.generationSchema,
        ]
        parts += schemas.map { $0.jsonSchema(.plain) }
        let photo = Attachment(
            label: "Photo_000000", sha256: "0", data: nil, description: "a photo",
            reading: Attachment.Reading(category: "supplies", reason: "reason"))
        let prompts = [
            CraftPrompts.analysis(of: [photo]), CraftPrompts.categories(of: [photo]),
            CraftPrompts.ideas(hint: "hint", photos: [photo]),
            CraftPrompts.tutorial(title: "title", description: "description", hint: "hint"),
            CraftPrompts.coach(step: 1, title: "title", instruction: "instruction", photos: [photo], note: "note"),
            CraftPrompts.extractTerms(tutorialText: "text"), CraftPrompts.explain(term: "term", tutorialTitle: "title"),
        ]
        parts += prompts.map(\.text)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let profiles = OrchestratorProfile.standard(contextSize: nil, overrides: overrides)
        // Every mode's profile as sent: the coach's is derived from the tutorial's, not stored.
        for profile in Mode.allCases.map(profiles.profile(for:)) {
            parts.append((try? encoder.encode(profile)).map { String(decoding: $0, as: UTF8.self) } ?? "")
        }
        return String(SHA256.hex(of: Array(parts.joined(separator: "\u{0}").utf8)).prefix(16))
    }
}

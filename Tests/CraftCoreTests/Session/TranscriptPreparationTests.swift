@testable import CraftCore
@testable import CraftBackends
import Foundation
import Testing

/// What each backend is sent for the photos of a conversation.
@Suite struct TranscriptPreparationTests {
    static let fresh = CraftBackends.Attachment(
        label: "Photo_aaaaaa", sha256: "aaaaaa00", data: Data([1, 2, 3]), description: "red paper squares")
    static var restored: CraftBackends.Attachment {
        var photo = fresh
        photo.data = nil
        return photo
    }

    static func transcript(_ photo: CraftBackends.Attachment) -> Transcript {
        Transcript(entries: [.prompt(Prompt([.text("Here is a photo"), .image(photo)]))])
    }

    static func texts(_ transcript: Transcript) -> [String] {
        transcript.entries.flatMap { entry -> [String] in
            guard case .prompt(let prompt) = entry else { return [] }
            return prompt.segments.compactMap { if case .text(let text) = $0 { text } else { nil } }
        }
    }

    @Test func aModelThatSeesGetsThePhotoItself() {
        let sent = Self.transcript(Self.fresh).prepared(forVision: true)
        #expect(sent == Self.transcript(Self.fresh))
    }

    @Test func aModelThatSeesIsNeverToldItCannotWhenAnEarlierPhotosBytesWereNotKept() {
        let texts = Self.texts(Self.transcript(Self.restored).prepared(forVision: true))
        #expect(texts.last == "[A photo shown earlier; its image is not kept, so origami describes it] "
            + "Photo_aaaaaa: red paper squares")
        #expect(!texts.joined().contains("cannot see"))
    }

    @Test func aModelThatCannotSeeIsToldSoWithTheDescription() {
        for photo in [Self.fresh, Self.restored] {
            let texts = Self.texts(Self.transcript(photo).prepared(forVision: false))
            #expect(texts.last == "[The model cannot see this photo; origami describes it] Photo_aaaaaa: red paper squares")
        }
    }
}

@testable import CraftCore
import CraftTesting
import Foundation
import Synchronization
import Testing

@Suite struct BrainstormTests {
    @Test func pass1ShowsEveryNewPhotoAndPass2IsTextOnly() async throws {
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3", "Photo_d4e5f6"]), Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper, Flow.crane])

        #expect(model.calls.count == 2)
        let pass1 = model.calls[0]
        #expect(pass1.instructions == [CraftInstructions.brainstorm.text])
        #expect(pass1.request.options.temperature == 1.0)
        #expect(pass1.prompt?.attachments.map(\.label) == ["Photo_a1b2c3", "Photo_d4e5f6"])
        #expect(
            pass1.prompt?.text.contains("Here are 2 photos for a craft project: Photo_a1b2c3, Photo_d4e5f6.") == true)
        #expect(pass1.request.responseFormat?.name == "ImageAnalysisList")
        #expect(pass1.request.responseFormat?.plainJSONSchema.contains(#"["Photo_a1b2c3","Photo_d4e5f6"]"#) == true)

        let pass2 = model.calls[1]
        #expect(
            pass2.flowPrompt?.segments == [
                .text("What can I make with this? Please offer 3 ideas."), .text(CraftPrompts.ideasGuide),
            ])
        #expect(pass2.prompt?.attachments.isEmpty == true)
        #expect(pass2.request.responseFormat?.name == "BrainstormIdeaList")
        #expect(pass2.transcript.entries.count == 4)

        #expect(result.analyses.map(\.image.label) == ["Photo_a1b2c3", "Photo_d4e5f6"])
        #expect(result.ideas.map(\.title) == ["Paper crane", "Fortune teller", "Star box"])
        #expect(result.modelSawPhotos)
        #expect(result.reports.map(\.answeredBy) == ["test", "test"])
    }

    @Test func aHallucinatedLabelIsRejectedAndAskedForAgain() async throws {
        let model = TestLanguageModel(answers: [
            Flow.analyses(["Photo_a1b2c3", "Photo_zz9zz9"]), Flow.analyses(["Photo_a1b2c3", "Photo_d4e5f6"]),
            Flow.ideas,
        ])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper, Flow.crane])
        #expect(model.calls.count == 3)
        let retry = try #require(model.calls[1].prompt?.text)
        #expect(retry.contains("images[1].image"))
        #expect(retry.contains("Photo_zz9zz9"))
        #expect(result.retries == 1)
        #expect(result.analyses.map(\.image.label) == ["Photo_a1b2c3", "Photo_d4e5f6"])
    }

    @Test func everyNewPhotoMustBeAnalysedExactlyOnce() {
        let list = try! ImageAnalysisList.decode(json: Flow.analyses(["Photo_a1b2c3", "Photo_a1b2c3"]))
        #expect(
            Brainstorm.violations(of: list, expecting: ["Photo_a1b2c3", "Photo_d4e5f6"]) == [
                "images: Photo_a1b2c3 is analysed 2 times; analyse every photo exactly once",
                "images: Photo_d4e5f6 is not analysed; analyse every photo exactly once",
            ])
    }

    @Test func photosAnalysedInAnEarlierRunAreNotSentAgain() async throws {
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_d4e5f6"]), Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper, Flow.crane], alreadyAnalysed: ["Photo_a1b2c3"])
        #expect(model.calls[0].prompt?.attachments.map(\.label) == ["Photo_d4e5f6"])
        #expect(model.calls[0].request.responseFormat?.plainJSONSchema.contains("Photo_a1b2c3") == false)
        #expect(result.analyses.count == 1)

        let ideasOnly = TestLanguageModel(answers: [Flow.ideas])
        _ = try await Brainstorm(session: LanguageModelSession(model: ideasOnly))
            .run(photos: [Flow.paper], alreadyAnalysed: ["Photo_a1b2c3"])
        #expect(ideasOnly.calls.count == 1)
    }

    @Test func aHintIsAFilterInThePromptNeverInTheInstructions() async throws {
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), Flow.ideas])
        _ = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper], hint: "something I can wear")
        let pass2 = model.calls[1]
        #expect(pass2.instructions == [CraftInstructions.brainstorm.text])
        #expect(
            pass2.flowPrompt?.segments == [
                .text("What can I make with this? Please offer 3 ideas."), .text(CraftPrompts.ideasGuide),
                .text("Only consider ideas that fit this request from the person, quoted: \"something I can wear\""),
            ])
    }

    @Test func aModelWithoutVisionGetsDescriptionsAndTheResultSaysSo() async throws {
        let model = TestLanguageModel(
            capabilities: Fixture.blind, answers: [#"{"Photo_a1b2c3": "supplies"}"#, Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model)).run(photos: [Flow.paper])
        #expect(!result.modelSawPhotos)
        let pass1 = try #require(model.calls[0].prompt)
        #expect(pass1.attachments.isEmpty)
        #expect(pass1.text.contains("Photo_a1b2c3: 1024×768, landscape: mostly crimson (46 %) and cream (31 %)"))
    }

    @Test func aModelWithoutVisionIsAskedOnlyForEachPhotosCategoryAndTheAnalysisIsOrigamisDescription() async throws {
        let model = TestLanguageModel(
            capabilities: Fixture.blind,
            answers: [#"{"Photo_a1b2c3": "supplies", "Photo_d4e5f6": "finished piece"}"#, Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper, Flow.crane])
        let request = model.calls[0].request
        let schema = try #require(request.responseFormat)
        #expect(schema.promptDescription.contains(
            #""Photo_a1b2c3": "supplies" | "finished piece" | "inspiration""#))
        #expect(!schema.promptDescription.contains("analysis"))
        #expect(request.options.temperature == 0)
        #expect(result.analyses.map(\.image.label) == ["Photo_a1b2c3", "Photo_d4e5f6"])
        #expect(result.analyses.map(\.typeOfImage) == [.supplies, .finishedPiece])
        #expect(result.analyses.map(\.analysis) == [
            "1024×768, landscape: mostly crimson (46 %) and cream (31 %)", "768×1024, portrait: mostly white (70 %)",
        ])
        #expect(result.analyses.allSatisfy { $0.describedByOrigami == true })
        #expect(model.calls[1].request.options.temperature == 1)
    }

    @Test func aBlindAnswerNamingNoCategoryIsAskedForAgain() async throws {
        let model = TestLanguageModel(
            capabilities: Fixture.blind,
            answers: [#"{"Photo_a1b2c3": "paper"}"#, #"{"Photo_a1b2c3": "inspiration"}"#, Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model)).run(photos: [Flow.paper])
        #expect(result.retries == 1)
        #expect(result.analyses.map(\.typeOfImage) == [.inspiration])
        let retry = try #require(model.calls[1].prompt?.text)
        #expect(retry.contains("\"paper\" is not one of supplies, finished piece, inspiration"))
    }

    @Test func analysesAndIdeasStreamAsTheyArrive() async throws {
        let model = TestLanguageModel { call, index in
            TestLanguageModel.events(streaming: index == 0 ? Flow.analyses(["Photo_a1b2c3"]) : Flow.ideas, chunkSize: 5)
        }
        let counts = Mutex<(analysis: Int, ideas: [Int])>((0, []))
        _ = try await Brainstorm(session: LanguageModelSession(model: model)).run(photos: [Flow.paper]) { update in
            counts.withLock { counts in
                switch update {
                case .analysis: counts.analysis += 1
                case .ideas(let snapshot): counts.ideas.append(snapshot.ideas?.count ?? 0)
                case .retrying: break
                }
            }
        }
        let seen = counts.withLock { $0 }
        #expect(seen.analysis > 3)
        #expect(seen.ideas.contains(1) && seen.ideas.contains(2) && seen.ideas.last == 3)
        #expect(seen.ideas == seen.ideas.sorted())
    }

    @Test func brainstormingWithoutPhotosIsAUsageError() async {
        await #expect(throws: FlowError.noPhotos) {
            _ = try await Brainstorm(session: LanguageModelSession(model: TestLanguageModel(answers: []))).run(
                photos: [])
        }
    }
}

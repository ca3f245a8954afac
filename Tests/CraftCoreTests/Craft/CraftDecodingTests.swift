@testable import CraftCore
@testable import CraftSchema
import Foundation
import Testing

@Suite struct CraftDecodingTests {
    static let labels = ["Photo_a1b2c3", "Photo_d4e5f6"]

    static func roundTrip<T: Generable & Equatable & Codable>(_ value: T, schema: GenerationSchema = T.generationSchema) throws {
        let json = value.generatedContent.jsonString
        #expect(try T.decode(json: json, schema: schema) == value, "\(json)")
        #expect(schema.validate(value.generatedContent).isEmpty)
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(T.self, from: encoded) == value)
    }

    static func violations(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as SchemaError {
            return error.violations.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    static let analyses = ImageAnalysisList(images: [
        ImageAnalysis(image: "Photo_a1b2c3", analysis: "Blue and gold paper squares.", typeOfImage: .supplies),
        ImageAnalysis(image: "Photo_d4e5f6", analysis: "A crane mobile, \"tiny\".", typeOfImage: .inspiration),
    ])
    static let ideas = BrainstormIdeaList(ideas: [
        BrainstormIdea(title: "Crane mobile", description: "Five cranes on a hoop."),
        BrainstormIdea(title: "Lucky stars", description: "Strips folded into stars."),
        BrainstormIdea(title: "Gift box", description: "A lidded box from one sheet."),
    ])
    static let tutorial = Tutorial(title: "Crane mobile", materials: ["paper", "thread"], steps: [
        TutorialStep(number: 1, title: "Fold", instruction: "Fold five cranes."),
        TutorialStep(number: 2, title: "Hang", instruction: "Tie them to the hoop."),
        TutorialStep(number: 3, title: "Balance", instruction: "Slide the threads until the hoop hangs level."),
    ])
    static let feedback = CoachFeedback(
        observation: "Both wings are creased.",
        sections: [CoachSection(title: "What You Did Well", body: "Sharp folds."),
                   CoachSection(title: "Next Steps", body: "Fold the head.")],
        isCurrentStepComplete: true, completionMessage: "Step 1 is done!")

    @Test func everyCraftTypeRoundTrips() throws {
        try Self.roundTrip(Self.analyses, schema: ImageAnalysisList.generationSchema.resolving(["ImageReference": Self.labels]))
        try Self.roundTrip(Self.ideas)
        try Self.roundTrip(Self.tutorial)
        try Self.roundTrip(Self.feedback)
        var unfinished = Self.feedback
        unfinished.isCurrentStepComplete = false
        unfinished.completionMessage = nil
        try Self.roundTrip(unfinished)
        try Self.roundTrip(ExtractedTerms(terms: ["valley fold", "squash fold"]))
        try Self.roundTrip(TermExplanation(term: "valley fold", explanation: "Fold the paper towards you."))
        try Self.roundTrip(ImageCategory.finishedPiece)
        try Self.roundTrip(ImageReference("Photo_a1b2c3"))
        #expect(try JSONEncoder().encode(ImageReference("Photo_a1b2c3")) == Data(#""Photo_a1b2c3""#.utf8))
    }

    @Test func aModelAnswerWithWhitespaceAndNullDecodes() throws {
        let answer = """
            {
              "observation": "The base fold is uneven.",
              "sections": [ {"title": "What You Did Well", "body": "Good start."},
                            {"title": "Try This Instead", "body": "Align the corners first."} ],
              "isCurrentStepComplete": false,
              "completionMessage": null
            }
            """
        let feedback = try CoachFeedback.decode(json: answer)
        #expect(!feedback.isCurrentStepComplete && feedback.completionMessage == nil && feedback.sections.count == 2)
    }

    @Test func coachFeedbackEnforcesTheCompletionMessageRule() {
        func answer(_ complete: Bool, _ message: String) -> String {
            #"{"observation":"o","sections":[{"title":"a","body":"b"},{"title":"c","body":"d"}],"#
                + #""isCurrentStepComplete":\#(complete),"completionMessage":\#(message)}"#
        }
        #expect(Self.violations { _ = try CoachFeedback.decode(json: answer(true, "null")) }
            == ["completionMessage: required when isCurrentStepComplete is true (one short sentence)"])
        #expect(Self.violations { _ = try CoachFeedback.decode(json: answer(true, #""  ""#)) }
            == ["completionMessage: required when isCurrentStepComplete is true (one short sentence)"])
        #expect(Self.violations { _ = try CoachFeedback.decode(json: answer(false, #""Well done!""#)) }
            == ["completionMessage: must be null unless isCurrentStepComplete is true"])
        #expect(Self.violations { _ = try CoachFeedback.decode(json: answer(false, #""""#)) }.isEmpty)
        #expect(Self.violations { _ = try CoachFeedback.decode(json: answer(true, #""Done.""#)) }.isEmpty)
    }

    @Test func coachFeedbackWantsTwoOrThreeSections() {
        let one = #"{"observation":"o","sections":[{"title":"a","body":"b"}],"isCurrentStepComplete":false}"#
        #expect(Self.violations { _ = try CoachFeedback.decode(json: one) } == ["sections: expected 2 to 3 items, got 1"])
    }

    @Test func theSchemaRejectsAPhotoTheSessionDoesNotHave() {
        let answer = #"{"images":[{"image":"Photo_a1b2c3","analysis":"a","typeOfImage":"craft supplies"},"#
            + #"{"image":"Photo_zz9","analysis":"b","typeOfImage":"a finished craft piece"}]}"#
        let schema = ImageAnalysisList.generationSchema.resolving(["ImageReference": Self.labels])
        #expect(Self.violations { _ = try ImageAnalysisList.decode(json: answer, schema: schema) }
            == [#"images[1].image: "Photo_zz9" is not one of Photo_a1b2c3, Photo_d4e5f6"#])
        #expect(Self.violations { _ = try ImageAnalysisList.decode(json: answer) }.isEmpty)
    }

    @Test func anUnknownCategoryNamesTheThreeAllowed() {
        #expect(Self.violations { _ = try ImageCategory(.string("supplies")) }
            == [#""supplies" is not one of craft supplies, a finished craft piece, inspiration for the craft"#])
    }

    @Test func tutorialStepsMustBeNumberedInOrder() {
        let answer = #"{"title":"t","materials":["m"],"steps":[{"number":1,"title":"a","instruction":"b"},"#
            + #"{"number":3,"title":"c","instruction":"d"},{"number":4,"title":"e","instruction":"f"}]}"#
        #expect(Self.violations { _ = try Tutorial.decode(json: answer) }
            == ["steps[1].number: expected 2 (steps are numbered in order), got 3"])
        let zero = answer.replacingOccurrences(of: #""number":1"#, with: #""number":0"#)
        #expect(Self.violations { _ = try Tutorial.decode(json: zero) } == ["steps[0].number: expected at least 1, got 0"])
    }

    @Test func extractedTermsMustNotBeBlank() {
        #expect(Self.violations { _ = try ExtractedTerms.decode(json: #"{"terms":["crease"," "]}"#) }
            == ["terms[1]: a term must not be empty"])
    }

    @Test func streamedIdeasAppearOneByOne() throws {
        let json = Array(Self.ideas.generatedContent.jsonString.utf8)
        var parser = PartialJSONParser()
        var counts: [Int] = []
        var sawPartialTitle = false
        for byte in json {
            guard let snapshot = try parser.feed([byte]) else { continue }
            let partial = BrainstormIdeaList.partial(snapshot)
            counts.append(partial.ideas?.count ?? 0)
            if let title = partial.ideas?.last?.title, title == "Crane m" { sawPartialTitle = true }
        }
        #expect(counts == counts.sorted() && counts.last == 3)
        #expect(sawPartialTitle)
        #expect(try BrainstormIdeaList.decode(parser.finish()) == Self.ideas)
    }

    @Test func streamedFeedbackShowsTheVerdictOnlyOnceComplete() throws {
        var parser = PartialJSONParser()
        let prefix = #"{"observation":"Creased","sections":[],"isCurrentStepComplete":tr"#
        var partial = CoachFeedback.partial(try parser.feed(prefix) ?? .null)
        #expect(partial.observation == "Creased" && partial.sections?.isEmpty == true && partial.isCurrentStepComplete == nil)
        partial = CoachFeedback.partial(try parser.feed("ue,\"completionMessage\":\"Nice") ?? .null)
        #expect(partial.isCurrentStepComplete == true && partial.completionMessage == "Nice")
    }

    @Test func streamedAnalysesShowACategoryOnlyWhenItIsWhole() throws {
        var parser = PartialJSONParser()
        let snapshot = try parser.feed(#"{"images":[{"image":"Photo_a1","analysis":"Paper","typeOfImage":"craft sup"#)
        let partial = ImageAnalysisList.partial(snapshot ?? .null)
        #expect(partial.images?.first?.image == "Photo_a1" && partial.images?.first?.typeOfImage == nil)
        let done = ImageAnalysisList.partial(try parser.feed(#"plies"}]}"#) ?? .null)
        #expect(done.images?.first?.typeOfImage == .supplies)
        #expect(Tutorial.partial(.object([])).steps == nil)
        #expect(TutorialStep.partial(.object([.init("number", .number("2"))])).number == 2)
        #expect(TermExplanation.partial(.object([.init("term", .string("fo"))])).term == "fo")
        #expect(ExtractedTerms.partial(.object([.init("terms", .array([.string("a")]))])).terms == ["a"])
        #expect(CoachSection.partial(.object([.init("body", .string("b"))])).title == nil)
    }
}

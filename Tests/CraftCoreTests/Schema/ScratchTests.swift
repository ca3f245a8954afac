import Testing
@testable import CraftCore

@Suite struct ScratchTests {
    @Test func scratch() throws {
        let s = ImageAnalysisList.generationSchema.resolving(["ImageReference": ["Photo_a1b2c3", "Photo_d4e5f6"]])
        print(s.jsonSchema(.plain))
        print(s.jsonSchema(.openAIStrict))
        print(s.promptDescription)
        print(CoachFeedback.generationSchema.promptDescription)
        print(CoachFeedback.generationSchema.jsonSchema(.openAIStrict))
        print(Tutorial.generationSchema.promptDescription)
        let bad = try GeneratedContent(json: #"{"images":[{"image":"Photo_a1b2c3","analysis":"x","typeOfImage":"craft supplies"},{"image":"Photo_zz9","analysis":"y","typeOfImage":"junk","extra":1}]}"#)
        do { _ = try ImageAnalysisList.decode(bad, schema: s) } catch { print(error) }
        do { _ = try BrainstormIdeaList.decode(json: #"{"ideas":[{"title":"a","description":"b"},{"title":"a"}]}"#) } catch { print(error) }
        do { _ = try CoachFeedback.decode(json: #"{"observation":"o","sections":[{"title":"a","body":"b"},{"title":"a","body":"b"}],"isCurrentStepComplete":true,"completionMessage":null}"#) } catch { print(error) }
    }
}

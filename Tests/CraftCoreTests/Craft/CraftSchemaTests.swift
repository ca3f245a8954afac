@testable import CraftCore
@testable import CraftSchema
import CraftTesting
import Testing

@Suite struct CraftSchemaTests {
    static let labels = ["Photo_a1b2c3", "Photo_d4e5f6"]

    /// Every craft response type with its expected plain schema.
    static let responseTypes: [(String, GenerationSchema, String)] = [
        ("ImageAnalysisList", ImageAnalysisList.generationSchema.resolving([ImageReference.choicesName: labels]),
         ExpectedSchemas.imageAnalysisListPlain),
        ("BrainstormIdeaList", BrainstormIdeaList.generationSchema, ExpectedSchemas.brainstormIdeaListPlain),
        ("Tutorial", Tutorial.generationSchema, ExpectedSchemas.tutorialPlain),
        ("CoachFeedback", CoachFeedback.generationSchema, ExpectedSchemas.coachFeedbackPlain),
        ("ExtractedTerms", ExtractedTerms.generationSchema, ExpectedSchemas.extractedTermsPlain),
        ("TermExplanation", TermExplanation.generationSchema, ExpectedSchemas.termExplanationPlain),
    ]

    @Test(arguments: responseTypes)
    func plainDialectMatchesTheExpectedJSON(_ name: String, _ schema: GenerationSchema, _ expected: String) throws {
        #expect(schema.name == name)
        #expect(try GeneratedContent(json: schema.jsonSchema(.plain)) == GeneratedContent(json: expected))
    }

    /// Strict mode leaves length guides out (OpenAI refuses the keyword); the rest is the plain dialect's.
    @Test(arguments: responseTypes.filter { $0.0 != "CoachFeedback" })
    func strictDialectEqualsPlainWithoutLengthsWhenNothingIsOptional(
        _ name: String, _ schema: GenerationSchema, _ expected: String
    ) throws {
        func withoutLengths(_ content: GeneratedContent) -> GeneratedContent {
            switch content {
            case .object(let members):
                .object(members.filter { $0.key != "maxLength" }.map { .init($0.key, withoutLengths($0.value)) })
            case .array(let elements): .array(elements.map(withoutLengths))
            default: content
            }
        }
        let strict = try GeneratedContent(json: schema.jsonSchema(.openAIStrict))
        #expect(strict == withoutLengths(try GeneratedContent(json: expected)))
        #expect(!schema.jsonSchema(.openAIStrict).contains("maxLength"))
    }

    @Test func coachFeedbackStrictDialectMatchesTheExpectedJSON() throws {
        let strict = try GeneratedContent(json: CoachFeedback.generationSchema.jsonSchema(.openAIStrict))
        #expect(strict == (try GeneratedContent(json: ExpectedSchemas.coachFeedbackStrict)))
    }

    @Test(arguments: responseTypes)
    func strictDialectClosesEveryObjectAndRequiresEveryProperty(_ name: String, _ schema: GenerationSchema, _: String) throws {
        var objects = 0
        func visit(_ node: GeneratedContent) {
            if node["properties"] != nil {
                objects += 1
                let keys = node["properties"]?.objectMembers?.map { GeneratedContent.string($0.key) }
                #expect(node["required"]?.arrayValue == keys, "\(name)")
                #expect(node["additionalProperties"] == .bool(false), "\(name)")
            }
            for member in node.objectMembers ?? [] { visit(member.value) }
        }
        visit(try GeneratedContent(json: schema.jsonSchema(.openAIStrict)))
        #expect(objects >= 1)
    }

    @Test func nestedTypesAppearInsideTheirListsUnchanged() throws {
        func items(_ schema: GenerationSchema, _ key: String) -> GenerationSchema? {
            guard case .object(let properties) = schema.kind,
                  case .array(let items, _, _)? = properties.first(where: { $0.name == key })?.schema.kind else { return nil }
            return items
        }
        #expect(items(ImageAnalysisList.generationSchema, "images") == ImageAnalysis.generationSchema)
        #expect(items(BrainstormIdeaList.generationSchema, "ideas") == BrainstormIdea.generationSchema)
        #expect(items(Tutorial.generationSchema, "steps") == TutorialStep.generationSchema)
        #expect(items(CoachFeedback.generationSchema, "sections") == CoachSection.generationSchema)
    }

    @Test func imageCategoriesAreTheSamplesThreeStrings() throws {
        #expect(
            ImageCategory.allCases.map(\.rawValue) == ["craft supplies", "a finished craft piece", "inspiration for the craft"])
        let json = try GeneratedContent(json: ImageCategory.generationSchema.jsonSchema(.plain))
        #expect(json["enum"] == .array(ImageCategory.allCases.map { .string($0.rawValue) }))
    }

    @Test func anUnresolvedImageReferenceIsAPlainStringAndResolvesToTheLabels() throws {
        let free = try GeneratedContent(json: ImageReference.generationSchema.jsonSchema(.openAIStrict))
        #expect(free["type"] == .string("string") && free["enum"] == nil)
        let resolved = ImageReference.generationSchema.resolving([ImageReference.choicesName: Self.labels])
        #expect(try GeneratedContent(json: resolved.jsonSchema(.plain))["enum"] == .array(Self.labels.map(GeneratedContent.string)))
    }

    @Test func coachFeedbackAsksForTheObservationFirstAndTheVerdictBeforeTheMessage() {
        guard case .object(let properties) = CoachFeedback.generationSchema.kind else {
            Issue.record("not an object")
            return
        }
        #expect(properties.map(\.name) == ["observation", "sections", "isCurrentStepComplete", "completionMessage"])
        #expect(properties[2].description?.hasPrefix("True ONLY if the photo clearly and unambiguously demonstrates") == true)
        #expect(properties[2].description?.contains("Err strongly on the side of false") == true)
        #expect(properties.map(\.isOptional) == [false, false, false, true])
    }

    @Test func theBrainstormPromptDescriptionReadsAsAnOutline() {
        #expect(BrainstormIdeaList.generationSchema.promptDescription == """
            // Craft projects the user could make with their supplies
            {
              // Different projects, each made from the supplies shown (at least 3 items)
              "ideas": [{
                // A short, inviting name for the project
                "title": string,
                // What the project is and how it uses the supplies, in one sentence (at most 180 characters)
                "description": string
              }, …]
            }
            """)
    }

    @Test func responseFormatsAreNamedAfterTheType() {
        let format = Tutorial.generationSchema.responseFormat
        #expect(format.name == "Tutorial")
        #expect(format.plainJSONSchema == Tutorial.generationSchema.jsonSchema(.plain))
        #expect(format.promptDescription.contains(#""instruction": string"#))
    }

    /// A valid answer of each response type, compact; the engine's grammar has the model write it on one line with a
    /// space after each colon and comma (`oneLineJSON`).
    static let compactAnswers: [String: String] = [
        "ImageAnalysisList": #"{"images":[{"image":"Photo_d4e5f6","analysis":"White paper.","#
            + #""typeOfImage":"a finished craft piece"}]}"#,
        "BrainstormIdeaList": #"{"ideas":[{"title":"Crane","description":"A crane."},"#
            + #"{"title":"Cup","description":"A cup."},{"title":"Box","description":"A box."}]}"#,
        "Tutorial": #"{"title":"Cup","materials":["paper"],"steps":["#
            + #"{"number":1,"title":"Fold","instruction":"Fold it."},"#
            + #"{"number":2,"title":"Tuck","instruction":"Tuck it."},"#
            + #"{"number":3,"title":"Open","instruction":"Open it."}]}"#,
        "CoachFeedback": #"{"observation":"A triangle.","sections":[{"title":"Well Done","body":"Crisp."},"#
            + #"{"title":"Next","body":"Fold the sides."}],"#
            + #""isCurrentStepComplete":true,"completionMessage":"Well done."}"#,
        "ExtractedTerms": #"{"terms":["valley fold","crease"]}"#,
        "TermExplanation": #"{"term":"crease","explanation":"A line pressed into the paper."}"#,
    ]

    /// The engine sends every response type as a grammar of one-line JSON (`compactJSONGrammar`), never the JSON
    /// Schema, whose grammar lets the model spend tokens on line breaks and indents; the grammar takes a valid answer
    /// on one line, and neither the same answer laid out on lines nor without its spaces.
    @Test(arguments: responseTypes)
    func everyResponseTypeHasAGrammarOfOneLineAnswers(_ name: String, _ schema: GenerationSchema, _ expected: String)
        throws {
        let matcher = try GrammarMatcher(try #require(schema.compactJSONGrammar, "\(name) has no grammar"))
        let compact = try #require(Self.compactAnswers[name])
        let answer = oneLineJSON(compact)
        #expect(matcher.accepts(answer), "\(name)")
        #expect(try schema.validate(GeneratedContent(json: answer)).isEmpty, "the sample answer of \(name) is valid")
        #expect(!matcher.accepts(compact), "\(name)")
        #expect(!matcher.accepts(answer.replacingOccurrences(of: "{", with: "{\n  ")), "\(name)")
    }

    /// The congratulation follows a complete verdict only, so a "not complete" costs no message.
    @Test func theCoachsGrammarTakesACongratulationOnlyAfterAComplete() throws {
        let matcher = try GrammarMatcher(try #require(CoachFeedback.generationSchema.compactJSONGrammar))
        let answer = oneLineJSON(try #require(Self.compactAnswers["CoachFeedback"]))
        let notComplete = answer.replacingOccurrences(of: #""isCurrentStepComplete": true"#,
                                                      with: #""isCurrentStepComplete": false"#)
        #expect(!matcher.accepts(notComplete))
        let withoutMessage = notComplete.replacingOccurrences(of: #", "completionMessage": "Well done.""#, with: "")
        #expect(matcher.accepts(withoutMessage))
    }

    @Test func photoCategoriesHaveAGrammarOfOneLineAnswersToo() throws {
        let schema = PhotoCategoryList.schema(labels: Self.labels)
        let matcher = try GrammarMatcher(try #require(schema.compactJSONGrammar))
        #expect(matcher.accepts(#"{"Photo_a1b2c3": "supplies", "Photo_d4e5f6": "inspiration"}"#))
        #expect(!matcher.accepts(#"{"Photo_a1b2c3": "supplies", "Photo_d4e5f6": "a cat"}"#))
    }
}

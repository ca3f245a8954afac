@testable import CraftCore
@testable import CraftSchema
import Testing

@Suite struct DomainRulesTests {
    static func steps(_ instructions: [String]) -> [TutorialStep] {
        instructions.enumerated().map { TutorialStep(number: $0 + 1, title: "Step \($0 + 1)", instruction: $1) }
    }

    static let good = ["Fold the square in half.", "Fold the corners to the crease.", "Tuck the flaps into the pockets."]

    @Test func theTutorialInstructionsAskForTheStepCountTheRuleChecks() {
        let range = Tutorial.stepCountRange
        let asked = "gives \(range.lowerBound) to \(range.upperBound) steps in order"
        #expect(CraftInstructions.tutorial.text.contains(asked))
        // The recorded cassettes hold these instructions word for word.
        #expect(CraftInstructions.tutorial.text.contains("then gives 3 to 10 steps in order; every step is one new"))
    }

    @Test(arguments: [
        (good, ["paper"], []),
        (Array(good.prefix(2)), ["paper"], ["steps: 2 steps; write 3 to 10 steps"]),
        ((1...11).map { "Make fold number \($0)." }, ["paper"], ["steps: 11 steps; write 3 to 10 steps"]),
        (good + ["fold THE square in half"], ["paper"],
         ["steps[3].instruction: repeats step 1; every step must do something new"]),
        (good + ["Fold a square in half again."], ["paper"], []),
        (["Fold the top corner to the bottom.", "Fold the bottom corner to the top.", "Open it."], ["paper"], []),
        (good, ["painting medium", "brush", "Painting medium.", "the brush"],
         ["materials[2]: \"Painting medium.\" repeats materials[0]; list each once",
          "materials[3]: \"the brush\" repeats materials[1]; list each once"]),
    ] as [([String], [String], [String])])
    func tutorialRules(instructions: [String], materials: [String], expected: [String]) {
        let tutorial = Tutorial(title: "Cup", materials: materials, steps: Self.steps(instructions))
        #expect(tutorial.ruleViolations == expected)
    }

    @Test(arguments: [
        ("beige", false), ("Crimson.", false), ("light beige and cream", false), ("Mostly dark blue with white", false),
        ("A folded crane.", true), ("Red paper squares.", true), ("A ball of yarn on knitting needles", true),
        ("The photo shows blue origami paper with a crease along its middle.", true),
    ])
    func anAnalysisIsASentenceAboutThePhoto(analysis: String, valid: Bool) {
        let image = ImageAnalysis(image: ImageReference("Photo_a1b2c3"), analysis: analysis,
                                  typeOfImage: .supplies)
        #expect(image.ruleViolations.isEmpty == valid)
        let list = ImageAnalysisList(images: [image, image])
        #expect(list.ruleViolations.allSatisfy { $0.hasPrefix("images[") && $0.contains("].analysis: ") })
        #expect(list.ruleViolations.count == (valid ? 0 : 2))
    }

    @Test func ideasNeedDistinctTitles() {
        let ideas = ["Paper crane", "Star box", "The paper crane!"].map { BrainstormIdea(title: $0, description: "d") }
        #expect(BrainstormIdeaList(ideas: ideas).ruleViolations == [
            "ideas[2].title: \"The paper crane!\" repeats an earlier idea; offer different ideas",
        ])
    }

    /// A repair table: the type's answer before, after, and how many repairs were reported.
    @Test(arguments: [
        (
            "tutorial", #"{"title": "Cup", "materials": ["paper", " Paper. ", "glue"], "steps": ["#
                + #"{"number": 1, "title": "Fold", "instruction": "Fold it."}, "#
                + #"{"number": 2, "title": "fold", "instruction": "fold it"}, "#
                + #"{"number": 3, "title": "Tuck", "instruction": "Tuck it."}]}"#,
            #"{"title":"Cup","materials":["paper","glue"],"steps":[{"number":1,"title":"Fold","instruction":"Fold it."},"#
                + #"{"number":2,"title":"Tuck","instruction":"Tuck it."}]}"#,
            ["whitespace trimmed at the ends of 1 text", "materials[1]: \"Paper.\" repeats materials[0]; removed",
             "steps[1]: \"fold\" repeats steps[0]; removed", "steps: renumbered 1 to 2"]
        ),
        (
            "tutorial, same title but another instruction",
            #"{"title": "Cup", "materials": ["paper"], "steps": [{"number": 1, "title": "Fold", "instruction": "A."}, "#
                + #"{"number": 2, "title": "Fold", "instruction": "B."}]}"#,
            #"{"title":"Cup","materials":["paper"],"steps":[{"number":1,"title":"Fold","instruction":"A."},"#
                + #"{"number":2,"title":"Fold","instruction":"B."}]}"#,
            []
        ),
        (
            "coach",
            #"{"observation": "Flat.", "sections": [], "isCurrentStepComplete": false, "completionMessage": "Well done!"}"#,
            #"{"observation":"Flat.","sections":[],"isCurrentStepComplete":false,"completionMessage":null}"#,
            ["completionMessage: dropped, since isCurrentStepComplete is false (the verdict stands)"]
        ),
        (
            "coach, complete",
            #"{"observation": "Done.", "sections": [], "isCurrentStepComplete": true, "completionMessage": "Yes!"}"#,
            #"{"observation":"Done.","sections":[],"isCurrentStepComplete":true,"completionMessage":"Yes!"}"#,
            []
        ),
        (
            "ideas",
            #"{"ideas": [{"title": "Crane", "description": "Fold it."}, {"title": "crane", "description": "fold it"}]}"#,
            #"{"ideas":[{"title":"Crane","description":"Fold it."}]}"#,
            ["ideas[1]: \"crane\" repeats ideas[0]; removed"]
        ),
        (
            "terms",
            #"{"terms": ["valley fold", "Valley-fold", "crease"]}"#,
            #"{"terms":["valley fold","crease"]}"#,
            ["terms[1]: \"Valley-fold\" repeats terms[0]; removed"]
        ),
    ])
    func repairsThatCannotChangeTheMeaning(type: String, answer: String, repaired: String, repairs: [String]) throws {
        var repair = AnswerRepair(try GeneratedContent(json: answer))
        repair.trimWhitespace()
        switch type.prefix(while: { $0 != "," }) {
        case "tutorial": Tutorial.repair(&repair)
        case "coach": CoachFeedback.repair(&repair)
        case "ideas": BrainstormIdeaList.repair(&repair)
        default: ExtractedTerms.repair(&repair)
        }
        #expect(repair.content == (try GeneratedContent(json: repaired)))
        #expect(repair.repairs == repairs)
    }

    @Test func stepsNumberedWronglyAreNotRenumbered() throws {
        let answer = #"{"steps": [{"number": 2, "title": "A", "instruction": "a"}, "#
            + #"{"number": 2, "title": "A", "instruction": "a"}, {"number": 7, "title": "B", "instruction": "b"}]}"#
        var repair = AnswerRepair(try GeneratedContent(json: answer))
        Tutorial.repair(&repair)
        #expect(repair.content["steps"]?.arrayValue?.compactMap { $0["number"]?.intValue } == [2, 7])
        #expect(repair.repairs == ["steps[1]: \"A\" repeats steps[0]; removed"])
    }

    @Test(arguments: [
        // Stopped mid-word at the cap: the whole sentences before the stop are kept.
        ("Fold a cat face. Use the crimson squares for the ears and the gol", 48, "Fold a cat face."),
        // No sentence end, or one too early to keep: the last whole word, marked as cut.
        ("Fold a cat face from the crimson squares and the gold", 30, "Fold a cat face from the…"),
        ("Yes. Fold a cat face from the crimson squares", 30, "Yes. Fold a cat face from the…"),
        // A text that ran past its cap on a backend that does not constrain it.
        ("One sentence. Two sentences. Three sentences and more words", 40, "One sentence. Two sentences."),
    ])
    func aTextStoppedAtItsLengthGuideEndsAtItsLastWholeSentence(text: String, cap: Int, ended: String) {
        #expect(AnswerRepair.ended(text, within: cap) == ended)
        #expect(AnswerRepair.ended(text, within: cap).count <= cap)
    }

    @Test(arguments: [
        ("The fox's body is a salmon", 30, true), ("A fox with a white tail.", 30, false), ("A fox.", 30, false),
        ("A fox with a white tail (and ears).", 40, false), ("A fox with a white tail and", 40, false),
        (String(repeating: "a", count: 30), 30, true),
    ])
    func aTextNearItsGuideThatEndsNoSentenceWasStopped(text: String, guide: Int, stopped: Bool) {
        #expect(AnswerRepair.stopped(text, guide: guide) == stopped, "\(text)")
    }

    @Test func onlyTextsThatReachedTheirGuideAreEndedAndEachIsNamed() throws {
        let cap = BrainstormIdea.descriptionLength
        let long = String(repeating: "Fold it neatly. ", count: 20)
        let answer = GeneratedContent.object([.init("ideas", .array([
            .object([.init("title", .string("Cup")), .init("description", .string("A cup."))]),
            .object([.init("title", .string("Boat")), .init("description", .string(long))]),
        ]))])
        var repair = AnswerRepair(answer)
        repair.endCappedTexts(BrainstormIdeaList.generationSchema)
        let descriptions = repair.content["ideas"]?.arrayValue?.compactMap { $0["description"]?.stringValue }
        #expect(descriptions?.first == "A cup.")
        #expect(descriptions?.last.map { $0.count <= cap && $0.hasSuffix("neatly.") } == true)
        #expect(repair.repairs == [
            "ideas[1].description: stopped at its length guide of \(cap) characters; ended at its last whole sentence",
        ])
    }
}

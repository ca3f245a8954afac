@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Testing

@Suite struct LibraryOffersTests {
    let offers = LibraryOffers(library: try! ProjectLibraryTests.library())

    static func analysis(_ text: String, _ category: ImageCategory = .supplies) -> ImageAnalysis {
        ImageAnalysis(image: ImageReference("Photo_a1b2c3"), analysis: text, typeOfImage: category)
    }

    @Test func suppliesAreReadFromTheAnalysesButNotFromInspiration() {
        #expect(LibraryOffers.supplies(in: [Self.analysis("Red and cream origami paper, 15 cm squares.")]) == ["paper"])
        #expect(LibraryOffers.supplies(in: [Self.analysis("A ball of blue yarn on knitting needles.")]) == ["yarn"])
        let fabric = LibraryOffers.supplies(in: [Self.analysis("Printed fabric with four buttons.")])
        #expect(fabric == ["fabric", "buttons"])
        #expect(LibraryOffers.supplies(in: [Self.analysis("A sunset printed on paper.", .inspiration)]) == [])
    }

    @Test func candidatesAreWhatTheSuppliesMakeTheHintFirstThenTheEasiest() {
        let paper = [Self.analysis("Red origami paper.")]
        #expect(offers.candidates(for: paper).map(\.id) == ["paper-cup", "paper-plane", "fox-face", "dog-face"])
        #expect(offers.candidates(for: paper, hint: "a crane please").first?.id == "crane")
        let yarn = offers.candidates(for: [Self.analysis("Yarn in three colours.")])
        #expect(Set(yarn.map(\.craft)) == ["yarn"])
        #expect(offers.candidates(for: [Self.analysis("A wooden table.")]) == [])
    }

    @Test func theModelChoosesAmongTheOffersAndItsChoiceIsMarkedWithTheLibrarysDescription() async throws {
        let ideas = #"""
            {"ideas": [
              {"title": "The Paper Crane", "description": "The red square suits a crane."},
              {"title": "Star box", "description": "A small box with a star lid."},
              {"title": "Paper cup", "description": "Cream paper makes a cup for sweets."}
            ]}
            """#
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper], offers: (offers, []))
        let pass2 = try #require(model.calls[1].prompt?.text)
        #expect(pass2.contains("origami's library has checked steps for these projects, which the supplies allow: "
            + "\"Paper Cup\" (A small cup"))
        #expect(pass2.contains("\"Fox Face\""))
        #expect(result.ideas.map(\.title) == ["Paper Crane", "Star box", "Paper Cup"])
        #expect(result.ideas.map(\.libraryProject) == ["crane", nil, "paper-cup"])
        let crane = try #require(offers.library.projects.first { $0.id == "crane" })
        #expect(result.ideas[0].description == crane.description)
        #expect(result.ideas[1].description == "A small box with a star lid.")
    }

    @Test(arguments: [
        ("Origami Crane", "crane"), ("Paper Cranes", "crane"), ("A Classic Paper Boat", "paper-boat"),
        ("Origami Airplane", "paper-plane"), ("Simple Origami Heart", "heart"),
        ("Fortune Teller Game", "fortune-teller"),
        ("Heart Garland", nil), ("Origami Fox", nil), ("Paper Bookmark", nil), ("Boat Race", nil),
    ] as [(String, String?)])
    func anIdeaIsALibraryProjectWhenOnlyPlainWordsOrAPluralSetItsTitleApart(title: String, id: String?) {
        let named = offers.library.projects.filter { LibraryOffers.names($0, title) }.map(\.id)
        #expect(named == (id.map { [$0] } ?? []), "\(title)")
    }

    @Test func whenTheModelChoosesNoneTheEasiestIsOfferedBesideItsIdeas() async throws {
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper], offers: (offers, []))
        // "Paper crane" and "Fortune teller" are the library's: they are marked; nothing needs adding.
        #expect(result.ideas.map(\.libraryProject) == ["crane", "fortune-teller", nil])
        let none = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), #"""
            {"ideas": [{"title": "Star box", "description": "A box."},
            {"title": "Lantern", "description": "A lantern."},
            {"title": "Bookmark", "description": "A corner bookmark."}]}
            """#])
        let added = try await Brainstorm(session: LanguageModelSession(model: none))
            .run(photos: [Flow.paper], offers: (offers, []))
        #expect(added.ideas.map(\.libraryProject) == [nil, nil, nil, "paper-cup"])
        #expect(added.ideas[3].description.hasSuffix("(From origami's library of checked projects.)"))
    }

    @Test func whenTheModelChoosesNoneEachKindOfSupplyShownGetsAProjectUnlessAHintNarrowsIt() {
        let analyses = [Self.analysis("Squares of origami paper."), Self.analysis("Two skeins of wool yarn.")]
        let ideas = [BrainstormIdea(title: "Star box", description: "A box.")]
        let offered = offers.candidates(for: analyses)
        #expect(offered.first?.id == "paper-cup")
        let both = offers.marked(ideas, analyses: analyses, offered: offered)
        #expect(both.map(\.libraryProject) == [nil, "paper-cup", "pom-pom"])
        #expect(both[2].description.hasSuffix("(From origami's library of checked projects.)"))
        let hinted = offers.marked(ideas, analyses: analyses, offered: offered, hint: "a cup")
        #expect(hinted.map(\.libraryProject) == [nil, "paper-cup"])
        let paperOnly = offers.marked(ideas, analyses: [analyses[0]], offered: offers.candidates(for: [analyses[0]]))
        #expect(paperOnly.map(\.libraryProject) == [nil, "paper-cup"], "no other kind of supply is shown")
    }

    @Test func anIdeaRepeatedAfterTheCorrectionIsDroppedAndTheLibraryFillsItsPlace() async throws {
        let repeated = #"""
            {"ideas": [{"title": "Teal Square Origami", "description": "Fold the teal square."},
            {"title": "Star box", "description": "A box."},
            {"title": "Teal square origami!", "description": "Fold it again."}]}
            """#
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), repeated, repeated])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper], offers: (offers, []))
        #expect(model.calls.count == 3, "the repeat is pointed out once, as any broken rule")
        #expect(result.ideas.map(\.title) == ["Teal Square Origami", "Star box", "Paper Cup"])
        #expect(result.ideas.map(\.libraryProject) == [nil, nil, "paper-cup"])
        #expect(result.repairs == ["dropped 1 idea that repeated an earlier one; added from the library: Paper Cup"])

        let unoffered = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]), repeated, repeated])
        await #expect {
            try await Brainstorm(session: LanguageModelSession(model: unoffered)).run(photos: [Flow.paper])
        } throws: { error in
            guard case ModelError.invalidOutput(let violations) = error else { return false }
            return violations == [
                "ideas[2].title: \"Teal square origami!\" repeats an earlier idea; offer different ideas",
            ]
        }
    }

    @Test func withoutSuppliesThePromptIsTheSamplesOwn() async throws {
        let model = TestLanguageModel(answers: [Flow.analyses(["Photo_a1b2c3"]).replacingOccurrences(
            of: "Red and cream origami paper, 15 cm squares.", with: "A wooden table by a window."), Flow.ideas])
        let result = try await Brainstorm(session: LanguageModelSession(model: model))
            .run(photos: [Flow.paper], offers: (offers, []))
        #expect(model.calls[1].flowPrompt?.segments.count == 2)
        #expect(result.ideas.allSatisfy { $0.libraryProject == nil })
    }
}

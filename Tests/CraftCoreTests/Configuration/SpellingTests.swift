@testable import CraftCore
import Testing

@Suite struct SpellingTests {
    @Test(arguments: [
        ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("abc", "abc", 0), ("ab", "ba", 1),
        ("brianstorm", "brainstorm", 1), ("ca", "abc", 3),
    ])
    func distanceCountsEditsAndSwaps(_ a: String, _ b: String, _ expected: Int) {
        #expect(Spelling.distance(a, b) == expected)
    }

    @Test func suggestsOnlyCloseCandidates() {
        let commands = ["brainstorm", "tutorial", "coach", "term", "status", "doctor"]
        #expect(Spelling.suggestion(for: "brainstrom", among: commands) == "brainstorm")
        #expect(Spelling.suggestion(for: "tutorail", among: commands) == "tutorial")
        #expect(Spelling.suggestion(for: "STATUS", among: commands) == "status")
        #expect(Spelling.suggestion(for: "tut", among: commands) == "tutorial")
        #expect(Spelling.suggestion(for: "xyz", among: commands) == nil)
        #expect(Spelling.suggestion(for: "t", among: commands) == nil)
        #expect(Spelling.suggestion(for: "cooking", among: commands) == nil)
    }
}

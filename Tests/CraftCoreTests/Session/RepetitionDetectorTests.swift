@testable import CraftCore
@testable import CraftImages
@testable import CraftSchema
import CraftTesting
import Testing

@Suite struct RepetitionDetectorTests {
    /// A tutorial stuck on one step, as the 1.5B model wrote it: the same step again and again to the token cap.
    static let loopingTutorial: String = {
        let step = { (number: Int) in
            #"{"number": \#(number), "title": "Fold the smaller triangle in half again", "#
                + #""instruction": "Fold the smaller triangle in half again, matching the edges."}"#
        }
        return #"{"title": "Paper cup", "materials": ["origami paper"], "steps": ["#
            + (1...60).map(step).joined(separator: ", ") + "]}"
    }()

    /// A list cycling through three items, as in "Choose a Painting Medium / Choose a Brush / Choose a Water".
    static let cyclingTutorial: String = {
        let names = ["Painting Medium", "Brush", "Water"]
        let steps = (0..<60).map { index in
            let name = names[index % 3]
            return #"{"number": \#(index + 1), "title": "Choose a \#(name)", "instruction": "Choose a \#(name) "#
                + #"that suits your painting."}"#
        }
        return #"{"title": "Painting", "materials": ["paint"], "steps": ["# + steps.joined(separator: ", ") + "]}"
    }()

    /// A long, good tutorial: fifteen distinct steps whose keys repeat in every item, sharing short phrases.
    static let longGoodTutorial: String = {
        let actions = [
            "Crease the square along both diagonals and unfold it flat", "Bring the left corner to the centre point",
            "Bring the right corner to the centre point as well", "Turn the model over so the folded flaps face down",
            "Fold the bottom edge up to meet the top edge", "Tuck the front flap into the pocket of the cup",
            "Fold the lower left point across to the right side edge", "Fold the lower right point across to the left",
            "Open the top pocket slightly with a finger", "Press the base flat so the cup can stand",
            "Sharpen every crease with a thumbnail", "Check that both side flaps lie flush",
            "Round the rim gently between two fingers", "Decorate the outside with a small stamp",
            "Fill the finished cup with dry sweets or seeds",
        ]
        let steps = actions.enumerated().map { index, action in
            #"{"number": \#(index + 1), "title": "Step \#(index + 1) of the paper cup", "#
                + #""instruction": "\#(action); keep the paper square and the edges neat."}"#
        }
        let materials = #"["one square of origami paper", "a flat table", "a bone folder"]"#
        return #"{"title": "Paper cup", "materials": \#(materials), "steps": ["# + steps.joined(separator: ", ") + "]}"
    }()

    /// Three photos described with the same formulaic opening: repetitive, not a loop.
    static let formulaicAnalyses = #"{"images": ["#
        + ["warm orange", "cool blue", "bright green"].enumerated().map { index, colour in
            #"{"image": "Photo_00000\#(index)", "analysis": "The photo shows a sheet of origami paper in \#(colour) "#
                + #"lying on a table.", "typeOfImage": "craft supplies"}"#
        }.joined(separator: ", ") + "]}"

    static func findings(_ text: String, chunkSize: Int) -> RepetitionDetector.Finding? {
        var detector = RepetitionDetector()
        var rest = Substring(text)
        while !rest.isEmpty {
            if let found = detector.feed(rest.prefix(chunkSize)) { return found }
            rest = rest.dropFirst(chunkSize)
        }
        return nil
    }

    @Test(arguments: [loopingTutorial, cyclingTutorial])
    func aLoopIsFoundAtTheSamePlaceAtEveryChunkSize(_ text: String) throws {
        let whole = try #require(Self.findings(text, chunkSize: text.count))
        for size in 1...97 {
            #expect(Self.findings(text, chunkSize: size) == whole, "chunk size \(size)")
        }
        #expect(whole.occurrences == 3)
        #expect(whole.offset < text.unicodeScalars.count / 4, "found long before the answer's end")
    }

    @Test func theLoopingStepIsFoundWithinItsThirdRepeat() throws {
        let found = try #require(Self.findings(Self.loopingTutorial, chunkSize: 5))
        let thirdStep = try #require(Self.loopingTutorial.range(of: #"{"number": 3,"#))
        let fourthStep = try #require(Self.loopingTutorial.range(of: #"{"number": 4,"#))
        let offset = { (index: String.Index) in Self.loopingTutorial.unicodeScalars[..<index].count }
        #expect(offset(thirdStep.lowerBound) < found.offset && found.offset < offset(fourthStep.lowerBound))
        #expect(found.description.hasSuffix("\" 3 times"))
        #expect(found.phrase.split(separator: " ").count == RepetitionDetector.Rule.standard.phraseLength)
    }

    @Test(arguments: [longGoodTutorial, formulaicAnalyses])
    func aLongAnswerWithRepeatedKeysIsNoLoop(_ text: String) {
        for size in Array(1...97) + [text.count] {
            #expect(Self.findings(text, chunkSize: size) == nil, "chunk size \(size)")
        }
    }

    @Test func keysAndNumbersAreNotWords() {
        let record = #"{"number": 1, "title": "", "instruction": "", "isCurrentStepComplete": false}"#
        let text = "[" + Array(repeating: record, count: 200).joined(separator: ", ") + "]"
        #expect(Self.findings(text, chunkSize: 11) == nil)
    }

    @Test(arguments: [1, 4, 300])
    func aRunWithoutWordsIsALoop(chunkSize: Int) throws {
        let text = #"{"title": "Crane", "steps": ["# + String(repeating: " \n", count: 400)
        let found = try #require(Self.findings(text, chunkSize: chunkSize))
        #expect(found.occurrences == 1 && found.description == "256 characters without a word")
        #expect(found.offset == #"{"title": "Crane", "steps"#.count + 256, "256 characters after the last letter")
    }

    @Test func escapedLineBreaksInsideAStringAreNoWords() throws {
        let text = #"{"observation": "Good"# + String(repeating: #"\n"#, count: 200)
        #expect(try #require(Self.findings(text, chunkSize: 3)).description == "256 characters without a word")
        #expect(Self.findings(#"{"a": "caf\u00e9 caf\u00e9 caf\u00e9 caf\u00e9"}"#, chunkSize: 1) == nil)
    }

    @Test func prosOutsideJSONIsWatchedToo() throws {
        let text = "Sure! " + String(repeating: "Fold the paper in half and then fold it again. ", count: 5)
        let found = try #require(Self.findings(text, chunkSize: 9))
        #expect(found.phrase.hasPrefix("fold") || found.phrase.contains("fold the paper"))
    }

    @Test func wordsAreComparedWithoutCaseOrPunctuation() throws {
        let sentence = ["Fold the top corner down to the bottom edge, then crease.", "FOLD the top corner down to "
            + "the bottom edge; then crease!", "fold the top corner down — to the bottom edge then crease"]
        let text = #"{"steps": ["# + sentence.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        #expect(try #require(Self.findings(text, chunkSize: 4)).occurrences == 3)
    }

    @Test func theDetectorReadsNothingAfterALoop() throws {
        var detector = RepetitionDetector(rule: .init(phraseLength: 2, occurrences: 2))
        let first = detector.feed(#"["fold it", "fold it", "#)
        let found = try #require(first)
        let later = detector.feed(#""anything else"]"#)
        #expect(later == found)
    }
}

@Suite struct RecordedLoopTests {
    @Test func aRecordedLoopIsCutWithinItsFirstFewRepeatsAtEveryChunkSize() throws {
        let text = String(decoding: try WireFixtures.bytes("loops/coach-observation-loop.txt"), as: UTF8.self)
        let whole = try #require(RepetitionDetectorTests.findings(text, chunkSize: text.count))
        for size in WireFixtures.sizes(for: 400) {
            #expect(RepetitionDetectorTests.findings(text, chunkSize: size) == whole, "chunk size \(size)")
        }
        let sentence = "this folds the front layer of the top point down over the flaps along their top edges"
        #expect((sentence + " " + sentence).contains(whole.phrase), "\(whole.phrase)")
        #expect(whole.offset < 400, "cut at character \(whole.offset) of \(text.unicodeScalars.count)")
    }
}

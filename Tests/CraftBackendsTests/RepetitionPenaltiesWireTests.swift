@testable import CraftBackends
@testable import CraftSchema
import Foundation
import Testing

@Suite struct RepetitionPenaltiesWireTests {
    static let penalties = RepetitionPenalties(
        repeatPenalty: 1.1, repeatLastN: 256, presencePenalty: 0.3, frequencyPenalty: 0.2,
        dry: .init(multiplier: 0.8, base: 1.75, allowedLength: 4, penaltyLastN: 1024)
    )

    /// Every wire that carries sampling, and where in its body the sampling fields sit.
    enum Wire: String, CaseIterable, CustomTestStringConvertible {
        case engineCompletion, llamaServerChat, genericChat, openAIChat, ollama

        var testDescription: String { rawValue }

        func fields(_ options: GenerationOptions) throws -> [String: Any] {
            let request = GenerationRequest(options: options)
            let transcript = Transcript(entries: [.prompt(Prompt([.text("Hi")]))])
            let body: GeneratedContent
            switch self {
            case .engineCompletion:
                body = EngineCompletion(model: "m").body(prompt: [.string("p")], request: request)
            case .llamaServerChat:
                body = OpenAIRequestBuilder(model: "m", flavor: .llamaServer).body(for: transcript, request: request)
            case .genericChat:
                body = OpenAIRequestBuilder(model: "m", flavor: .generic).body(for: transcript, request: request)
            case .openAIChat:
                body = OpenAIRequestBuilder(model: "m", flavor: .openAI).body(for: transcript, request: request)
            case .ollama:
                body = OllamaRequestBuilder(model: "m", keepAlive: nil, contextSize: nil)
                    .body(for: transcript, request: request, thinking: false)
            }
            let json = try #require(try JSONSerialization.jsonObject(with: Data(body.jsonString.utf8)) as? [String: Any])
            return self == .ollama ? json["options"] as? [String: Any] ?? [:] : json
        }

        /// The penalty fields the wire's server understands.
        var expectedKeys: Set<String> {
            switch self {
            case .engineCompletion, .llamaServerChat:
                [
                    "repeat_penalty", "repeat_last_n", "presence_penalty", "frequency_penalty", "dry_multiplier",
                    "dry_base", "dry_allowed_length", "dry_penalty_last_n",
                ]
            case .ollama: ["repeat_penalty", "repeat_last_n", "presence_penalty", "frequency_penalty"]
            case .genericChat, .openAIChat: ["presence_penalty", "frequency_penalty"]
            }
        }
    }

    static let allKeys: Set<String> = Wire.engineCompletion.expectedKeys

    @Test(arguments: Wire.allCases)
    func eachBodyCarriesThePenaltiesItsServerKnows(_ wire: Wire) throws {
        let fields = try wire.fields(GenerationOptions(repetition: Self.penalties))
        #expect(Set(fields.keys).intersection(Self.allKeys) == wire.expectedKeys)
        let values: [String: Double] = [
            "repeat_penalty": 1.1, "repeat_last_n": 256, "presence_penalty": 0.3, "frequency_penalty": 0.2,
            "dry_multiplier": 0.8, "dry_base": 1.75, "dry_allowed_length": 4, "dry_penalty_last_n": 1024,
        ]
        for key in wire.expectedKeys {
            #expect((fields[key] as? NSNumber)?.doubleValue == values[key], "\(key)")
        }
    }

    @Test(arguments: Wire.allCases)
    func noPenaltyIsSentWhenNoneIsSet(_ wire: Wire) throws {
        for options in [GenerationOptions(), GenerationOptions(repetition: RepetitionPenalties())] {
            #expect(Set(try wire.fields(options).keys).isDisjoint(with: Self.allKeys))
        }
    }

    @Test func onlyTheSetFieldsAreSent() throws {
        let fields = try Wire.engineCompletion.fields(GenerationOptions(repetition: .init(presencePenalty: 0.5)))
        #expect(Set(fields.keys).intersection(Self.allKeys) == ["presence_penalty"])
    }

    @Test func optionsWithoutPenaltiesEncodeAsBeforeSoRecordingsStillMatch() throws {
        let options = GenerationOptions(temperature: 0.2, sampling: .random(seed: nil), maximumResponseTokens: 1500)
        let json = String(decoding: try JSONEncoder().encode(options), as: UTF8.self)
        #expect(!json.contains("repetition"))
    }

    @Test func penaltiesChangeACassetteKeyAndAreNamedInItsDifferences() {
        let transcript = Transcript(entries: [.prompt(Prompt([.text("Hi")]))])
        let plain = CassetteRequest(model: "m", transcript: transcript, request: .init())
        let penalised = CassetteRequest(
            model: "m", transcript: transcript, request: .init(options: .init(repetition: Self.penalties)))
        #expect(plain.key != penalised.key)
        #expect(plain.differences(from: penalised, ignoringModel: true) == [
            "options: repetition penalties repeat 1.1 over 256, presence 0.3, frequency 0.2, DRY 0.8×1.75^(n−4) over "
                + "1024 instead of repetition penalties none",
        ])
    }

    @Test(arguments: [0, 1, 2])
    func strengthenedPenaltiesGrowWithEachStep(_ steps: Int) {
        let stronger = Self.penalties.strengthened(by: steps)
        let stepped = Double(steps)
        if steps == 0 { #expect(stronger == Self.penalties) }
        #expect(stronger.repeatPenalty == 1.1 + 0.05 * stepped)
        #expect(stronger.presencePenalty == 0.3 + 0.2 * stepped)
        #expect(stronger.dry?.multiplier == 0.8 + 0.4 * stepped)
        #expect(stronger.dry?.penaltyLastN == 1024)
    }

    @Test func strengtheningNothingTurnsPenaltiesOn() throws {
        let stronger = RepetitionPenalties().strengthened(by: 1)
        #expect(stronger.repeatPenalty == 1.05 && stronger.repeatLastN == 256)
        let dry = try #require(stronger.dry)
        #expect(dry.multiplier == 0.8 && dry.penaltyLastN == 256)
    }
}

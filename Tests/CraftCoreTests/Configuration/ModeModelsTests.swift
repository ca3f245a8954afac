@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// Which model each mode runs on and where that came from: defaults, `--model`, `--small-model`, the environment
/// and the configuration file, on the engine and on the other backends.
struct ModeModelsTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func factory(
        _ flags: [String: String] = [:],
        environment: [String: String] = [:],
        file: String? = nil
    ) throws -> BackendFactory {
        let configuration = try Configuration.resolve(
            flags: flags, environment: environment, file: file.map { ("/config.json", Data($0.utf8)) })
        return BackendFactory(
            configuration: configuration, engineEnvironment: sandbox.environment(extra: environment))
    }

    private var models: String { sandbox.root + "/data/origami/models/" }

    @Test func theEngineRunsTheLargeModelAndTermTheSmallOneByDefault() throws {
        let modes = try factory().modeModels()
        #expect(modes.primary.modes == [.brainstorm, .tutorial, .coach])
        #expect(modes.primary.backend == .engine)
        #expect(modes.primary.model == models + "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
        #expect(modes.primary.shownModel == "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
        #expect(modes.primary.origin == "default")
        #expect(modes.term.modes == [.term])
        #expect(modes.term.model == models + "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
        #expect(modes.term.origin == "default: the small model")
        #expect(modes.termHasOwnModel)
        #expect(modes.summary
            == "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf, term: qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
    }

    @Test(arguments: [
        (["model": "/m/mine.gguf"], [String: String](), "flag --model"),
        ([:], ["ORIGAMI_MODEL": "/m/mine.gguf"], "environment ORIGAMI_MODEL"),
    ])
    func aNamedModelRunsEveryMode(flags: [String: String], environment: [String: String], origin: String) throws {
        let modes = try factory(flags, environment: environment).modeModels()
        #expect(modes.primary.model == "/m/mine.gguf")
        #expect(modes.primary.origin == origin)
        #expect(modes.term.model == "/m/mine.gguf")
        #expect(modes.term.origin == "same model: \(origin)")
        #expect(!modes.termHasOwnModel)
        #expect(modes.summary == nil)
    }

    @Test func aModelInTheConfigurationFileRunsEveryModeAndSaysWhere() throws {
        let modes = try factory(file: #"{"model": "/m/mine.gguf"}"#).modeModels()
        #expect(modes.primary.origin == "/config.json (model)")
        #expect(modes.term.origin == "same model: /config.json (model)")
    }

    @Test func theSmallModelSettingGivesTermItsOwnModelWhateverElseIsNamed() throws {
        let flagged = try factory(["small-model": "/m/tiny.gguf"]).modeModels()
        #expect(flagged.primary.origin == "default")
        #expect(flagged.term.model == "/m/tiny.gguf")
        #expect(flagged.term.origin == "flag --small-model")
        let both = try factory(["model": "/m/big.gguf"], file: #"{"smallModel": "/m/tiny.gguf"}"#).modeModels()
        #expect(both.primary.model == "/m/big.gguf")
        #expect(both.term.model == "/m/tiny.gguf")
        #expect(both.term.origin == "/config.json (smallModel)")
        #expect(both.termHasOwnModel)
        #expect(both.summary == "big.gguf, term: tiny.gguf")
    }

    @Test func doctorListsTheSmallModelSettingAfterTheModel() throws {
        let configuration = try Configuration.resolve(
            flags: ["small-model": "tiny"], environment: [:], file: nil)
        let names = configuration.entries.map(\.name)
        #expect(names.firstIndex(of: "smallModel") == names.firstIndex(of: "model").map { $0 + 1 })
        #expect(configuration.entries.first { $0.name == "smallModel" }?.source == .flag("--small-model"))
        #expect(Configuration.fileKeys.contains("smallModel"))
    }

    @Test func ollamaAndOpenAIUseOneModelForEveryModeUnlessTermIsGivenOne() throws {
        let ollama = try factory(["backend": "ollama"]).modeModels()
        #expect(ollama.primary.model == BackendFactory.defaultOllamaModel)
        #expect(ollama.term.model == BackendFactory.defaultOllamaModel)
        #expect(ollama.term.origin == "same model: default")
        #expect(!ollama.termHasOwnModel)
        let openai = try factory(["backend": "openai", "model": "big"], environment: ["ORIGAMI_SMALL_MODEL": "small"])
        let modes = openai.modeModels()
        #expect(modes.term.backend == .openai)
        #expect(modes.term.model == "small")
        #expect(modes.term.origin == "environment ORIGAMI_SMALL_MODEL")
        #expect(try openai.smallModel()?.name == "openai")
    }

    @Test func theFirstBackendDecides() throws {
        let engineFirst = try factory(["backend": "engine,ollama"]).modeModels()
        #expect(engineFirst.termHasOwnModel)
        let ollamaFirst = try factory(["backend": "ollama,engine"]).modeModels()
        #expect(!ollamaFirst.termHasOwnModel)
        #expect(ollamaFirst.term.backend == .ollama)
    }

    @Test func replayHasNoSmallModel() throws {
        let replay = try factory(["backend": "replay", "cassette": "/c/flow.jsonl", "small-model": "x"])
        #expect(!replay.modeModels().termHasOwnModel)
        #expect(replay.modeModels().primary.model == "the answers recorded in flow.jsonl")
        #expect(try replay.smallModel() == nil)
    }

    @Test func theSmallEngineRunsOnItsOwnServerAndReadsOnlyTheCurrentMode() throws {
        let engine = try factory()
        let small = try #require(try engine.smallModel() as? CurrentModeLanguageModel)
        let server = try #require(small.wrapped as? EngineLanguageModel)
        #expect(server.manager.role == .small)
        #expect(server.manager.files.state == sandbox.root + "/run/origami/engine-small.json")
        #expect(engine.engineManagers().map(\.role) == [.primary, .small])
        let named = try factory(["model": "/m/mine.gguf"])
        #expect(try named.smallModel() == nil)
        #expect(named.engineManagers().map(\.role) == [.primary])
    }

    @Test func theSmallServerIsGivenTheSmallModelSettingAndNoProjector() throws {
        let engine = try factory(["small-model": "/m/tiny.gguf", "mmproj": "/m/eyes.gguf"])
        let small = engine.engineManager(role: .small).configuration
        #expect(small.explicit.model == LocatedFile(path: "/m/tiny.gguf", source: "flag --small-model"))
        #expect(small.explicit.mmproj == nil)
        #expect(engine.engineManager().configuration.explicit.mmproj?.path == "/m/eyes.gguf")
        let configured = try factory(file: #"{"smallModel": "/m/tiny.gguf"}"#).engineManager(role: .small)
        #expect(configured.configuration.configured.model?.path == "/m/tiny.gguf")
    }
}

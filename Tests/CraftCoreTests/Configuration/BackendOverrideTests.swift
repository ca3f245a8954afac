@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// Settings per backend in a chain: `--backend ollama:qwen2.5vl:3b,engine`, objects in the file's `backend` list,
/// and a shared `model` that reaches only the backends it fits.
struct BackendOverrideTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func configuration(_ flags: [String: String] = [:], file: String? = nil) throws -> Configuration {
        try Configuration.resolve(flags: flags, environment: [:], file: file.map { ("/config.json", Data($0.utf8)) })
    }

    private func factory(_ flags: [String: String] = [:], file: String? = nil) throws -> BackendFactory {
        BackendFactory(configuration: try configuration(flags, file: file), engineEnvironment: sandbox.environment())
    }

    @Test func eachItemOfTheCommandLineChainMayNameItsModelAndServer() throws {
        let chain = try configuration(["backend": "ollama:qwen2.5vl:3b@gpu-box:11434, engine,openai:gpt-4o"])
        #expect(chain.backends.value == [.ollama, .engine, .openai])
        #expect(chain.backendOverrides == [
            .ollama: BackendOverride(model: "qwen2.5vl:3b", baseURL: "gpu-box:11434"),
            .openai: BackendOverride(model: "gpt-4o"),
        ])
        let factory = try factory(["backend": "ollama:qwen2.5vl:3b,engine"])
        #expect(factory.modelSetting(for: .ollama).value == "qwen2.5vl:3b")
        #expect(factory.modelSetting(for: .engine).value == nil)
        #expect(factory.engineManager().configuration.explicit.model == nil)
        #expect(try factory.make(.ollama).name == "ollama")
    }

    @Test func theFileTakesObjectsBesideNames() throws {
        let file = #"{"backend": [{"kind": "ollama", "model": "gemma3:4b", "baseURL": "http://gpu:11434"}, "engine"]}"#
        let chain = try configuration(file: file)
        #expect(chain.backends.value == [.ollama, .engine])
        #expect(chain.backendOverrides[.ollama] == BackendOverride(model: "gemma3:4b", baseURL: "http://gpu:11434"))
        #expect(chain.entries.first { $0.name == "backend" }?.value == "ollama:gemma3:4b@http://gpu:11434,engine")
        for bad in [#"[{"kind": "ollama", "port": 1}]"#, #"[{"model": "x"}]"#, #"[{"kind": "ollama", "model": ""}]"#] {
            guard case .invalidValue(let source, _, _) = try #require(error(file: #"{"backend": \#(bad)}"#)) else {
                Issue.record("\(bad) must be refused as an invalid value")
                continue
            }
            #expect(source == .file(path: "/config.json", key: "backend"))
        }
        #expect(error(["backend": "ollama:"]) != nil)
        #expect(error(["backend": "ollama,,engine"]) != nil)
    }

    @Test func aSharedModelNameNeverSendsTheEngineLookingForAFileOfThatName() throws {
        // The README's example: with Ollama down, the engine answers with its own model.
        let readme = try factory(file: #"{"backend": ["ollama", "engine"], "model": "qwen2.5vl:3b"}"#)
        #expect(readme.modelSetting(for: .ollama).value == "qwen2.5vl:3b")
        #expect(readme.modelSetting(for: .engine).value == nil)
        #expect(readme.engineManager().configuration.configured.model == nil)
        // A GGUF file is the engine's and no server's; alone in the chain a value still goes where it was sent.
        let gguf = try factory(["backend": "ollama,engine", "model": "/models/x.gguf"])
        #expect(gguf.modelSetting(for: .engine).value == "/models/x.gguf")
        #expect(gguf.modelSetting(for: .ollama).value == nil)
        #expect(try factory(["model": "qwen2.5vl:3b"]).modelSetting(for: .engine).value == "qwen2.5vl:3b")
    }

    private func error(_ flags: [String: String] = [:], file: String? = nil) -> ConfigurationError? {
        do {
            _ = try configuration(flags, file: file)
            return nil
        } catch {
            return error as? ConfigurationError
        }
    }
}

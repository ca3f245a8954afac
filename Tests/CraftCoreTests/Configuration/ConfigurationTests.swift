@testable import CraftCore
import Foundation
import Testing

@Suite struct ConfigurationTests {
    let path = "/home/u/.config/origami/config.json"

    private func resolve(
        flags: [String: String] = [:], environment: [String: String] = [:], file: String? = nil
    ) throws -> Configuration {
        try Configuration.resolve(flags: flags, environment: environment, file: file.map { (path, Data($0.utf8)) })
    }

    private func error(
        flags: [String: String] = [:], environment: [String: String] = [:], file: String? = nil
    ) -> ConfigurationError? {
        do {
            _ = try resolve(flags: flags, environment: environment, file: file)
            return nil
        } catch let error as ConfigurationError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func defaultsWhenNothingIsSet() throws {
        let configuration = try resolve()
        #expect(configuration.backends == Setting([.engine], from: .builtIn))
        #expect(configuration.timeout == Setting(300, from: .builtIn))
        #expect(configuration.ollamaURL.value == "http://127.0.0.1:11434")
        #expect(configuration.color == Setting(true, from: .builtIn))
        #expect(configuration.model.value == nil)
    }

    @Test func flagsBeatEnvironmentBeatsFileBeatsDefault() throws {
        let file = #"{"backend": "openai", "timeout": 20, "model": "file-model", "seed": 7}"#
        let environment = ["ORIGAMI_BACKEND": "ollama,engine", "ORIGAMI_TIMEOUT": "30"]
        let configuration = try resolve(flags: ["backend": "replay", "cassette": "c.jsonl"],
                                         environment: environment, file: file)
        #expect(configuration.backends == Setting([.replay], from: .flag("--backend")))
        #expect(configuration.timeout == Setting(30, from: .environment("ORIGAMI_TIMEOUT")))
        #expect(configuration.model == Setting("file-model", from: .file(path: path, key: "model")))
        #expect(configuration.seed == Setting(7, from: .file(path: path, key: "seed")))
        #expect(configuration.maxTokens == Setting(nil, from: .builtIn))
        let fromEnvironment = try resolve(environment: environment, file: file)
        #expect(fromEnvironment.backends == Setting([.ollama, .engine], from: .environment("ORIGAMI_BACKEND")))
        #expect(try resolve(file: file).backends == Setting([.openai], from: .file(path: path, key: "backend")))
    }

    @Test func backendListsAcceptArraysAndDropRepeats() throws {
        let configuration = try resolve(file: #"{"backend": ["ollama", "engine", "ollama"]}"#)
        #expect(configuration.backends.value == [.ollama, .engine])
    }

    @Test func ollamaHostWithoutSchemeGetsOne() throws {
        #expect(try resolve(environment: ["OLLAMA_HOST": "0.0.0.0"]).ollamaURL.value == "http://0.0.0.0:11434")
        #expect(try resolve(environment: ["OLLAMA_HOST": "box:9000"]).ollamaURL.value == "http://box:9000")
        #expect(try resolve(flags: ["base-url": "https://x.example/v1/"]).openAIURL.value == "https://x.example/v1")
    }

    @Test func theAPIKeyComesFromTheEnvironmentOnlyAndNeverPrints() throws {
        let configuration = try resolve(environment: ["OPENAI_API_KEY": "sk-secret-1234"])
        #expect(configuration.apiKey.value?.value == "sk-secret-1234")
        #expect(configuration.apiKey.source == .environment("OPENAI_API_KEY"))
        let report = configuration.entries.map { "\($0.name) \($0.value) \($0.source)" }.joined()
        #expect(!report.contains("sk-secret"))
        #expect(configuration.entries.first { $0.name == "apiKey" }?.value == "set")
        #expect("\(configuration.apiKey.value!)" == "[redacted]")
        let preferred = try resolve(environment: ["OPENAI_API_KEY": "a", "ORIGAMI_API_KEY": "b"])
        #expect(preferred.apiKey.value?.value == "b")
        #expect(error(file: #"{"apiKey": "sk-x"}"#) == .secretInFile(path: path, key: "apiKey"))
    }

    @Test func colourIsOffWithNoColorOrTheFlag() throws {
        #expect(try resolve(environment: ["NO_COLOR": "1"]).color == Setting(false, from: .environment("NO_COLOR")))
        #expect(try resolve(environment: ["NO_COLOR": ""]).color.value)
        #expect(try resolve(flags: ["no-color": ""]).color == Setting(false, from: .flag("--no-color")))
        #expect(try resolve(file: #"{"color": false}"#).color.value == false)
    }

    @Test func visionIsYesNoOrAutoFromFlagEnvironmentOrFile() throws {
        #expect(try resolve().vision == Setting(nil, from: .builtIn))
        #expect(try resolve(flags: ["vision": "no"], environment: ["ORIGAMI_VISION": "yes"]).vision
            == Setting(false, from: .flag("--vision")))
        #expect(try resolve(environment: ["ORIGAMI_VISION": "yes"]).vision
            == Setting(true, from: .environment("ORIGAMI_VISION")))
        #expect(try resolve(file: #"{"vision": true}"#).vision == Setting(true, from: .file(path: path, key: "vision")))
        #expect(try resolve(file: #"{"vision": "auto"}"#).vision.value == nil)
        #expect(error(flags: ["vision": "maybe"]) == .invalidValue(
            source: .flag("--vision"), value: "maybe", expected: "yes, no or auto"))
    }

    @Test func invalidValuesNameTheirSource() {
        #expect(error(flags: ["timeout": "soon"]) == .invalidValue(
            source: .flag("--timeout"), value: "soon", expected: "a number of seconds greater than 0"))
        #expect(error(environment: ["ORIGAMI_TIMEOUT": "-3"])?.exitStatus == .configuration)
        #expect(error(flags: ["temperature": "3"])?.exitStatus == .usage)
        #expect(error(file: #"{"timeout": "ten"}"#) == .invalidValue(
            source: .file(path: path, key: "timeout"), value: "ten", expected: "a number of seconds greater than 0"))
        #expect(error(file: #"{"maxTokens": 2.5}"#)?.exitStatus == .configuration)
        #expect(error(file: #"{"seed": true}"#)?.exitStatus == .configuration)
        #expect(error(environment: ["OPENAI_BASE_URL": "ftp://x"])?.exitStatus == .configuration)
    }

    @Test func unknownBackendsAndKeysGetSuggestions() {
        #expect(error(flags: ["backend": "olama"]) == .unknownBackend(
            source: .flag("--backend"), name: "olama", suggestion: "ollama"))
        #expect(error(file: #"{"timout": 5}"#) == .unknownKey(path: path, key: "timout", suggestion: "timeout"))
        let message = "\(error(file: #"{"timout": 5}"#)!)"
        #expect(message.contains(path) && message.contains("timout") && message.contains("timeout"))
    }

    @Test func malformedFilesAreConfigurationErrors() {
        #expect(error(file: "{not json") == .invalidJSON(
            path: path, line: 1, column: 2, problem: "found 'n', expected a key in double quotes or '}'"))
        #expect(error(file: "[1, 2]") == .malformedFile(path: path, detail: "the top level is not an object"))
        #expect(error(file: "{not json")?.exitStatus == .configuration)
    }

    @Test func aTrailingCommaIsRefusedWithTheFileAndTheCommasPosition() {
        #expect(error(file: #"{"model": "qwen",}"#) == .invalidJSON(
            path: path, line: 1, column: 17,
            problem: "a ',' right before '}', which JSON does not allow: remove that comma"))
        let indented = "{\n  \"backend\": [\"ollama\", \"engine\",],\n  \"model\": \"qwen\"\n}\n"
        let error = error(file: indented)
        #expect(error == .invalidJSON(
            path: path, line: 2, column: 33,
            problem: "a ',' right before ']', which JSON does not allow: remove that comma"))
        #expect(error.map { "\($0)" } == "\(path):2:33: the configuration file is not valid JSON (a ',' right before "
            + "']', which JSON does not allow: remove that comma); fix it or remove it")
        #expect(error?.exitStatus == .configuration)
    }

    @Test func fileValuesKeepTheirExactNumbers() throws {
        let configuration = try resolve(file: #"{"seed": 18446744073709551615, "maxTokens": 4096, "timeout": 2.5}"#)
        #expect(configuration.seed.value == UInt64.max)
        #expect(configuration.maxTokens.value == 4096)
        #expect(configuration.timeout.value == 2.5)
        #expect(error(file: #"{"seed": 18446744073709551616}"#)?.exitStatus == .configuration)
        #expect(error(file: #"{"backend": ["ollama", 3]}"#)?.exitStatus == .configuration)
    }

    @Test func replayNeedsACassette() {
        #expect(error(flags: ["backend": "replay"]) == .replayWithoutCassette(source: .flag("--backend")))
        #expect(error(environment: ["ORIGAMI_BACKEND": "replay"])?.exitStatus == .configuration)
    }

    @Test func theFileIsFoundThroughXDGConfigHome() {
        #expect(Configuration.fileURL(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/h"]).path
            == "/x/cfg/origami/config.json")
        #expect(Configuration.fileURL(environment: ["HOME": "/h"]).path == "/h/.config/origami/config.json")
    }

    @Test func loadReadsTheFileFromDisk() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cfg-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("origami/config.json")
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"model": "qwen"}"#.utf8).write(to: file)
        let configuration = try Configuration.load(flags: [:], environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(configuration.model == Setting("qwen", from: .file(path: file.path, key: "model")))
    }
}

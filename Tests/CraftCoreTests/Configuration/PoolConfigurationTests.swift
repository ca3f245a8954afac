@testable import CraftBackends
@testable import CraftCore
import CraftTesting
import Foundation
import Testing

/// Several base URLs: from a repeated flag, a comma list, the configuration file's keys and a backend's object,
/// each with an optional number of slots; and the backends the factory makes of them.
@Suite struct PoolConfigurationTests {
    let path = "/home/u/.config/origami/config.json"

    private func resolve(
        flags: [String: String] = [:], environment: [String: String] = [:], file: String? = nil
    ) throws -> Configuration {
        try Configuration.resolve(flags: flags, environment: environment, file: file.map { (path, Data($0.utf8)) })
    }

    @Test func aRepeatedFlagGivesSeveralEndpointsWithTheirSlots() throws {
        // The command line hands a repeated --base-url over one value per line.
        let configuration = try resolve(flags: ["base-url": "http://a:8080\nhttp://b:8080/#slots=4"])
        #expect(configuration.openAIEndpoints.value == [
            PoolEndpoint(url: "http://a:8080"), PoolEndpoint(url: "http://b:8080", slots: 4),
        ])
        #expect(configuration.openAIEndpoints.source == .flag("--base-url"))
        #expect(configuration.openAIURL.value == "http://a:8080")
        #expect(configuration.ollamaEndpoints.value.map(\.url) == ["http://a:8080", "http://b:8080"])
    }

    @Test func aCommaListWorksInTheEnvironmentToo() throws {
        let configuration = try resolve(environment: ["OLLAMA_HOST": "gpu-a, gpu-b:9000#slots=2"])
        #expect(configuration.ollamaEndpoints.value == [
            PoolEndpoint(url: "http://gpu-a:11434"), PoolEndpoint(url: "http://gpu-b:9000", slots: 2),
        ])
    }

    @Test func theFileTakesAListOfURLsAndObjects() throws {
        let file = #"{"openaiBaseURL": ["http://a:8080", {"url": "http://b:8080", "slots": 3}, "http://c#slots=2"]}"#
        let configuration = try resolve(file: file)
        #expect(configuration.openAIEndpoints.value == [
            PoolEndpoint(url: "http://a:8080"), PoolEndpoint(url: "http://b:8080", slots: 3),
            PoolEndpoint(url: "http://c", slots: 2),
        ])
        #expect(configuration.openAIEndpoints.source == .file(path: path, key: "openaiBaseURL"))
        let shown = configuration.entries.first { $0.name == "openaiBaseURL" }?.value
        #expect(shown == "http://a:8080, http://b:8080#slots=3, http://c#slots=2")
    }

    @Test(arguments: [
        ("http://a#slots=0", "--base-url"), ("http://a#slots=x", "--base-url"), ("http://a#4", "--base-url"),
        ("ftp://a", "--base-url"), ("http://a,https://", "--base-url"),
    ])
    func aBadEndpointIsRefusedNamingTheFlag(value: String, flag: String) throws {
        do {
            _ = try resolve(flags: ["base-url": value])
            Issue.record("accepted \(value)")
        } catch let error as ConfigurationError {
            guard case .invalidValue(.flag(flag), _, let expected) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(expected.contains("#slots=N"))
        }
    }

    @Test func aBadObjectInTheFileIsRefusedWithTheKey() throws {
        let file = #"{"openaiBaseURL": [{"url": "http://a", "slots": 0}]}"#
        #expect(throws: ConfigurationError.invalidValue(
            source: .file(path: path, key: "openaiBaseURL"), value: #"[{"url":"http://a","slots":0}]"#,
            expected: ValueKind<[PoolEndpoint]>.endpoints(defaultPort: nil).expected)) { try resolve(file: file) }
    }

    @Test func aBackendObjectTakesAListOfBaseURLs() throws {
        let file = #"{"backend": [{"kind": "openai", "model": "qwen", "baseURL": ["http://a:8080", "http://b:8080"]}]}"#
        let configuration = try resolve(file: file)
        let pool = try #require(try BackendFactory(configuration: configuration).endpointPool(.openai))
        #expect(pool.endpoints.map(\.url) == ["http://a:8080", "http://b:8080"])
        #expect(pool.members.count == 2)
        #expect(pool.name == "openai")
    }

    @Test func oneURLMakesNoPoolAndSeveralMakeOne() throws {
        let one = try resolve(flags: ["backend": "ollama", "base-url": "http://a:11434"])
        #expect(try BackendFactory(configuration: one).endpointPool(.ollama) == nil)
        #expect(try BackendFactory(configuration: one).make(.ollama) is OllamaLanguageModel)
        let two = try resolve(flags: ["backend": "ollama", "base-url": "http://a:11434,http://b:11434"])
        let pool = try #require(try BackendFactory(configuration: two).chain().backends.first as? EndpointPool)
        #expect(pool.members.compactMap { ($0 as? OllamaLanguageModel)?.configuration.baseURL.absoluteString }
            == ["http://a:11434", "http://b:11434"])
    }
}

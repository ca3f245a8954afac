@testable import CraftBackends
import CraftTesting
import Foundation
import Testing

/// Where the server and model are found: named paths first (flags and environment, as the configuration resolved
/// them), then config, setup, `PATH`.
struct EngineLocatorTests {
    let sandbox: EngineSandbox

    init() throws {
        sandbox = try EngineSandbox()
    }

    private func locator(
        _ configuration: EngineConfiguration = .init(),
        extra: [String: String] = [:]
    ) -> EngineLocator {
        EngineLocator(configuration: configuration, environment: sandbox.environment(extra: extra))
    }

    /// Installs a server and a role's verified model where `scripts/setup` puts them.
    private func installSetup(_ role: EngineRole = .primary, stamp: String? = nil, bytes: Int? = nil) throws {
        try sandbox.write("data/origami/engine/\(EngineSetup.engineVersion)/bin/llama-server", "#!/bin/sh\n",
                          executable: true)
        let expected = EngineSetup.model(for: role)
        let model = sandbox.root + "/data/origami/models/" + expected.fileName
        try sandbox.write("data/origami/models/\(expected.fileName).verified", (stamp ?? expected.sha256) + "\n")
        try #require(FileManager.default.createFile(atPath: model, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: model))
        try handle.truncate(atOffset: UInt64(bytes ?? expected.bytes))
        try handle.close()
    }

    @Test(arguments: EngineRole.allCases)
    func setupLocationsAreUsedWhenNothingIsNamed(role: EngineRole) throws {
        try installSetup(role)
        let found = try locator(EngineConfiguration(role: role)).locate()
        #expect(found.server.source == "scripts/setup")
        #expect(found.model == LocatedFile(
            path: sandbox.root + "/data/origami/models/" + EngineSetup.model(for: role).fileName,
            source: "scripts/setup"))
        #expect(found.mmproj == nil)
    }

    @Test func eachRoleRunsItsOwnSetupModel() throws {
        #expect(EngineSetup.primaryModel.fileName == "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf")
        #expect(EngineSetup.smallModel.fileName == "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf")
        try installSetup(.small)
        #expect(throws: EngineError.modelMissing(
            path: sandbox.root + "/data/origami/models/" + EngineSetup.primaryModel.fileName, source: "scripts/setup")
        ) { try locator().model() }
        #expect(try locator(EngineConfiguration(role: .small)).model().source == "scripts/setup")
    }

    @Test func theLocatorReadsNoVariableOfItsOwn() throws {
        // The environment's names (ORIGAMI_MODEL, ORIGAMI_MMPROJ, ORIGAMI_LLAMA_SERVER) are read once, by the
        // configuration; retired names of the same files change nothing here.
        try installSetup()
        let env = try sandbox.fakeModel("env.gguf")
        let retired = ["ORIGAMI_MODEL_PATH": env, "ORIGAMI_MMPROJ_PATH": env, "ORIGAMI_LLAMA_SERVER": env]
        let found = try locator(extra: retired).locate()
        #expect(found.model.source == "scripts/setup")
        #expect(found.server.source == "scripts/setup")
        #expect(try locator(extra: retired).mmproj() == nil)
    }

    @Test func explicitBeatsConfig() throws {
        let flag = try sandbox.fakeModel("flag.gguf")
        let config = try sandbox.fakeModel("config.gguf")
        let everything = EngineConfiguration(
            explicit: EnginePaths(model: LocatedFile(path: flag, source: "--model")),
            configured: EnginePaths(model: LocatedFile(path: config, source: "config")))
        #expect(try locator(everything).model().path == flag)
        var noFlag = everything
        noFlag.explicit = .init()
        #expect(try locator(noFlag).model() == LocatedFile(path: config, source: "config"))
    }

    @Test func aNamedModelThatIsMissingIsReportedNotReplacedByTheDefault() throws {
        try installSetup()
        let missing = sandbox.root + "/nowhere.gguf"
        let named = EngineConfiguration(explicit: EnginePaths(model: LocatedFile(path: missing, source: "--model")))
        #expect(throws: EngineError.modelMissing(path: missing, source: "--model")) { try locator(named).model() }
    }

    @Test func serverFallsBackToPathAndOtherwiseSaysRunSetup() throws {
        let bin = sandbox.root + "/bin"
        #expect(throws: EngineError.serverNotInstalled(
            expected: sandbox.root + "/data/origami/engine/\(EngineSetup.engineVersion)/bin/llama-server")
        ) { try locator(extra: ["PATH": bin]).server() }
        let onPath = try sandbox.write("bin/llama-server", "#!/bin/sh\n", executable: true)
        #expect(try locator(extra: ["PATH": "/nonexistent:" + bin]).server() == LocatedFile(path: onPath, source: "PATH"))
        #expect(EngineError.serverNotInstalled(expected: "x").description.contains("run scripts/setup"))
    }

    @Test func aNamedServerThatIsNotExecutableIsRefused() throws {
        let plain = try sandbox.write("tools/llama-server", "not a program")
        let named = EngineConfiguration(
            explicit: EnginePaths(server: LocatedFile(path: plain, source: "environment ORIGAMI_LLAMA_SERVER")))
        #expect(throws: EngineError.serverNotExecutable(path: plain, source: "environment ORIGAMI_LLAMA_SERVER")) {
            try locator(named).server()
        }
    }

    @Test(arguments: [
        (EngineRole.primary, "0000", EngineSetup.primaryModel.bytes),
        (.primary, EngineSetup.primaryModel.sha256, 1000),
        (.small, EngineSetup.primaryModel.sha256, EngineSetup.smallModel.bytes),
        (.small, EngineSetup.smallModel.sha256, EngineSetup.primaryModel.bytes),
    ])
    func setupModelWithoutAMatchingStampOrSizeIsUnverified(role: EngineRole, stamp: String, bytes: Int) throws {
        try installSetup(role, stamp: stamp, bytes: bytes)
        let path = sandbox.root + "/data/origami/models/" + EngineSetup.model(for: role).fileName
        #expect(throws: EngineError.modelUnverified(path: path, bytes: bytes)) {
            try locator(EngineConfiguration(role: role)).model()
        }
    }

    @Test func mmprojIsOptionalAndMustBeGGUF() throws {
        #expect(try locator().mmproj() == nil)
        let projector = try sandbox.write("models/mmproj.gguf", "PK\u{3}\u{4}zip")
        #expect(throws: EngineError.notGGUF(path: projector, firstBytes: "50 4b 03 04")) {
            try locator(EngineConfiguration(explicit: EnginePaths(mmproj: LocatedFile(path: projector, source: "x"))))
                .mmproj()
        }
    }
}

import Foundation
import Testing
@testable import CraftCore

/// Where the server and model are found: named paths first, then the environment, config, setup, `PATH`.
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

    /// Installs a server and a verified model where `scripts/setup` puts them.
    private func installSetup(stamp: String = EngineSetup.modelSHA256, bytes: Int = EngineSetup.modelBytes) throws {
        try sandbox.write("data/origami/engine/\(EngineSetup.engineVersion)/bin/llama-server", "#!/bin/sh\n",
                          executable: true)
        let model = sandbox.root + "/data/origami/models/" + EngineSetup.modelName
        try sandbox.write("data/origami/models/\(EngineSetup.modelName).verified", stamp + "\n")
        FileManager.default.createFile(atPath: model, contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: model))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
    }

    @Test func setupLocationsAreUsedWhenNothingIsNamed() throws {
        try installSetup()
        let found = try locator().locate()
        #expect(found.server.source == "scripts/setup")
        #expect(found.model == LocatedFile(path: sandbox.root + "/data/origami/models/" + EngineSetup.modelName,
                                           source: "scripts/setup"))
        #expect(found.mmproj == nil)
    }

    @Test func explicitBeatsEnvironmentBeatsConfig() throws {
        let flag = try sandbox.fakeModel("flag.gguf")
        let env = try sandbox.fakeModel("env.gguf")
        let config = try sandbox.fakeModel("config.gguf")
        let everything = EngineConfiguration(
            explicit: EnginePaths(model: LocatedFile(path: flag, source: "--model")),
            configured: EnginePaths(model: LocatedFile(path: config, source: "config")))
        #expect(try locator(everything, extra: ["ORIGAMI_MODEL_PATH": env]).model().path == flag)
        var noFlag = everything
        noFlag.explicit = .init()
        #expect(try locator(noFlag, extra: ["ORIGAMI_MODEL_PATH": env]).model()
            == LocatedFile(path: env, source: "ORIGAMI_MODEL_PATH"))
        #expect(try locator(noFlag).model().path == config)
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
        #expect(throws: EngineError.serverNotExecutable(path: plain, source: "ORIGAMI_LLAMA_SERVER")) {
            try locator(extra: ["ORIGAMI_LLAMA_SERVER": plain]).server()
        }
    }

    @Test(arguments: [
        ("0000", EngineSetup.modelBytes),
        (EngineSetup.modelSHA256, 1000),
    ])
    func setupModelWithoutAMatchingStampOrSizeIsUnverified(stamp: String, bytes: Int) throws {
        try installSetup(stamp: stamp, bytes: bytes)
        let path = sandbox.root + "/data/origami/models/" + EngineSetup.modelName
        #expect(throws: EngineError.modelUnverified(path: path, bytes: bytes)) { try locator().model() }
    }

    @Test func mmprojIsOptionalAndMustBeGGUF() throws {
        #expect(try locator().mmproj() == nil)
        let projector = try sandbox.write("models/mmproj.gguf", "PK\u{3}\u{4}zip")
        #expect(throws: EngineError.notGGUF(path: projector, firstBytes: "50 4b 03 04")) {
            try locator(extra: ["ORIGAMI_MMPROJ_PATH": projector]).mmproj()
        }
    }
}

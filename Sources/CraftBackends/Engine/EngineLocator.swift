import Foundation

/// Where one of the engine's files was found, and who named it.
public struct LocatedFile: Sendable, Hashable, Codable {
    /// The file's path.
    public var path: String
    /// Who named it, in words: "--model", "environment ORIGAMI_MODEL", "config", "scripts/setup", "PATH".
    public var source: String

    /// Creates a located file.
    public init(path: String, source: String) {
        self.path = path
        self.source = source
    }
}

/// The server, model and projector the engine will run.
public struct EngineInstallation: Sendable, Hashable, Codable {
    /// The `llama-server` executable.
    public var server: LocatedFile
    /// The GGUF model.
    public var model: LocatedFile
    /// The projector, when a vision model was named.
    public var mmproj: LocatedFile?
}

/// Finds `llama-server`, the model and the projector, in the order `EngineConfiguration` documents.
///
/// Each file is looked for in turn; the first name given wins even when that file is missing, so a typo in
/// `--model` is reported rather than silently replaced by the default model.
package struct EngineLocator {
    var configuration: EngineConfiguration
    var environment: EngineEnvironment

    /// A locator for the files `configuration` names or implies in `environment`.
    package init(configuration: EngineConfiguration, environment: EngineEnvironment) {
        self.configuration = configuration
        self.environment = environment
    }

    private var fileManager: FileManager { .default }

    /// Finds all three, or throws the first thing that is missing.
    package func locate() throws(EngineError) -> EngineInstallation {
        EngineInstallation(server: try server(), model: try model(), mmproj: try mmproj())
    }

    /// The server: explicit (`ORIGAMI_LLAMA_SERVER`, as the configuration resolved it), config, the setup
    /// location, then `PATH`.
    func server() throws(EngineError) -> LocatedFile {
        let named = first(configuration.explicit.server, configuration.configured.server)
        if let named {
            guard fileManager.isExecutableFile(atPath: named.path) else {
                throw .serverNotExecutable(path: named.path, source: named.source)
            }
            return named
        }
        let installed = EngineSetup.serverPath(environment)
        if fileManager.isExecutableFile(atPath: installed) {
            return LocatedFile(path: installed, source: "scripts/setup")
        }
        for directory in environment.searchPath {
            let candidate = directory + "/llama-server"
            if fileManager.isExecutableFile(atPath: candidate) { return LocatedFile(path: candidate, source: "PATH") }
        }
        throw .serverNotInstalled(expected: installed)
    }

    /// The model: explicit (a flag or the environment, resolved by the configuration), config, then the setup
    /// location of the role's model (which must be verified).
    func model() throws(EngineError) -> LocatedFile {
        if let named = namedModel() {
            try checkGGUF(named)
            return named
        }
        let installed = EngineSetup.modelPath(environment, role: configuration.role)
        guard fileManager.fileExists(atPath: installed) else {
            throw .modelMissing(path: installed, source: "scripts/setup")
        }
        try checkVerified(installed, against: EngineSetup.model(for: configuration.role))
        return LocatedFile(path: installed, source: "scripts/setup")
    }

    /// The model a person named for this role, unchecked; nil when the role runs the setup model.
    func namedModel() -> LocatedFile? {
        first(configuration.explicit.model, configuration.configured.model)
    }

    /// The projector: explicit, config; none by default.
    func mmproj() throws(EngineError) -> LocatedFile? {
        let named = first(configuration.explicit.mmproj, configuration.configured.mmproj)
        guard let named else { return nil }
        try checkGGUF(named)
        return named
    }

    private func first(_ candidates: LocatedFile?...) -> LocatedFile? {
        candidates.lazy.compactMap { $0 }.first
    }

    /// A named file must exist and start with the GGUF magic.
    private func checkGGUF(_ file: LocatedFile) throws(EngineError) {
        guard let handle = FileHandle(forReadingAtPath: file.path) else {
            throw .modelMissing(path: file.path, source: file.source)
        }
        defer { try? handle.close() }
        let magic = (try? handle.read(upToCount: 4)) ?? Data()
        guard magic == Data("GGUF".utf8) else {
            throw .notGGUF(path: file.path, firstBytes: magic.map { String(format: "%02x", $0) }.joined(separator: " "))
        }
    }

    /// The setup model is trusted only with its `.verified` stamp (written after the sha256 matched) and its size.
    private func checkVerified(_ path: String, against expected: SetupModel) throws(EngineError) {
        let stamp = (try? String(contentsOfFile: path + ".verified", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let size = (try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
        guard stamp == expected.sha256, size == expected.bytes else {
            throw .modelUnverified(path: path, bytes: size)
        }
    }
}

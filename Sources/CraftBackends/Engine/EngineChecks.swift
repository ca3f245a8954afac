import CraftSchema
import Foundation

/// One line of `origami doctor` about the engine.
public struct EngineCheck: Sendable, Hashable {
    /// What was checked: "llama-server", "model", "processor", "port", "last start", "server"; the small model's
    /// server adds "small model", "small server's last start", "small server".
    public var name: String
    /// Whether it is fine.
    public var passed: Bool
    /// What was found, or what is wrong and what to do.
    public var detail: String

    /// Creates a check result.
    public init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}

/// The engine's health checks: installation, model checksum, processor instructions, port, last failure.
struct EngineChecks {
    var environment: EngineEnvironment

    /// The flags `/proc/cpuinfo` lists for the first processor.
    func processorFlags() -> Set<String> {
        guard let text = try? String(contentsOfFile: environment.procDirectory + "/cpuinfo", encoding: .utf8) else {
            return []
        }
        let line = text.split(separator: "\n").first { $0.hasPrefix("flags") }
        guard let values = line?.split(separator: ":", maxSplits: 1).last else { return [] }
        return Set(values.split(separator: " ").map(String.init))
    }

    /// The instruction-set flags the engine in the setup directory was compiled for, nil when not recorded.
    ///
    /// The setup script builds llama.cpp with `GGML_NATIVE`, i.e. for the processor it ran on, and writes that
    /// processor's SIMD flags next to the build; a build copied to (or cached for) another machine may use
    /// instructions this one lacks and would die of SIGILL mid-load.
    func requiredFlags() -> Set<String>? {
        guard let text = try? String(contentsOfFile: EngineSetup.cpuFlagsPath(environment), encoding: .utf8) else {
            return nil
        }
        return Set(text.split(whereSeparator: \.isWhitespace).map(String.init))
    }

    /// Whether the setup's build recipe leaves ggml's AMX kernels out; nil when no recipe was recorded (a build by
    /// an older setup, which compiled them in wherever the compiler saw AMX).
    func buildLeavesOutAMX() -> Bool? {
        guard let recipe = try? String(contentsOfFile: EngineSetup.buildRecipePath(environment), encoding: .utf8)
        else { return nil }
        return recipe.contains("-mno-amx-int8")
    }

    /// Throws when the setup-built server needs instructions this processor lacks, or carries AMX kernels that
    /// would die of SIGILL here.
    func checkProcessor(for installation: EngineInstallation) throws(EngineError) {
        try checkProcessor(server: installation.server)
    }

    /// `checkProcessor(for:)` on the server alone.
    func checkProcessor(server: LocatedFile) throws(EngineError) {
        guard server.source == "scripts/setup", let required = requiredFlags() else { return }
        let builtFor = EngineSetup.engineDirectory(environment)
        let flags = processorFlags()
        let missing = required.subtracting(flags).sorted()
        guard missing.isEmpty else { throw .cpuLacksInstructions(missing: missing, builtFor: builtFor) }
        if flags.contains("amx_int8"), required.contains("amx_int8"), buildLeavesOutAMX() != true {
            throw .builtWithAMX(builtFor: builtFor)
        }
    }

    /// The model's sha256 through `sha256sum`, nil when it cannot be computed.
    func sha256(of path: String) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        process.arguments = [path]
        process.standardError = FileHandle.nullDevice
        guard let output = try? ChildLaunch.startReadingOutput(process) else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: " ").first.map(String.init)
    }

    /// Every check, in the order a person fixes things; `verifyChecksum` hashes the whole model (a second or two).
    ///
    /// The small model's server shares the primary's `llama-server`, processor and port checks, so its list holds
    /// only its own model, last start and server.
    func run(
        configuration: EngineConfiguration,
        status: EngineStatus?,
        files: EngineFiles,
        verifyChecksum: Bool
    ) -> [EngineCheck] {
        let locator = EngineLocator(configuration: configuration, environment: environment)
        let role = configuration.role
        var checks: [EngineCheck] = []
        var server: LocatedFile?
        if role == .primary {
            do {
                let found = try locator.server()
                server = found
                checks.append(EngineCheck(
                    name: "llama-server", passed: true, detail: "\(found.path) (from \(found.source))"))
            } catch {
                checks.append(EngineCheck(name: "llama-server", passed: false, detail: error.reason))
            }
        }
        do {
            checks.append(modelCheck(try locator.model(), role: role, verifyChecksum: verifyChecksum))
        } catch {
            checks.append(EngineCheck(name: Self.name("model", role), passed: false, detail: error.reason))
        }
        if let server {
            checks.append(processorCheck(server))
            if let smoke = smokeTestCheck(server) { checks.append(smoke) }
        }
        if role == .primary, let port = configuration.port {
            checks.append(portCheck(port, status: status))
        }
        if let failure = try? String(contentsOfFile: files.lastFailure, encoding: .utf8) {
            checks.append(EngineCheck(name: Self.name("last start", role), passed: false, detail: failure))
        }
        switch status {
        case .running(let running):
            checks.append(EngineCheck(
                name: Self.name("server", role), passed: true,
                detail: "running on port \(running.record.port), pid \(running.record.pid)"))
        case .stopped(let note):
            checks.append(EngineCheck(
                name: Self.name("server", role), passed: true,
                detail: "not running (starts on first use)" + (note.map { "; \($0)" } ?? "")))
        case nil:
            break
        }
        return checks
    }

    /// A check's name for a role: the primary's as is; the small one's "small model", "small server", "small
    /// server's last start".
    static func name(_ check: String, _ role: EngineRole) -> String {
        switch (role, check) {
        case (.primary, _): check
        case (.small, "last start"): "small server's last start"
        case (.small, _): "small " + check
        }
    }

    private func portCheck(_ port: Int, status: EngineStatus?) -> EngineCheck {
        if case .running(let running) = status, running.record.port == port {
            return EngineCheck(name: "port", passed: true, detail: "\(port) (used by origami's server)")
        }
        let free = !ProcessTable.isPortInUse(port)
        return EngineCheck(
            name: "port", passed: free, detail: free ? "\(port) is free" : EngineError.portInUse(port: port).reason)
    }

    private func modelCheck(_ model: LocatedFile, role: EngineRole, verifyChecksum: Bool) -> EngineCheck {
        let name = Self.name("model", role)
        guard verifyChecksum, model.source == "scripts/setup" else {
            return EngineCheck(name: name, passed: true, detail: "\(model.path) (from \(model.source))")
        }
        guard let actual = sha256(of: model.path) else {
            return EngineCheck(name: name, passed: false, detail: "cannot read \(model.path) to check its sha256")
        }
        let expected = EngineSetup.model(for: role).sha256
        guard actual == expected else {
            let error = EngineError.modelChecksum(path: model.path, actual: actual, expected: expected)
            return EngineCheck(name: name, passed: false, detail: error.reason)
        }
        return EngineCheck(name: name, passed: true, detail: "\(model.path) (sha256 verified)")
    }

    /// The build's instruction sets against this processor's: "built for avx2 avx512f … (AMX left out); this
    /// processor has every one (and amx_int8 …, unused)".
    private func processorCheck(_ server: LocatedFile) -> EngineCheck {
        guard server.source == "scripts/setup", let required = requiredFlags() else {
            return EngineCheck(name: "processor", passed: true, detail: "not checked: the build's target is unknown")
        }
        let flags = processorFlags()
        let simd = Self.simdFlags(flags)
        let built = Self.simdFlags(required).subtracting(["amx_tile", "amx_int8", "amx_bf16"]).sorted()
        let amx = buildLeavesOutAMX() == true ? " (AMX left out)" : ""
        let head = "build compiled for " + built.joined(separator: " ") + amx + "; "
        do {
            try checkProcessor(server: server)
        } catch {
            return EngineCheck(name: "processor", passed: false, detail: head + error.reason)
        }
        let unused = simd.subtracting(built).sorted()
        return EngineCheck(
            name: "processor", passed: true,
            detail: head + "this processor has every one" + (unused.isEmpty
                ? "" : " (and " + unused.joined(separator: " ") + ", unused)"))
    }

    /// The flags among `flags` that name vector instruction sets a build may use (SSE3 … AVX-512, AMX).
    static func simdFlags(_ flags: Set<String>) -> Set<String> {
        let named: Set<String> = ["sse3", "ssse3", "sse4_1", "sse4_2", "avx", "avx2", "fma", "f16c", "bmi2", "avx_vnni"]
        return flags.filter { named.contains($0) || $0.hasPrefix("avx512") || $0.hasPrefix("amx") }
    }

    /// The setup script's last smoke test of the engine it built, nil for a server it did not build.
    private func smokeTestCheck(_ server: LocatedFile) -> EngineCheck? {
        guard server.source == "scripts/setup" else { return nil }
        guard let text = try? String(contentsOfFile: EngineSetup.smokeTestPath(environment), encoding: .utf8) else {
            return EngineCheck(
                name: "smoke test", passed: false,
                detail: "never run on this build; run scripts/setup, which loads a model and generates a few tokens")
        }
        let lines = text.split(separator: "\n").map(String.init)
        let passed = lines.first?.hasPrefix("passed") == true
        let features = lines.dropFirst(2).first.map { "; the server reports \($0)" } ?? ""
        return EngineCheck(
            name: "smoke test", passed: passed,
            detail: lines.prefix(2).joined(separator: ": ") + features
                + (passed ? "" : "; run scripts/setup to rebuild and test the engine"))
    }
}

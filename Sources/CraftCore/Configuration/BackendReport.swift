public import CraftBackends
public import CraftSchema

/// One backend's state, as `origami doctor` reports it.
public struct BackendReport: Sendable {
    /// Which backend.
    public var kind: BackendKind
    /// Whether the backend setting names it.
    public var chosen: Bool
    /// Whether it can answer, and why not.
    public var availability: Availability
    /// What its model can do, when it is available and says (the engine says only while it runs).
    public var capabilities: Capabilities?
    /// The engine's own checks: installed, model verified, processor, port, last start; the small model's too. For a
    /// pool, one check per endpoint: whether it answers, and its slots.
    public var checks: [EngineCheck] = []

    /// Whether it can answer now.
    public var isAvailable: Bool { availability == .available }

    /// Checks every backend (the chosen ones first, in their order), one at a time.
    public static func check(_ configuration: Configuration) async -> [BackendReport] {
        let chosen = configuration.backends.value
        let order = chosen + BackendKind.allCases.filter { !chosen.contains($0) }
        let factory = BackendFactory(configuration: configuration)
        var reports: [BackendReport] = []
        for kind in order {
            var report = BackendReport(
                kind: kind, chosen: chosen.contains(kind), availability: .available, capabilities: nil)
            do {
                let backend = try factory.make(kind)
                report.availability = await backend.availability()
                var running = true
                if kind == .engine {
                    // The primary server's checks, then the small one's when term runs on it.
                    for manager in factory.engineManagers() {
                        report.checks += await manager.diagnose()
                    }
                    if case .stopped = try await factory.engineManager().status() { running = false }
                }
                if let pool = try factory.endpointPool(kind) { report.checks += await endpointChecks(pool) }
                if report.isAvailable, running { report.capabilities = try? await backend.capabilities() }
            } catch {
                // The report shows the backend's name in its own column.
                report.availability = .unavailable(because: error, of: kind.rawValue)
            }
            reports.append(report)
        }
        return reports
    }

    /// One check per endpoint of a pool: `http://a:8080: available, 2 slots (from /props)` or its reason.
    static func endpointChecks(_ pool: EndpointPool) async -> [EngineCheck] {
        let resolved = await pool.resolvedEndpoints()
        var checks: [EngineCheck] = []
        for (endpoint, member) in zip(resolved, pool.members) {
            let slots = "\(endpoint.slots) slot\(endpoint.slots == 1 ? "" : "s") (from \(endpoint.source.rawValue))"
            switch await member.availability() {
            case .available:
                checks.append(
                    EngineCheck(name: "endpoint", passed: true, detail: "\(endpoint.url): available, \(slots)"))
            case .unavailable(let reason):
                checks.append(EngineCheck(name: "endpoint", passed: false, detail: "\(endpoint.url): \(reason)"))
            }
        }
        return checks
    }

    /// No backend the configuration chose can answer; `origami doctor` ends with this (exit 69).
    public struct NoneAvailable: Error, ExitStatusProviding, CustomStringConvertible {
        /// The chosen backends.
        public var chosen: [BackendKind]

        /// Creates the error for the chosen backends.
        public init(chosen: [BackendKind]) {
            self.chosen = chosen
        }

        /// Always "unavailable".
        public var exitStatus: ExitStatus { .unavailable }
        public var description: String {
            let names = chosen.map(\.rawValue).joined(separator: ", ")
            return "none of the chosen backends (\(names)) is available; see the reasons above, or choose another"
                + " with --backend"
        }
    }
}

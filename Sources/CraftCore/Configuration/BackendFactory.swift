/// Makes the backends the configuration names, so commands and `origami doctor` never build one themselves.
public struct BackendFactory: Sendable {
    /// The configuration the backends are made from.
    public var configuration: Configuration

    /// Creates a factory.
    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// The backend of one kind, configured; throws `ModelError.unavailable` when it cannot be made.
    public func make(_ kind: BackendKind) throws -> any LanguageModel {
        throw ModelError.unavailable(backend: kind.rawValue, reason: "this backend is not part of this build yet")
    }
}

/// One backend's state, as `origami doctor` reports it.
public struct BackendReport: Sendable {
    /// Which backend.
    public var kind: BackendKind
    /// Whether the backend setting names it.
    public var chosen: Bool
    /// Whether it can answer, and why not.
    public var availability: Availability
    /// What its model can do, when it is available and says.
    public var capabilities: Capabilities?

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
                if report.isAvailable { report.capabilities = try? await backend.capabilities() }
            } catch let error as ModelError {
                report.availability = .unavailable(reason: Self.reason(error))
            } catch {
                report.availability = .unavailable(reason: String(describing: error))
            }
            reports.append(report)
        }
        return reports
    }

    /// The error's words without the leading backend name, which the report shows in its own column.
    static func reason(_ error: ModelError) -> String {
        if case .unavailable(_, let reason) = error { return reason }
        return error.description
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

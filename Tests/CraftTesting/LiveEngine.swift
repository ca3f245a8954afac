public import CraftBackends
public import Testing

/// The engine and models `scripts/setup` installed for the real user.
public enum LiveEngine {
    /// The server and the default (primary, 1.5B) model, nil when `scripts/setup` has not installed them here.
    public static let installation: EngineInstallation? = {
        try? EngineLocator(configuration: .init(), environment: .live).locate()
    }()

    /// The server and the small (0.5B) model of term, nil when `scripts/setup` has not installed them here.
    public static let smallInstallation: EngineInstallation? = {
        try? EngineLocator(configuration: .init(role: .small), environment: .live).locate()
    }()

    /// Why a suite that needs the default model does not run.
    public static let missing: Comment =
        "needs scripts/setup's engine and its default model, \(EngineSetup.primaryModel.fileName)"
    /// Why a suite that needs the small model does not run.
    public static let smallMissing: Comment =
        "needs scripts/setup's engine and its small model, \(EngineSetup.smallModel.fileName)"
}

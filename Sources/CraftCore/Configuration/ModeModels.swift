import CraftBackends
import Foundation

/// Which backend and model each mode runs on, and where that choice came from.
///
/// Brainstorm, tutorial and coach run on `model`, or on the backend's default when none is named (for the engine,
/// the 1.5B model `scripts/setup` installs). Term runs on `smallModel` when one is named; else, on the engine with
/// no model named, on the small 0.5B model, as the sample's term profile asks for a small, fast model; else on the
/// same model as the other modes. So `--model` replaces the model of every mode (a person trying a model wants to
/// see it everywhere) and `--small-model` the one of term. Ollama and OpenAI-compatible servers have no small
/// default: their term uses the same model unless `smallModel` names one.
public struct ModeModels: Sendable, Hashable {
    /// The model some modes run on.
    public struct Assignment: Sendable, Hashable {
        /// The modes, in the order a person meets them.
        public var modes: [Mode]
        /// The backend that answers them first.
        public var backend: BackendKind
        /// The model: a name, or for the engine a GGUF path.
        public var model: String
        /// Where the choice came from, in words: "default", "flag --model", "default: the small model", ….
        public var origin: String

        /// The model as `origami doctor` shows it: a GGUF's file name, any other name as is.
        public var shownModel: String {
            backend == .engine ? (model as NSString).lastPathComponent : model
        }
    }

    /// Brainstorm, tutorial and coach.
    public var primary: Assignment
    /// Term.
    public var term: Assignment
    /// Whether term runs on a model of its own: the session's small model.
    public var termHasOwnModel: Bool

    /// Both assignments, primary first.
    public var assignments: [Assignment] { [primary, term] }

    /// Both models in one line, for an eval's identity: nil unless term has its own (then `model` alone does not
    /// say which models answer).
    public var summary: String? {
        termHasOwnModel ? "\(primary.shownModel), term: \(term.shownModel)" : nil
    }

    /// Resolves the assignments of a configuration.
    ///
    /// - Parameter engineModels: the engine's model for each role when the engine answers first: the path it
    ///   runs and who named it (`nil` when it is the model `scripts/setup` installs).
    static func resolve(
        _ configuration: Configuration,
        engineModels: (EngineRole) -> (path: String, namedBy: String?)
    ) -> ModeModels {
        let backend = configuration.backends.value.first ?? .engine
        let primaryModes: [Mode] = [.brainstorm, .tutorial, .coach]
        let primary: Assignment
        let engine = engineModels(.primary)
        switch backend {
        case .engine:
            primary = Assignment(
                modes: primaryModes, backend: backend, model: engine.path, origin: engine.namedBy ?? "default")
        case .ollama, .openai:
            let fallback = backend == .ollama ? BackendFactory.defaultOllamaModel : BackendFactory.defaultOpenAIModel
            primary = Assignment(
                modes: primaryModes, backend: backend, model: configuration.model.value ?? fallback,
                origin: configuration.model.source.description)
        case .replay:
            let cassette = configuration.cassette.value.map { ($0 as NSString).lastPathComponent } ?? "(none)"
            primary = Assignment(
                modes: primaryModes, backend: backend, model: "the answers recorded in \(cassette)",
                origin: configuration.cassette.source.description)
        }
        let small = configuration.smallModel
        let term: Assignment
        if backend == .replay {
            term = Assignment(modes: [.term], backend: backend, model: primary.model, origin: primary.origin)
            return ModeModels(primary: primary, term: term, termHasOwnModel: false)
        } else if backend == .engine, small.value != nil || engine.namedBy == nil {
            let (path, namedBy) = engineModels(.small)
            term = Assignment(
                modes: [.term], backend: backend, model: path, origin: namedBy ?? "default: the small model")
        } else if let name = small.value {
            term = Assignment(modes: [.term], backend: backend, model: name, origin: small.source.description)
        } else {
            term = Assignment(
                modes: [.term], backend: backend, model: primary.model, origin: "same model: \(primary.origin)")
            return ModeModels(primary: primary, term: term, termHasOwnModel: false)
        }
        return ModeModels(primary: primary, term: term, termHasOwnModel: true)
    }
}

import CraftCore
import Testing

extension OrigamiProcess {
    /// Runs origami with `arguments` and expects it to succeed, naming the command and its stderr when it does not.
    func succeed(_ arguments: [String]) async throws -> Outcome {
        let outcome = try await run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }

    /// Runs `body`, then origami with `arguments` (`engine stop`, say) however `body` ended.
    func finally(
        _ arguments: [String], environment: [String: String] = [:], _ body: () async throws -> Void
    ) async throws {
        do {
            try await body()
        } catch {
            _ = try? await run(arguments, environment: environment)
            throw error
        }
        _ = try await run(arguments, environment: environment)
    }

    /// The project in the scratch directory, as saved.
    func project() throws -> Project { try ProjectStore(root: directory).load() }
}

import CraftCore
import Testing

extension OrigamiProcess {
    /// Runs origami with `arguments` and expects it to succeed, naming the command and its stderr when it does not.
    func succeed(_ arguments: [String]) throws -> Outcome {
        let outcome = try run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        return outcome
    }

    /// The project in the scratch directory, as saved.
    func project() throws -> Project { try ProjectStore(root: directory).load() }
}

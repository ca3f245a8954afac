import CraftCore
import CraftSchema

/// `origami term [TERM]`: lists the tutorial's craft terms, or explains one.
enum TermCommand: Command {
    static let spec = CommandSpec(
        name: "term",
        abstract: "Explain a craft term, or list the tutorial's terms.",
        arguments: [
            ArgumentSpec(name: "TERM", help: "The term to explain, e.g. \"valley fold\".", isOptional: true)
        ])

    static func run(_ context: CommandContext) async throws {
        let console = context.console
        let bench = try context.workbench()
        let spinner = Spinner(console: console)
        let renderer = ProjectRenderer(style: console.out, width: console.terminal.width)
        if let term = context.line.arguments.first {
            spinner.start("Explaining \(term)…")
            let explanation: TermExplanation
            do { explanation = try await bench.explain(term: term) } catch {
                await spinner.stop()
                throw error
            }
            await spinner.stop()
            console.result(console.out.bold(explanation.term) + "\n" + renderer.wrap(explanation.explanation, indent: 2))
            console.event("result", [
                ("command", .string("term")), ("term", .string(explanation.term)),
                ("explanation", .string(explanation.explanation)),
            ])
            return
        }
        spinner.start("Finding the terms of the tutorial…")
        let outcome: TermsOutcome
        do { outcome = try await bench.terms() } catch {
            await spinner.stop()
            throw error
        }
        await spinner.stop()
        var text = console.out.bold("Terms") + "\n"
        text += outcome.terms.map { "  " + $0.term + ($0.explanation == nil ? "" : console.out.dim("  (explained)")) }
            .joined(separator: "\n")
        console.result(outcome.terms.isEmpty ? "No terms worth explaining in this tutorial." : text)
        console.message(console.err.dim("Next: origami term \"TERM\""))
        console.event("result", [
            ("command", .string("term")), ("terms", .array(outcome.terms.map { GeneratedContent.string($0.term) })),
        ])
    }
}

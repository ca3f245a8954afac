import CraftCore

/// `origami _write-test [--bytes N]`: internal, for crash and concurrency tests of the project file.
///
/// One locked load-modify-save that adds the term `probe-<revision>` with N bytes of text, so a checker can tell
/// from the file alone whether it holds a complete state: revision r has exactly the terms probe-1 … probe-r.
enum WriteTestCommand: Command {
    static let spec = CommandSpec(
        name: "_write-test",
        abstract: "Internal: one project write, for crash and concurrency tests.",
        options: [OptionSpec(name: "bytes", valueName: "N", help: "Bytes of text the write adds.")],
        isHidden: true)

    static func run(_ context: CommandContext) async throws {
        let bytes = try context.line.integer("bytes", minimum: 0) ?? 4096
        let revision = try await context.store.update(create: true, onWait: context.waitingForLock) { project in
            project.terms.append(
                Project.Term(term: "probe-\(project.revision + 1)", explanation: String(repeating: "x", count: bytes)))
            return project.revision + 1
        }
        context.console.result("revision \(revision)")
        context.console.event("result", [("command", .string("_write-test")), ("revision", GeneratedContent(revision))])
    }
}

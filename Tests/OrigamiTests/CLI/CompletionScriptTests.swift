import CraftSchema
import CraftTesting
import Foundation
@testable import origami
import Testing

@Suite struct CompletionScriptTests {
    let completions = CompletionScript(parser: Origami.parser)

    private static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private func run(_ executable: String, _ arguments: [String]) async throws -> (Int32, String) {
        try await offThePool { try Self.runBlocking(executable, arguments) }
    }

    private static func runBlocking(_ executable: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = try ChildLaunch.startReadingOutput(process, errorsToo: true)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private func scriptFile(_ shell: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("origami-completion-\(UUID()).\(shell)")
        try Data(try #require(completions.script(for: shell)).utf8).write(to: url)
        return url
    }

    @Test func everyShellHasAScriptAndOthersNone() {
        for shell in CompletionScript.shells { #expect(completions.script(for: shell) != nil) }
        #expect(completions.script(for: "tcsh") == nil)
    }

    @Test func scriptsNameEveryVisibleCommandAndNoHiddenOne() throws {
        for shell in CompletionScript.shells {
            let script = try #require(completions.script(for: shell))
            for command in Origami.root.visibleSubcommands { #expect(script.contains(command.name), "\(shell)") }
            let probed = try #require(CompletionScript(parser: .withHiddenProbe).script(for: shell))
            #expect(!probed.contains("_probe"), "\(shell)")
        }
    }

    @Test(.enabled(if: shell("bash") != nil, "needs bash on PATH"))
    func bashCompletesCommandsOptionsAndValues() async throws {
        let file = try scriptFile("bash")
        let driver = """
            source \(file.path)
            comp() { COMP_WORDS=("$@"); COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 )); COMPREPLY=(); _origami; \
            echo "${COMPREPLY[*]}"; }
            comp origami br
            comp origami brainstorm --h
            comp origami --backend ol
            comp origami engine s
            comp origami completions ''
            comp origami coach --st
            comp origami library paper-c
            """
        let (status, output) = try await run(Self.shell("bash")!, ["-c", driver])
        #expect(status == 0)
        #expect(output == "brainstorm\n--help --hint\nollama\nstart stop status\nbash zsh fish\n--step\n"
            + "paper-cup paper-chain\n")
    }

    @Test(.enabled(if: shell("zsh") != nil, "needs zsh on PATH (scripts/setup --for-tests installs it)"))
    func zshScriptIsValidSyntax() async throws {
        let (status, output) = try await run(Self.shell("zsh")!, ["-n", try scriptFile("zsh").path])
        #expect(status == 0, "\(output)")
    }

    @Test(.enabled(if: shell("fish") != nil, "needs fish on PATH (scripts/setup --for-tests installs it)"))
    func fishCompletesCommandsAndSubcommands() async throws {
        let file = try scriptFile("fish")
        let (status, output) = try await run(
            Self.shell("fish")!, ["-c", "source \(file.path); complete -C 'origami br'; complete -C 'origami engine st'"])
        #expect(status == 0)
        let words = output.split(separator: "\n").map { $0.split(separator: "\t")[0] }
        #expect(words == ["brainstorm", "start", "status", "stop"])
    }
}

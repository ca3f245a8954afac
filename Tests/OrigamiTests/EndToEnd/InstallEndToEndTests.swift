import Foundation
import Testing

/// `scripts/install` and `scripts/uninstall` into a temporary prefix (with a space in its path), with the built
/// binary: what lands where, that it runs and reads as the shells and `man` would, and that uninstall takes away
/// exactly that.
@Suite struct InstallEndToEndTests {
    /// The files install puts under the prefix.
    static let installedFiles = [
        "bin/origami", "share/bash-completion/completions/origami", "share/fish/vendor_completions.d/origami.fish",
        "share/man/man1/origami.1", "share/origami/install-manifest", "share/origami/projects.json",
        "share/zsh/site-functions/_origami",
    ]

    private static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private static let bashCompletionLoader = "/usr/share/bash-completion/bash_completion"

    /// Runs the scripts, the installed binary and the shells in a scratch directory that is also HOME.
    let origami: OrigamiProcess
    /// The prefix, inside the scratch directory.
    let prefix: URL

    init() throws {
        origami = try OrigamiProcess()
        prefix = origami.directory.appendingPathComponent("prefix with space")
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
    }

    /// Runs `executable` in the scratch directory, with its small environment (the machine's settings never leak in).
    func run(
        _ executable: String, _ arguments: [String], environment extra: [String: String] = [:]
    ) async throws -> OrigamiProcess.Outcome {
        try await origami.run(
            arguments, environment: ["LANG": "C.UTF-8", "MANWIDTH": "100"].merging(extra) { $1 },
            executable: URL(fileURLWithPath: executable))
    }

    /// Runs one of the repository's scripts.
    func script(_ name: String, _ arguments: [String]) async throws -> OrigamiProcess.Outcome {
        try await run(OrigamiProcess.packageRoot.appendingPathComponent("scripts/\(name)").path, arguments)
    }

    /// Installs the built binary into the prefix, and expects it to succeed.
    func install() async throws {
        let outcome = try await script("install", ["--prefix", prefix.path, "--binary", OrigamiProcess.binary.path])
        try #require(outcome.status == 0, "scripts/install failed: \(outcome.stderr)")
    }

    /// Uninstalls from the prefix, and expects it to leave nothing (the binary is large: no test leaves it behind).
    func uninstall() async throws {
        let outcome = try await script("uninstall", ["--prefix", prefix.path])
        #expect(outcome.status == 0, "scripts/uninstall failed: \(outcome.stderr)")
        #expect(tree() == [])
    }

    /// Every path under the prefix, relative to it, sorted; directories end in "/".
    func tree() -> [String] {
        let base = prefix.path + "/"
        var paths: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: prefix.path)
        while let relative = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: base + relative, isDirectory: &isDirectory)
            paths.append(relative + (isDirectory.boolValue ? "/" : ""))
        }
        return paths.sorted()
    }

    private func path(_ relative: String) -> String { prefix.appendingPathComponent(relative).path }

    @Test(.enabled(if: tool("man") != nil && tool("bash") != nil,
        "needs man and bash (scripts/setup --for-tests installs man-db)"))
    func installsWhatRunsReadsAndCompletesThenUninstallsExactlyThat() async throws {
        // Something of the person's own in the directories install shares: it must outlive the uninstall.
        try FileManager.default.createDirectory(atPath: path("share/man/man1"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: path("bin"), withIntermediateDirectories: true)
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path("share/man/man1/other.1")))
        try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path("bin/other")))
        let before = tree()

        try await install()
        let added = Set(tree()).subtracting(before)
        #expect(added == Set(Self.installedFiles + [
            "share/bash-completion/", "share/bash-completion/completions/", "share/fish/",
            "share/fish/vendor_completions.d/", "share/origami/", "share/zsh/", "share/zsh/site-functions/",
        ]))

        let version = try await run(path("bin/origami"), ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == (try await run(OrigamiProcess.binary.path, ["--version"])).stdout)
        #expect(version.stdout.hasPrefix("origami "))
        // The installed command finds its project library under the prefix, not in the build directory.
        let library = try await run(path("bin/origami"), ["library", "paper-cup"])
        #expect(library.status == 0, "\(library.stderr)")
        #expect(library.stdout.hasPrefix("Paper Cup (paper-cup: origami, beginner)"))

        let page = try await run(Self.tool("man")!, ["-P", "cat", "-l", path("share/man/man1/origami.1")])
        #expect(page.status == 0, "\(page.stderr)")
        for text in ["ORIGAMI(1)", "NAME", "origami brainstorm", "EXIT STATUS"] {
            #expect(page.stdout.contains(text), "the rendered page lacks \(text)")
        }
        // With the installed bin on PATH, man finds the page by name (man-db looks in ../share/man beside it).
        let found = try await run(
            Self.tool("man")!, ["-w", "origami"], environment: ["PATH": path("bin") + ":/usr/bin:/bin"])
        #expect(found.stdout == path("share/man/man1/origami.1") + "\n", "\(found.stderr)")

        let completion = try await run(Self.tool("bash")!, ["--norc", "--noprofile", "-c", """
            source "$1"
            complete -p origami
            function=$(complete -p origami | sed -n 's/.* -F \\([^ ]*\\) .*/\\1/p')
            COMP_WORDS=(origami br); COMP_CWORD=1; COMP_LINE="origami br"; COMP_POINT=${#COMP_LINE}
            "$function" origami br origami
            echo "${COMPREPLY[*]}"
            """, "bash", path("share/bash-completion/completions/origami")])
        #expect(completion.status == 0, "\(completion.stderr)")
        #expect(completion.stdout == "complete -o filenames -F _origami origami\nbrainstorm\n")

        // A second install changes nothing: the same files, the same manifest.
        let manifest = try String(contentsOfFile: path("share/origami/install-manifest"), encoding: .utf8)
        let installed = tree()
        try await install()
        #expect(tree() == installed)
        #expect(try String(contentsOfFile: path("share/origami/install-manifest"), encoding: .utf8) == manifest)

        let uninstall = try await script("uninstall", ["--prefix", prefix.path])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(tree() == before)
        #expect(try String(contentsOfFile: path("bin/other"), encoding: .utf8) == "mine\n")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: bashCompletionLoader),
        "needs bash-completion (scripts/setup --for-tests installs it)"))
    func bashCompletionsLoaderFindsTheInstalledScript() async throws {
        try await install()
        let loaded = try await run(Self.tool("bash")!, [
            "--norc", "--noprofile", "-c",
            "source \(Self.bashCompletionLoader); __load_completion origami && complete -p origami",
        ], environment: ["XDG_DATA_DIRS": path("share")])
        #expect(loaded.stdout == "complete -o filenames -F _origami origami\n", "\(loaded.stderr)")
        try await uninstall()
    }

    @Test(.enabled(if: tool("zsh") != nil && tool("fish") != nil,
        "needs zsh and fish (scripts/setup --for-tests installs them)"))
    func zshAndFishFindTheInstalledScripts() async throws {
        try await install()
        let zsh = try await run(Self.tool("zsh")!, ["-f", "-c", """
            fpath=("$1" $fpath); autoload -Uz compinit; compinit -D; print -- $_comps[origami]
            """, "zsh", path("share/zsh/site-functions")])
        #expect(zsh.stdout == "_origami\n", "\(zsh.stderr)")
        // fish loads a command's completions from XDG_DATA_DIRS' fish/vendor_completions.d when it is on PATH.
        let fish = try await run(Self.tool("fish")!, ["-c", "complete -C 'origami br'"], environment: [
            "PATH": path("bin") + ":/usr/bin:/bin", "XDG_DATA_DIRS": path("share"),
        ])
        #expect(fish.stdout.split(separator: "\t").first == "brainstorm", "\(fish.stdout) \(fish.stderr)")
        try await uninstall()
    }

    @Test func refusesToReplaceAnOrigamiItDidNotInstall() async throws {
        try FileManager.default.createDirectory(atPath: path("bin"), withIntermediateDirectories: true)
        try Data("someone else's\n".utf8).write(to: URL(fileURLWithPath: path("bin/origami")))
        let before = tree()
        let outcome = try await script("install", ["--prefix", prefix.path, "--binary", OrigamiProcess.binary.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("\(path("bin/origami")) already exists and scripts/install did not put it"))
        #expect(tree() == before)
        #expect(try String(contentsOfFile: path("bin/origami"), encoding: .utf8) == "someone else's\n")
    }

    @Test func uninstallKeepsAFileChangedSinceAndNamesIt() async throws {
        try await install()
        let changed = path("share/zsh/site-functions/_origami")
        try Data("# my own\n".utf8).write(to: URL(fileURLWithPath: changed))
        let outcome = try await script("uninstall", ["--prefix", prefix.path])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("kept \(changed): it changed since scripts/install put it there"))
        #expect(tree() == [
            "share/", "share/origami/", "share/origami/install-manifest", "share/zsh/", "share/zsh/site-functions/",
            "share/zsh/site-functions/_origami",
        ])
    }

    @Test func helpAndMistakesSayWhatToDo() async throws {
        for name in ["install", "uninstall"] {
            let help = try await script(name, ["--help"])
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("usage: scripts/\(name) [--prefix DIR]"))
            let wrong = try await script(name, ["--prefx", "/tmp"])
            #expect(wrong.status == 64)
            #expect(wrong.stderr == "\(name): error: unknown argument '--prefx'; see 'scripts/\(name) --help'\n")
        }
        let nothing = try await script("uninstall", ["--prefix", prefix.path])
        #expect(nothing.status == 66)
        #expect(nothing.stderr.contains("no install manifest at \(path("share/origami/install-manifest"))"))
    }
}


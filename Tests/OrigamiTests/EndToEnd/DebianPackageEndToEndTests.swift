import Foundation
import Testing

/// `scripts/make-deb` with the built binary, then the package installed and removed with `dpkg` in a root of its
/// own (`dpkg --root`), so the machine's packages are never touched.
@Suite struct DebianPackageEndToEndTests {
    private static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/sbin/\(name)", "/sbin/\(name)"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The package's files, relative to the root they were installed in.
    static let packaged = [
        "usr/bin/origami", "usr/lib/origami/origami", "usr/lib/origami/origami_CraftCore.resources/projects.json",
        "usr/share/bash-completion/completions/origami",
        "usr/share/fish/vendor_completions.d/origami.fish", "usr/share/man/man1/origami.1.gz",
        "usr/share/zsh/vendor-completions/_origami",
    ]

    let origami: OrigamiProcess
    /// The root dpkg installs into: an empty package database and nothing else.
    let root: URL

    init() throws {
        origami = try OrigamiProcess()
        root = origami.directory.appendingPathComponent("root")
        for directory in ["var/lib/dpkg/info", "var/lib/dpkg/updates", "var/lib/dpkg/triggers"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(directory), withIntermediateDirectories: true)
        }
        try Data().write(to: root.appendingPathComponent("var/lib/dpkg/status"))
    }

    private func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) async throws -> OrigamiProcess.Outcome {
        try await origami.run(
            arguments, environment: ["LANG": "C.UTF-8"].merging(environment) { $1 },
            executable: URL(fileURLWithPath: executable))
    }

    /// dpkg on the test's root: as root or not, and without the machine's packages to satisfy Depends.
    private func dpkg(_ arguments: [String]) async throws -> OrigamiProcess.Outcome {
        try await run(Self.tool("dpkg")!, ["--root=\(root.path)", "--force-not-root", "--force-depends"] + arguments)
    }

    /// What dpkg's database in the root says of origami: "installed", "not-installed", …
    private func packageStatus() async throws -> String {
        try await run(Self.tool("dpkg-query")!, [
            "--admindir=\(root.path)/var/lib/dpkg", "--show", "--showformat=${db:Status-Status}", "origami",
        ]).stdout
    }

    /// Every file or link under the root outside dpkg's own database, relative to the root, sorted.
    private func installed() -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        var files: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix("var/lib/dpkg"), enumerator?.fileAttributes?[.type] as? FileAttributeType
                != .typeDirectory else { continue }
            files.append(relative)
        }
        return files.sorted()
    }

    @Test(.enabled(if: tool("dpkg-deb") != nil && tool("dpkg") != nil && tool("man") != nil,
        "needs dpkg, dpkg-deb and man (scripts/setup --for-tests installs man-db)"))
    func packageInstallsRunsAndRemovesWithDpkg() async throws {
        let made = try await run(
            OrigamiProcess.packageRoot.appendingPathComponent("scripts/make-deb").path,
            ["--binary", OrigamiProcess.binary.path, "--output", origami.directory.path])
        try #require(made.status == 0, "scripts/make-deb failed: \(made.stderr)")
        let deb = made.stdout.trimmingCharacters(in: .newlines)
        defer { try? FileManager.default.removeItem(atPath: deb) }
        #expect(URL(fileURLWithPath: deb).lastPathComponent.hasPrefix("origami_"))

        let info = try await run(Self.tool("dpkg-deb")!, ["--field", deb, "Package", "Depends"])
        #expect(info.stdout.hasPrefix("Package: origami\nDepends: "), "\(info.stdout)")
        for library in ["libc6", "libheif1", "libpng16-16", "libturbojpeg0", "libwebp7"] {
            #expect(info.stdout.contains(library), "Depends lacks \(library)")
        }

        let install = try await dpkg(["--install", deb])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(try await packageStatus() == "installed")
        let files = installed()
        for file in Self.packaged { #expect(files.contains(file), "the package did not install \(file)") }
        #expect(files.contains("usr/lib/origami/libswiftCore.so"), "the Swift runtime is not in the package")

        let command = root.appendingPathComponent("usr/bin/origami").path
        let version = try await run(command, ["--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout == (try await run(OrigamiProcess.binary.path, ["--version"])).stdout)
        let library = try await run(command, ["library", "crane"])
        #expect(library.status == 0 && library.stdout.hasPrefix("Paper Crane (crane:"), "\(library.stderr)")
        let page = try await run(
            Self.tool("man")!, ["-P", "cat", "-l", root.appendingPathComponent("usr/share/man/man1/origami.1.gz").path])
        #expect(page.stdout.contains("ORIGAMI(1)") && page.stdout.contains("EXIT STATUS"), "\(page.stderr)")
        let completion = try await run("/bin/bash", ["--norc", "--noprofile", "-c", """
            source "$1"; COMP_WORDS=(origami br); COMP_CWORD=1; _origami; echo "${COMPREPLY[*]}"
            """, "bash", root.appendingPathComponent("usr/share/bash-completion/completions/origami").path])
        #expect(completion.stdout == "brainstorm\n", "\(completion.stderr)")

        let remove = try await dpkg(["--remove", "origami"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(installed() == [])
        #expect(try await packageStatus() != "installed")
    }
}

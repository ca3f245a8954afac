@testable import CraftBackends
import Foundation
import Testing

/// Every exit status origami can reach without a model, each from a real case, through the built binary.
@Suite struct ExitStatusEndToEndTests {
    let origami: OrigamiProcess

    init() throws {
        origami = try OrigamiProcess()
    }

    @Test func versionAndHelpExitZeroOnStdout() async throws {
        let version = try await origami.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout == "origami 0.1.0\n")
        #expect(version.stderr.isEmpty)
        let help = try await origami.run(["coach", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Get feedback on a photo of your progress.\n"))
        #expect(help.stderr.isEmpty)
    }

    @Test func usageErrorsExit64WithUsageAndAHint() async throws {
        let typo = try await origami.run(["tutorail"])
        #expect(typo.status == 64)
        #expect(typo.stdout.isEmpty)
        #expect(typo.stderr == """
            error: unknown command 'tutorail'; did you mean 'tutorial'?
            Usage: origami [OPTIONS] COMMAND
            See 'origami --help'.

            """)
        let option = try await origami.run(["coach", "--stpe", "2", "p.jpg"])
        #expect(option.status == 64)
        #expect(option.stderr == """
            error: unknown option '--stpe'; did you mean '--step'?
            Usage: origami coach [--step N] [--note TEXT] [--done] [OPTIONS] [PHOTO...]
            See 'origami coach --help'.

            """)
        // PHOTO may be left out only with --done.
        let noPhoto = try await origami.run(["coach", "--step", "2"])
        #expect(noPhoto.status == 64)
        #expect(noPhoto.stderr.hasPrefix("error: missing PHOTO"), "\(noPhoto.stderr)")
        let badFlag = try await origami.run(["status", "--timeout", "soon"])
        #expect(badFlag.status == 64)
        #expect(badFlag.stderr.hasPrefix("error: --timeout: 'soon' is not valid; expected a number of seconds"))
        #expect(badFlag.stderr.contains("See 'origami status --help'."))
    }

    @Test func jsonErrorsAreTheLastLineOnStdout() async throws {
        let outcome = try await origami.run(["status", "--json"])
        #expect(outcome.status == 66)
        let events = outcome.events
        #expect(events.count == 1)
        #expect(events.last?["event"] as? String == "error")
        #expect(events.last?["code"] as? Int == 66)
        #expect(events.last?["kind"] as? String == "no-input")
        #expect((events.last?["message"] as? String)?.contains(".origami/project.json") == true)
        let usage = try await origami.run(["--json", "stauts"])
        #expect(usage.status == 64)
        #expect(usage.events.last?["code"] as? Int == 64)
    }

    @Test func missingInputExits66() async throws {
        let status = try await origami.run(["status"])
        #expect(status.status == 66)
        #expect(status.stderr.contains("no project here yet; run 'origami brainstorm PHOTO...' first"))
        let photo = try await origami.run(["brainstorm", "nowhere.jpg"])
        #expect(photo.status == 66)
        #expect(photo.stderr == "error: nowhere.jpg: no such file or directory; check the path of the photo\n")
        try FileManager.default.createDirectory(at: origami.file("empty"), withIntermediateDirectories: true)
        #expect(try await origami.run(["brainstorm", "empty"]).status == 66)
    }

    /// Root reads a mode-000 file, so when the tests run as root (as CI does) origami runs as `nobody`.
    @Test func anUnreadablePhotoExits66EvenWhenTheTestsRunAsRoot() async throws {
        let photo = origami.file("locked.jpg")
        try FileManager.default.copyItem(
            at: OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg"), to: photo)
        chmod(photo.path, 0)
        let arguments = ["brainstorm", "locked.jpg"]
        let outcome: OrigamiProcess.Outcome
        if geteuid() == 0 {
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            try #require(
                FileManager.default.isExecutableFile(atPath: setpriv.path),
                "running as root, the test needs util-linux's setpriv to read the photo as nobody")
            outcome = try await origami.run(
                ["--reuid=nobody", "--regid=nogroup", "--clear-groups", OrigamiProcess.binary.path] + arguments,
                executable: setpriv)
        } else {
            outcome = try await origami.run(arguments)
        }
        #expect(outcome.status == 66, "\(outcome.stderr)")
        #expect(outcome.stderr.hasSuffix(
            "error: locked.jpg: cannot be read (permission denied); check the file's permissions\n"))
    }

    @Test func aDeviceAsTheCassetteIsNamedSoEvenForRoot() async throws {
        let photo = OrigamiProcess.packageRoot.appendingPathComponent("SamplePhotos/paper-warm.jpg").path
        let outcome = try await origami.run(["brainstorm", "--backend", "replay", "--cassette", "/dev/null", photo])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains(
            "replay: /dev/null: is a device, not a cassette file; pass the JSON Lines file that --record wrote"))
        #expect(!outcome.stderr.contains("permission"), "\(outcome.stderr)")
        #expect(!outcome.stderr.contains("--record /dev/null"), "\(outcome.stderr)")
    }

    @Test func aDamagedProjectExits65AndStaysAsItWas() async throws {
        let damaged = #"{"schemaVersion": 1, "photos": [}"#
        try origami.write(damaged, to: ".origami/project.json")
        let outcome = try await origami.run(["status"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("project.json: the project file is damaged (not valid JSON)"))
        #expect(try await origami.writeTest().status == 65)
        #expect(try String(contentsOf: origami.file(".origami/project.json"), encoding: .utf8) == damaged)
    }

    @Test func aNewerProjectExits65() async throws {
        try origami.write(#"{"schemaVersion": 3}"#, to: ".origami/project.json")
        let outcome = try await origami.run(["status"])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("written by a newer origami (schema version 3"))
    }

    @Test func anUnwritableProjectExits73() async throws {
        try origami.write("not a directory", to: "blocked/.origami")
        let outcome = try await origami.writeTest(["--project", "blocked"])
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("blocked/.origami: cannot write the project"))
    }

    @Test func anInvalidConfigurationExits78NamingFileAndKey() async throws {
        try origami.write(#"{"timeout": "ten"}"#, to: "config/origami/config.json")
        let outcome = try await origami.run(["doctor"])
        #expect(outcome.status == 78)
        let path = origami.file("config/origami/config.json").path
        #expect(outcome.stderr == """
            error: \(path): "timeout": 'ten' is not valid; expected a number of seconds greater than 0

            """)
        let variable = try await origami.run(["doctor"], environment: ["ORIGAMI_BACKEND": "lamma"])
        #expect(variable.status == 78)
        #expect(variable.stderr.contains("ORIGAMI_BACKEND: unknown backend 'lamma'"))
    }

    @Test func helpStillWorksWithABrokenConfiguration() async throws {
        try origami.write("{", to: "config/origami/config.json")
        #expect(try await origami.run(["help", "status"]).status == 0)
        #expect(try await origami.run(["completions", "bash"]).status == 0)
    }
}

/// Help through the binary is the formatter's text, however it is asked for.
@Suite struct HelpEndToEndTests {
    @Test(arguments: [["coach"], ["engine", "stop"], ["term"]])
    func helpFlagAndHelpCommandPrintTheSameText(_ path: [String]) async throws {
        let origami = try OrigamiProcess()
        let flag = try await origami.run(path + ["--help"])
        let command = try await origami.run(["help"] + path)
        let short = try await origami.run(["-h"] + path)
        #expect(flag.stdout == command.stdout)
        #expect(flag.stdout == short.stdout)
        #expect(flag.stdout.hasPrefix("OVERVIEW: "))
        #expect([flag.status, command.status, short.status] == [0, 0, 0])
    }

    @Test func helpForAnUnknownCommandSuggestsOne() async throws {
        let outcome = try await OrigamiProcess().run(["help", "engine", "stpo"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix("error: unknown command 'engine stpo'; did you mean 'stop'?\n"))
    }
}

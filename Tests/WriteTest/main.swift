import CraftCore
import CraftSchema
import Foundation

// `origami-write-test [--bytes N] [--project DIR]`: one locked project write, for the crash and concurrency tests
// of the project file (OrigamiTests' ProjectDurabilityTests and ExitStatusEndToEndTests). Built for the tests only;
// it is in no product, so it never ships with origami.
//
// The write adds the photo record `probe-<revision>` with N bytes of path (default 4096), so a checker can tell from
// the file alone whether it holds a complete state: revision r has exactly the photos probe-1 … probe-r. It prints
// `revision R`; an error goes to stderr as `error: …` with the status origami itself would exit with.

var bytes = 4096
var project = "."
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch (argument, arguments.popFirst()) {
    case ("--bytes", let value?) where (Int(value) ?? -1) >= 0: bytes = Int(value) ?? bytes
    case ("--project", let value?): project = value
    default:
        FileHandle.standardError.write(Data("usage: origami-write-test [--bytes N] [--project DIR]\n".utf8))
        exit(ExitStatus.usage.rawValue)
    }
}

let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
let root = project.hasPrefix("/") ? URL(fileURLWithPath: project) : directory.appendingPathComponent(project)
do {
    let revision = try await ProjectStore(root: root).update(create: true, onWait: {
        FileHandle.standardError.write(Data("waiting for another origami working on this project…\n".utf8))
    }) { project in
        project.photos.append(Project.PhotoRecord(
            label: "probe-\(project.revision + 1)", path: String(repeating: "x", count: bytes), sha256: "0"))
        return project.revision + 1
    }
    print("revision \(revision)")
} catch let known as any ExitStatusProviding {
    FileHandle.standardError.write(Data("error: \(known)\n".utf8))
    exit(known.exitStatus.rawValue)
} catch {
    FileHandle.standardError.write(Data("error: internal error: \(error)\n".utf8))
    exit(ExitStatus.software.rawValue)
}

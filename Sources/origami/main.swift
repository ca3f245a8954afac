import Foundation

let environment = ProcessInfo.processInfo.environment
let status = await Origami.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    environment: environment,
    workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true),
    terminal: .current(environment: environment),
    sink: StandardStreams())
exit(status.rawValue)

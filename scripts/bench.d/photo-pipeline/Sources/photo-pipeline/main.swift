// photo-pipeline IN OUT: makes the model-ready JPEG of IN, writes it to OUT, and prints
// "<width> <height> <peak RSS in KB>" on stdout.
import CraftImages
import CraftSchema
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: photo-pipeline IN OUT\n".utf8))
    exit(64)
}
do {
    let photo = try Photo.load(contentsOf: URL(fileURLWithPath: arguments[1]))
    try photo.jpegData.write(to: URL(fileURLWithPath: arguments[2]))
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    print(photo.width, photo.height, usage.ru_maxrss)
} catch {
    FileHandle.standardError.write(Data("photo-pipeline: \(error)\n".utf8))
    exit((error as? any ExitStatusProviding)?.exitStatus.rawValue ?? 70)
}

// vision-classifier ROUNDS OUT_DIR PHOTO...
// Loads each photo as origami does, writes its 224×224 input square to OUT_DIR/N.rgb, then classifies every square
// ROUNDS times. Prints one line per photo (name and top 3) on stderr, and on stdout: the median seconds per photo,
// the seconds to load the weights, and the peak RSS in KB.
import CraftImages
import CraftVision
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 4, let rounds = Int(arguments[1]) else {
    FileHandle.standardError.write(Data("usage: vision-classifier ROUNDS OUT_DIR PHOTO...\n".utf8))
    exit(64)
}
let clock = ContinuousClock()
let loadStart = clock.now
let classifier: ImageClassifier
do { classifier = try ClassifierFiles.live.load() } catch {
    FileHandle.standardError.write(Data("vision-classifier: \(error)\n".utf8))
    exit(66)
}
let loadTime = clock.now - loadStart
var squares: [RGBImage] = []
for (index, path) in arguments.dropFirst(3).enumerated() {
    let photo = try Photo.load(contentsOf: URL(fileURLWithPath: path))
    try Data(photo.square.pixels).write(to: URL(fileURLWithPath: "\(arguments[2])/\(index).rgb"))
    squares.append(photo.square)
    let top = classifier.resemblances(of: photo.square).map { "\($0.name) \(String(format: "%.3f", $0.probability))" }
    FileHandle.standardError.write(Data("\(URL(fileURLWithPath: path).lastPathComponent): \(top)\n".utf8))
}
var times: [Double] = []
for _ in 0..<rounds {
    for square in squares {
        let start = clock.now
        _ = classifier.logits(input: square)
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
}
times.sort()
var usage = rusage()
getrusage(RUSAGE_SELF.rawValue, &usage)
let load = Double(loadTime.components.seconds) + Double(loadTime.components.attoseconds) / 1e18
print(String(format: "%.6f %.6f %d", times[times.count / 2], load, usage.ru_maxrss))

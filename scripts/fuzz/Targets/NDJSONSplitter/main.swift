import CraftBackends
import Foundation

/// Feeds arbitrary bytes to NDJSONSplitter twice — whole, and in chunks whose sizes the input's first byte picks —
/// and traps when the two disagree or a line breaks the splitter's promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let step = Int(data[0] % 17) + 1
    let limit = Int(data[0] >> 4) * 8 + 4
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = split(bytes, step: bytes.count + 1, limit: limit)
    let chunked = split(bytes, step: step, limit: limit)
    precondition(whole == chunked, "chunking changed the result")
    if case .lines(let lines) = whole {
        for line in lines {
            precondition(!line.isEmpty && line.count <= limit, "empty or oversize line")
            precondition(!line.contains(UInt8(ascii: "\n")), "line contains a newline")
        }
    }
    return 0
}

enum Outcome: Equatable {
    case lines([Data])
    case tooLong
}

func split(_ bytes: [UInt8], step: Int, limit: Int) -> Outcome {
    var splitter = NDJSONSplitter(maximumLineBytes: limit)
    var lines: [Data] = []
    var start = 0
    do {
        while start < bytes.count {
            let end = min(start + step, bytes.count)
            lines += try splitter.feed(bytes[start..<end])
            start = end
        }
    } catch {
        return .tooLong
    }
    if let last = splitter.finish() { lines.append(last) }
    return .lines(lines)
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links debug executables with `main` renamed to `<Target>_main`; this hands control to libFuzzer.
@_cdecl("NDJSONSplitter_main")
public func fuzzerEntry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzz)
}

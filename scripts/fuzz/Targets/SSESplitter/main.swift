import CraftBackends

/// Feeds arbitrary bytes to SSESplitter twice — whole, and in chunks whose sizes the input's first byte picks —
/// and traps when the two disagree or an event breaks the splitter's promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let step = Int(data[0] % 17) + 1
    let limit = Int(data[0] >> 4) * 8 + 4
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = split(bytes, step: bytes.count + 1, limit: limit)
    let chunked = split(bytes, step: step, limit: limit)
    precondition(whole == chunked, "chunking changed the result")
    if case .events(let events) = whole {
        for event in events {
            precondition(event.data.utf8.count <= limit * 3, "event larger than the limit allows")
            precondition(!event.data.contains("\r"), "data keeps a carriage return")
        }
    }
    return 0
}

enum Outcome: Equatable {
    case events([SSESplitter.Event])
    case tooLong
}

func split(_ bytes: [UInt8], step: Int, limit: Int) -> Outcome {
    var splitter = SSESplitter(maximumEventBytes: limit)
    var events: [SSESplitter.Event] = []
    var start = 0
    do {
        while start < bytes.count {
            let end = min(start + step, bytes.count)
            events += try splitter.feed(bytes[start..<end])
            start = end
        }
    } catch {
        return .tooLong
    }
    if let last = splitter.finish() { events.append(last) }
    return .events(events)
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links debug executables with `main` renamed to `<Target>_main`; this hands control to libFuzzer.
@_cdecl("SSESplitter_main")
public func fuzzerEntry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzz)
}

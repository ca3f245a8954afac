// Fuzzes the partial-JSON parser: any bytes, split into chunks of a size taken from the first byte, must give the
// same result as one whole parse (the same value, or an error in both), every snapshot (lent, with and without a
// copy kept by the caller) must extend the last one kept, and a parsed value must survive serializing and parsing
// again. Any disagreement stops the fuzzer.
import CraftSchema

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0 else { return 0 }
    let chunkSize = Int(data[0] % 17) + 1
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))

    let whole = Result { try GeneratedContent(jsonBytes: bytes) }

    var parser = PartialJSONParser(limits: .init(maximumDepth: 64, maximumStringBytes: 1 << 20))
    var previous: GeneratedContent?
    var chunked: Result<GeneratedContent, any Error>?
    var start = 0
    while start < bytes.count {
        let end = min(start + chunkSize, bytes.count)
        do {
            // Odd chunks go through the lending feed and keep nothing, so the next chunk changes the snapshot's
            // storage in place; even ones keep a copy, so the next chunk must copy before it changes anything.
            let keep = start / chunkSize % 2 == 0
            let snapshot: GeneratedContent? = try bytes[start..<end].withUnsafeBufferPointer { chunk in
                try parser.feed(chunk) { lent in
                    if let lent, let previous, !lent.extends(previous) {
                        fatalError("snapshot \(lent) does not extend \(previous)")
                    }
                    return keep ? lent : nil
                }
            }
            if keep { previous = snapshot }
        } catch {
            chunked = .failure(error)
            break
        }
        start = end
    }
    if chunked == nil { chunked = Result { try parser.finish() } }

    switch (whole, chunked!) {
    case (.success(let a), .success(let b)):
        guard a == b else { fatalError("whole \(a) != chunked \(b)") }
        guard (try? GeneratedContent(json: a.jsonString)) == a else { fatalError("\(a) does not survive a round trip") }
    case (.failure, .failure):
        break
    default:
        // A depth limit of 64 in the chunked parser may refuse what the default limit accepts.
        if case .failure(SchemaError.tooDeep) = chunked! { break }
        fatalError("whole \(whole) but chunked \(chunked!)")
    }
    return 0
}

extension GeneratedContent {
    /// Whether this snapshot grew from `earlier` only at its partial end.
    func extends(_ earlier: GeneratedContent) -> Bool {
        switch (earlier, self) {
        case (.string(let old), .string(let new)):
            return new.unicodeScalars.starts(with: old.unicodeScalars)
        case (.array(let old), .array(let new)):
            guard new.count >= old.count, let last = old.last else { return new.count >= old.count }
            return new.prefix(old.count - 1).elementsEqual(old.dropLast()) && new[old.count - 1].extends(last)
        case (.object(let old), .object(let new)):
            guard new.count >= old.count, let last = old.last else { return new.count >= old.count }
            return new.prefix(old.count - 1).elementsEqual(old.dropLast())
                && new[old.count - 1].key == last.key && new[old.count - 1].value.extends(last.value)
        default:
            return earlier == self
        }
    }
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

/// SwiftPM links debug executables with `main` renamed to `<Target>_main`; this hands control to libFuzzer.
@_cdecl("PartialJSON_main")
public func fuzzerEntry(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzz)
}

// Fuzzes what origami reads of a photo before trusting it: format sniffing, the JPEG marker walk, the EXIF
// orientation parser in all three containers, and the decoders' header checks (with a 65,536-pixel budget, so
// any input that passes the checks is decoded too, but small enough to keep the fuzzer fast).
import CraftImages
import Foundation

private let options = PhotoOptions(maximumDimension: 64, maximumFileBytes: 1 << 20, pixelBudget: 1 << 16)
private let name = URL(fileURLWithPath: "fuzz.jpg")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let orientation = EXIFOrientation.fromTIFF(bytes[...]) { precondition((1...8).contains(orientation)) }
    _ = EXIFOrientation.inPNG(bytes)
    _ = EXIFOrientation.inWebP(bytes)
    let structure = JPEGStructure(scanning: bytes)
    precondition(!structure.reachedScan || !structure.endedEarly)
    _ = PhotoFormat.detect(bytes)
    _ = PhotoFormat.describeOther(bytes)
    do {
        let photo = try Photo(bytes: bytes, url: name, options: options)
        precondition(photo.width <= 64 && photo.height <= 64 && !photo.jpegData.isEmpty)
    } catch let error as PhotoError {
        precondition("\(error)".hasPrefix("fuzz.jpg: "))
    } catch {
        preconditionFailure("not a PhotoError: \(error)")
    }
    return 0
}

// SwiftPM links an executable target with `main` defined as `<Module>_main`; with -parse-as-library there is no
// such function, so this one hands the process to libFuzzer's driver with the callback above.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> Int32
) -> Int32

@_cdecl("PhotoHeaders_main")
public func photoHeadersMain(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzz)
}

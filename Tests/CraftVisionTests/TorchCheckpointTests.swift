@testable import CraftVision
import Testing

/// A legacy PyTorch checkpoint made byte by byte here: five pickles, then the raw storages.
@Suite struct TorchCheckpointTests {
    /// Pickle bytes from pieces: opcodes as bytes, text as length-prefixed BINUNICODE.
    static func text(_ value: String) -> [UInt8] {
        let utf8 = Array(value.utf8)
        return [0x58] + withUnsafeBytes(of: UInt32(utf8.count).littleEndian, Array.init) + utf8
    }

    static func global(_ module: String, _ name: String) -> [UInt8] { [0x63] + Array("\(module)\n\(name)\n".utf8) }

    /// A state dict of one tensor "w" of shape (2, 3) viewing storage "0" (6 floats) with strides (1, 2), and a
    /// LongStorage tensor "count" that the reader skips.
    static func checkpoint(storage: [Float] = [0, 1, 2, 3, 4, 5]) -> [UInt8] {
        var bytes = TorchCheckpoint.magic
        bytes += [0x80, 0x02, 0x4D, 0xE9, 0x03, 0x2E]  // 1001
        bytes += [0x80, 0x02, 0x7D, 0x2E]  // {}
        func tensor(_ key: String, type: String, count: UInt8, shape: [UInt8], strides: [UInt8]) -> [UInt8] {
            let shapeBytes: [UInt8] = shape.flatMap { [0x4B, $0] }
            let strideBytes: [UInt8] = strides.flatMap { [0x4B, $0] }
            var t: [UInt8] = global("torch._utils", "_rebuild_tensor_v2")
            t += [0x28, 0x28]
            t += text("storage")
            t += global("torch", type)
            t += text(key)
            t += text("cpu")
            t += [0x4B, count, 0x4E, 0x74, 0x51, 0x4B, 0x00, 0x28]
            t += shapeBytes
            t += [0x74, 0x28]
            t += strideBytes
            t += [0x74, 0x89, 0x7D, 0x74, 0x52]
            return t
        }
        bytes += [0x80, 0x02] + global("collections", "OrderedDict") + [0x29, 0x52, 0x71, 0x00, 0x28]
        bytes += text("w") + tensor("0", type: "FloatStorage", count: 6, shape: [2, 3], strides: [1, 2])
        bytes += text("count") + tensor("1", type: "LongStorage", count: 1, shape: [], strides: [])
        bytes += [0x75, 0x2E]
        bytes += [0x80, 0x02, 0x5D, 0x28] + text("0") + text("1") + [0x65, 0x2E]
        bytes += withUnsafeBytes(of: Int64(storage.count).littleEndian, Array.init)
        bytes += storage.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
        bytes += withUnsafeBytes(of: Int64(1).littleEndian, Array.init) + [7, 0, 0, 0, 0, 0, 0, 0]
        return bytes
    }

    @Test func aTensorIsReadByItsStridesNotInStorageOrder() throws {
        let checkpoint = try TorchCheckpoint(bytes: Self.checkpoint(), name: "t.pth")
        #expect(checkpoint.tensors["w"] == WeightTensor(shape: [2, 3], values: [0, 2, 4, 1, 3, 5]))
        #expect(checkpoint.tensors["count"] == nil)
    }

    @Test func aZipCheckpointIsRefusedSayingWhatItIs() {
        #expect(throws: VisionError.notACheckpoint(file: "z.pth", found: "a zip archive, PyTorch's newer format")) {
            try TorchCheckpoint(bytes: [0x50, 0x4B, 0x03, 0x04, 0, 0], name: "z.pth")
        }
    }

    @Test(arguments: [20, 60, 200, 300])
    func aTruncatedCheckpointIsAnErrorNotACrash(length: Int) {
        let bytes = Array(Self.checkpoint().prefix(length))
        #expect(throws: VisionError.self) { try TorchCheckpoint(bytes: bytes, name: "cut.pth") }
    }

    @Test func aStorageTooShortForItsTensorIsRefused() {
        let bytes = Self.checkpoint(storage: [0, 1, 2, 3])
        #expect(throws: VisionError.self) { try TorchCheckpoint(bytes: bytes, name: "s") }
    }

    @Test func anUnknownOpcodeIsNamed() {
        var reader = PickleReader([0x80, 0x02, 0x01, 0x2E])
        #expect(throws: PickleReader.Failure(offset: 2, reason: "opcode 0x1 is not one a PyTorch checkpoint uses")) {
            try reader.read()
        }
    }

    @Test func integersOfEveryWidthAndMemoizedValuesRoundTrip() throws {
        // (255, 65535, -2, -300 as LONG1, "a" stored and fetched again)
        let bytes: [UInt8] = [0x80, 0x02, 0x28, 0x4B, 0xFF, 0x4D, 0xFF, 0xFF, 0x4A, 0xFE, 0xFF, 0xFF, 0xFF,
                              0x8A, 0x02, 0xD4, 0xFE] + Self.text("a") + [0x71, 0x05, 0x68, 0x05, 0x74, 0x2E]
        var reader = PickleReader(bytes)
        #expect(try reader.read() == .tuple([.int(255), .int(65535), .int(-2), .int(-300), .string("a"), .string("a")]))
    }
}

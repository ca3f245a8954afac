public import Foundation

/// The float tensors of a PyTorch checkpoint saved in the legacy (pre-1.6, non-zip) format, by name.
///
/// That format is five pickles in a row — a magic number, the protocol version, the saving machine's facts, the
/// state dictionary, the list of storage keys — followed by each storage in that list's order as an 8-byte element
/// count and the raw little-endian elements. The state dictionary's tensors are calls of
/// `torch._utils._rebuild_tensor_v2(storage, offset, shape, strides, …)` whose storage is a persistent id
/// `("storage", torch.FloatStorage, key, location, count, view)`.
public struct TorchCheckpoint: Sendable {
    /// The checkpoint's float tensors, in row-major order.
    public var tensors: [String: WeightTensor]

    /// The first bytes of every legacy checkpoint: protocol 2, then the magic number 0x1950a86a20f9469cfc6c.
    static let magic: [UInt8] = [
        0x80, 0x02, 0x8A, 0x0A, 0x6C, 0xFC, 0x9C, 0x46, 0xF9, 0x20, 0x6A, 0xA8, 0x50, 0x19, 0x2E,
    ]
    /// Bytes per element of the storage types a checkpoint may hold.
    static let elementSizes: [String: Int] = [
        "FloatStorage": 4, "DoubleStorage": 8, "HalfStorage": 2, "BFloat16Storage": 2, "LongStorage": 8,
        "IntStorage": 4, "ShortStorage": 2, "CharStorage": 1, "ByteStorage": 1, "BoolStorage": 1,
    ]

    /// A checkpoint of these tensors (a test's, or one read and then changed).
    public init(tensors: [String: WeightTensor]) {
        self.tensors = tensors
    }

    /// Reads the checkpoint at `url`.
    public init(contentsOf url: URL) throws(VisionError) {
        let bytes: [UInt8]
        do {
            bytes = [UInt8](try Data(contentsOf: url, options: .alwaysMapped))
        } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
        try self.init(bytes: bytes, name: url.path)
    }

    /// Reads a checkpoint from its bytes; `name` names it in errors.
    public init(bytes: [UInt8], name: String) throws(VisionError) {
        guard bytes.starts(with: Self.magic) else {
            let head = bytes.prefix(4).map { String($0, radix: 16) }.joined(separator: " ")
            let found = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
                ? "a zip archive, PyTorch's newer format" : "starts with \(head.isEmpty ? "nothing" : head)"
            throw .notACheckpoint(file: name, found: found)
        }
        var reader = PickleReader(bytes, at: Self.magic.count)
        let state: PickleValue
        let keys: [PickleValue]
        do {
            _ = try reader.read()  // the protocol version
            _ = try reader.read()  // the saving machine: byte order and type sizes
            state = try reader.read()
            keys = try reader.read().items ?? []
        } catch {
            throw .malformedPickle(file: name, offset: error.offset, reason: error.reason)
        }
        guard case .dict(let pairs) = state else {
            throw .malformedCheckpoint(file: name, reason: "the state is \(state.kind), not a dict")
        }
        let references = try pairs.map { pair throws(VisionError) in try Self.reference(pair, file: name) }
        let types = Dictionary(references.map { ($0.key, $0.type) }, uniquingKeysWith: { first, _ in first })
        let storages = try Self.storages(bytes, from: reader.offset, keys: keys.compactMap(\.string), types: types,
                                         file: name)
        var tensors: [String: WeightTensor] = [:]
        for reference in references where reference.type == "FloatStorage" {
            guard let storage = storages[reference.key] else {
                throw .malformedCheckpoint(file: name, reason: "tensor '\(reference.name)' names a missing storage")
            }
            guard let end = WeightTensor.extent(offset: reference.offset, shape: reference.shape,
                                                strides: reference.strides),
                  reference.offset >= 0, end <= storage.count / 4
            else {
                throw .malformedCheckpoint(file: name, reason: "tensor '\(reference.name)' reaches past its storage")
            }
            tensors[reference.name] = Self.floats(storage) { buffer in
                WeightTensor(storage: buffer, offset: reference.offset, shape: reference.shape,
                             strides: reference.strides)
            }
        }
        self.tensors = tensors
    }

    /// Where a tensor's numbers are: its storage and how the tensor views it.
    struct Reference {
        var name: String
        var key: String
        var type: String
        var offset: Int
        var shape: [Int]
        var strides: [Int]
    }

    static func reference(_ pair: PickleValue.Pair, file: String) throws(VisionError) -> Reference {
        let name = pair.key.string ?? "?"
        guard case .call(.global("torch._utils", "_rebuild_tensor_v2"), let arguments) = pair.value,
              let items = arguments.items, items.count >= 4,
              case .persistent(let id) = items[0], let idItems = id.items, idItems.count >= 5,
              case .global(_, let type) = idItems[1], let key = idItems[2].string,
              let offset = items[1].int, let shape = items[2].ints, let strides = items[3].ints,
              shape.count == strides.count
        else {
            throw .malformedCheckpoint(file: file, reason: "'\(name)' is \(pair.value.kind), not a stored tensor")
        }
        return Reference(name: name, key: key, type: type, offset: offset, shape: shape, strides: strides)
    }

    /// Each storage's raw bytes, by key, read in the order the key list gives.
    static func storages(
        _ bytes: [UInt8], from start: Int, keys: [String], types: [String: String], file: String
    ) throws(VisionError) -> [String: ArraySlice<UInt8>] {
        var offset = start
        var storages: [String: ArraySlice<UInt8>] = [:]
        for key in keys {
            guard let type = types[key], let size = elementSizes[type] else {
                throw .malformedCheckpoint(file: file, reason: "storage \(key) has no known element type")
            }
            guard offset + 8 <= bytes.count else {
                throw .malformedCheckpoint(file: file, reason: "the file ends before storage \(key)")
            }
            let count = bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | Int($1) }
            offset += 8
            guard count >= 0, count <= (bytes.count - offset) / size else {
                throw .malformedCheckpoint(file: file, reason: "storage \(key) of \(count) elements runs past the end")
            }
            storages[key] = bytes[offset..<offset + count * size]
            offset += count * size
        }
        return storages
    }

    /// Calls `body` with a storage's bytes as little-endian floats (copied once to be aligned).
    static func floats<T>(_ storage: ArraySlice<UInt8>, _ body: (UnsafeBufferPointer<Float>) -> T) -> T {
        var values = [Float](repeating: 0, count: storage.count / 4)
        values.withUnsafeMutableBytes { target in
            storage.withUnsafeBytes { source in
                target.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<target.count]))
            }
        }
        return values.withUnsafeBufferPointer(body)
    }
}

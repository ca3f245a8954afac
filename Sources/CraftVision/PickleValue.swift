/// A value of Python's pickle format, as far as a PyTorch checkpoint uses it.
///
/// Calls (`REDUCE`) are not run: they stay `call` values, and the checkpoint reader gives meaning to the few it
/// knows (an ordered dictionary, a tensor rebuilt from a storage). Nothing in a file can make this reader run code.
public indirect enum PickleValue: Sendable, Hashable {
    case none
    case bool(Bool)
    case int(Int)
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case tuple([PickleValue])
    case list([PickleValue])
    /// A dictionary's pairs in insertion order (pickle keeps the order of `SETITEM`s).
    case dict([Pair])
    /// A reference to a Python global, `module.name`, e.g. `torch._utils._rebuild_tensor_v2`.
    case global(module: String, name: String)
    /// An object the file refers to outside the pickle (PyTorch's storages), by its persistent id.
    case persistent(PickleValue)
    /// A call of `function` with `arguments` (a tuple), recorded instead of run.
    case call(function: PickleValue, arguments: PickleValue)

    /// One key and value of a dictionary.
    public struct Pair: Sendable, Hashable {
        /// The key.
        public var key: PickleValue
        /// The value.
        public var value: PickleValue
    }

    /// The integer, if this is one.
    public var int: Int? {
        if case .int(let value) = self { value } else { nil }
    }

    /// The text, if this is a string.
    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The items of a tuple or a list.
    public var items: [PickleValue]? {
        switch self {
        case .tuple(let items), .list(let items): items
        default: nil
        }
    }

    /// The integers of a tuple or a list of integers (a tensor's shape or strides).
    public var ints: [Int]? {
        guard let items else { return nil }
        let values = items.compactMap(\.int)
        return values.count == items.count ? values : nil
    }

    /// A short name of the kind of value, for error messages.
    var kind: String {
        switch self {
        case .none: "None"
        case .bool: "a bool"
        case .int: "an int"
        case .float: "a float"
        case .string: "a string"
        case .bytes: "bytes"
        case .tuple: "a tuple"
        case .list: "a list"
        case .dict: "a dict"
        case .global(let module, let name): "\(module).\(name)"
        case .persistent: "a persistent id"
        case .call(let function, _): "a call of \(function.kind)"
        }
    }
}

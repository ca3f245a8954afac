/// Reads one pickle (protocols 2–4, the opcodes PyTorch checkpoints use) from bytes, without running any code.
///
/// A checkpoint in PyTorch's legacy format is several pickles in a row, so the reader starts at an offset and
/// reports where the pickle ended.
struct PickleReader {
    /// Why a pickle could not be read, and where.
    struct Failure: Error, Equatable {
        /// The byte offset of the opcode that failed.
        var offset: Int
        /// What was wrong.
        var reason: String
    }

    let bytes: [UInt8]
    var offset: Int
    private var stack: [PickleValue] = []
    private var marks: [Int] = []
    private var memo: [Int: PickleValue] = [:]

    /// A reader of the pickle that starts at `offset` in `bytes`.
    init(_ bytes: [UInt8], at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// Reads up to and including the `STOP` opcode and returns the pickled value; `offset` is then past it.
    mutating func read() throws(Failure) -> PickleValue {
        stack = []
        marks = []
        memo = [:]
        while true {
            let start = offset
            let opcode = try byte()
            if opcode == 0x2E {  // STOP
                guard stack.count == 1 else { throw Failure(offset: start, reason: "STOP with \(stack.count) values") }
                return stack.removeLast()
            }
            try apply(opcode, at: start)
        }
    }

    private mutating func apply(_ opcode: UInt8, at start: Int) throws(Failure) {
        switch opcode {
        case 0x80: _ = try byte()  // PROTO
        case 0x95: offset += 8  // FRAME (protocol 4): the frame's length, not needed when all bytes are here
        case 0x28: marks.append(stack.count)  // MARK
        case 0x4E: stack.append(.none)  // NONE
        case 0x88: stack.append(.bool(true))  // NEWTRUE
        case 0x89: stack.append(.bool(false))  // NEWFALSE
        case 0x4B: stack.append(.int(Int(try byte())))  // BININT1
        case 0x4D: stack.append(.int(Int(try unsigned(2))))  // BININT2
        case 0x4A: stack.append(.int(Int(Int32(truncatingIfNeeded: try unsigned(4)))))  // BININT
        case 0x8A: stack.append(.int(try long(count: Int(try byte()))))  // LONG1
        case 0x47: stack.append(.float(Double(bitPattern: try bigEndian8())))  // BINFLOAT
        case 0x58: stack.append(.string(try text(count: Int(try unsigned(4)))))  // BINUNICODE
        case 0x8C: stack.append(.string(try text(count: Int(try byte()))))  // SHORT_BINUNICODE
        case 0x55: stack.append(.string(try text(count: Int(try byte()))))  // SHORT_BINSTRING
        case 0x54: stack.append(.string(try text(count: Int(try unsigned(4)))))  // BINSTRING
        case 0x43: stack.append(.bytes(try take(Int(try byte()))))  // SHORT_BINBYTES
        case 0x42: stack.append(.bytes(try take(Int(try unsigned(4)))))  // BINBYTES
        case 0x29: stack.append(.tuple([]))  // EMPTY_TUPLE
        case 0x5D: stack.append(.list([]))  // EMPTY_LIST
        case 0x7D: stack.append(.dict([]))  // EMPTY_DICT
        case 0x85, 0x86, 0x87:  // TUPLE1, TUPLE2, TUPLE3
            let count = Int(opcode - 0x84)
            stack.append(.tuple(try pop(count, at: start)))
        case 0x74: stack.append(.tuple(try popToMark(at: start)))  // TUPLE
        case 0x6C: stack.append(.list(try popToMark(at: start)))  // LIST
        case 0x64: stack.append(.dict(try pairs(try popToMark(at: start), at: start)))  // DICT
        case 0x61: try extend(with: try pop(1, at: start), at: start)  // APPEND
        case 0x65: try extend(with: try popToMark(at: start), at: start)  // APPENDS
        case 0x73: try insert(try pop(2, at: start), at: start)  // SETITEM
        case 0x75: try insert(try popToMark(at: start), at: start)  // SETITEMS
        case 0x63:  // GLOBAL: "module\nname\n"
            stack.append(.global(module: try line(), name: try line()))
        case 0x93:  // STACK_GLOBAL
            let names = try pop(2, at: start)
            guard let module = names[0].string, let name = names[1].string else {
                throw Failure(offset: start, reason: "STACK_GLOBAL without two strings")
            }
            stack.append(.global(module: module, name: name))
        case 0x52, 0x81:  // REDUCE, NEWOBJ
            let parts = try pop(2, at: start)
            stack.append(.call(function: parts[0], arguments: parts[1]))
        case 0x62: _ = try pop(1, at: start)  // BUILD: an object's state (e.g. a state dict's _metadata), not needed
        case 0x51: stack.append(.persistent(try pop(1, at: start)[0]))  // BINPERSID
        case 0x71: memo[Int(try byte())] = try top(at: start)  // BINPUT
        case 0x72: memo[Int(try unsigned(4))] = try top(at: start)  // LONG_BINPUT
        case 0x94: memo[memo.count] = try top(at: start)  // MEMOIZE
        case 0x68: stack.append(try recall(Int(try byte()), at: start))  // BINGET
        case 0x6A: stack.append(try recall(Int(try unsigned(4)), at: start))  // LONG_BINGET
        default:
            let hex = String(opcode, radix: 16)
            throw Failure(offset: start, reason: "opcode 0x\(hex) is not one a PyTorch checkpoint uses")
        }
    }

    // MARK: The stack

    private mutating func pop(_ count: Int, at start: Int) throws(Failure) -> [PickleValue] {
        guard stack.count - count >= (marks.last ?? 0) else {
            throw Failure(offset: start, reason: "the stack holds fewer than \(count) values")
        }
        defer { stack.removeLast(count) }
        return Array(stack.suffix(count))
    }

    private mutating func popToMark(at start: Int) throws(Failure) -> [PickleValue] {
        guard let mark = marks.popLast() else { throw Failure(offset: start, reason: "no MARK to pop to") }
        defer { stack.removeLast(stack.count - mark) }
        return Array(stack[mark...])
    }

    private func top(at start: Int) throws(Failure) -> PickleValue {
        guard let value = stack.last else { throw Failure(offset: start, reason: "memoizing an empty stack") }
        return value
    }

    private func recall(_ index: Int, at start: Int) throws(Failure) -> PickleValue {
        guard let value = memo[index] else { throw Failure(offset: start, reason: "memo \(index) was never stored") }
        return value
    }

    private mutating func extend(with items: [PickleValue], at start: Int) throws(Failure) {
        guard case .list(let list) = stack.last else { throw Failure(offset: start, reason: "APPEND to a non-list") }
        stack[stack.count - 1] = .list(list + items)
    }

    /// SETITEM(S) on a dict, or on a call that builds one (`collections.OrderedDict()`), which becomes that dict.
    private mutating func insert(_ items: [PickleValue], at start: Int) throws(Failure) {
        let added = try pairs(items, at: start)
        switch stack.last {
        case .dict(let existing): stack[stack.count - 1] = .dict(existing + added)
        case .call(.global("collections", "OrderedDict"), _): stack[stack.count - 1] = .dict(added)
        default: throw Failure(offset: start, reason: "SETITEM on \(stack.last?.kind ?? "nothing")")
        }
    }

    private func pairs(_ items: [PickleValue], at start: Int) throws(Failure) -> [PickleValue.Pair] {
        guard items.count % 2 == 0 else { throw Failure(offset: start, reason: "a dict with an odd item count") }
        return stride(from: 0, to: items.count, by: 2).map { .init(key: items[$0], value: items[$0 + 1]) }
    }
}

// Snapshots of a PartialJSONParser's progress, built without copying what has been parsed.
//
// The snapshot is made of the open containers' own storage. After a chunk, each open frame's array is moved into
// the snapshot (the partial last member appended) and the parser keeps it in `held`, returning a copy or lending it
// (`feed(_:reading:)`). From then on the held snapshot is the storage: a value that begins is added to the innermost
// open container in place, text read goes into the last leaf in place, and a closing quote or bracket, a key, a
// comma or an unfinished number change nothing in it, so most bytes return the held snapshot as it is. Each
// in-place update walks down the open containers' last members; when the caller has let go of its copy by then (or
// was only lent it), every level is unique and nothing is copied, so a snapshot per byte costs a few moves per
// nesting level. When the caller still holds it, the levels walked are copied once (value semantics). A large chunk
// other than plain text of the string being read, or the end of the input, first moves the storage back into the
// frames (`reclaim`), where values are appended without a walk.

extension PartialJSONParser {
    /// Everything parsed so far, or nil while no value has begun (what the last `feed` returned).
    public func snapshot() -> GeneratedContent? {
        if let held { return held }
        var copy = self
        return copy.buildSnapshot()
    }

    /// Moves the open frames' storage into a snapshot, innermost first, and keeps it in `held`.
    @usableFromInline
    mutating func buildSnapshot() -> GeneratedContent? {
        if let root { return root }
        var child: GeneratedContent?
        if state.isInString, !isKey {
            var taken = ""
            swap(&taken, &text)
            child = .string(taken)
            leafLent = true
        }
        var index = frames.count - 1
        while index >= 0 {
            if frames[index].isObject {
                var members: [GeneratedContent.Member] = []
                swap(&members, &frames[index].members)
                if let partial = child.take() {
                    members.append(GeneratedContent.Member(frames[index].pendingKey, partial))
                }
                child = .object(members)
            } else {
                var elements: [GeneratedContent] = []
                swap(&elements, &frames[index].elements)
                if let partial = child.take() { elements.append(partial) }
                child = .array(elements)
            }
            index -= 1
        }
        held = child
        return child
    }

    /// Moves the storage of the last snapshot back into the open frames, outermost first. Each container's
    /// payload is taken out and the enum holding it released before the storage is trimmed, so it is unique again.
    mutating func reclaim() {
        guard var node = held.take() else { return }
        let innermost = frames.count - 1
        for index in frames.indices {
            let lentHere = index < innermost || leafLent
            if case .object(let payload) = node {
                var members = payload
                node = .null
                if lentHere { node = members.removeLast().value }
                swap(&members, &frames[index].members)
            } else if case .array(let payload) = node {
                var elements = payload
                node = .null
                if lentHere { node = elements.removeLast() }
                swap(&elements, &frames[index].elements)
            } else {
                preconditionFailure("a snapshot's container does not match the parser's open frame")
            }
        }
        if leafLent, case .string(let payload) = node {
            var taken = payload
            node = .null
            swap(&taken, &text)
        }
        leafLent = false
    }
}

extension PartialJSONParser {
    /// Adds a value that has begun or ended to the innermost open container of the held snapshot.
    mutating func addToHeld(_ value: GeneratedContent) {
        let last = frames.count - 1
        held!.addToOpenContainer(value, key: frames[last].isObject ? frames[last].pendingKey : nil, depth: last)
    }

    /// Ends a string or container that is already in the held snapshot; at the top level it is the document's value.
    mutating func endHeldValue() {
        if frames.isEmpty {
            root = held.take()
            state = .end
        } else {
            state = .commaOrClose
        }
    }

    /// Refuses a key the innermost open object of the held snapshot already has, reading its members there; from
    /// 8 members on it fills the frame's key set instead, as `completeKey` does from the frame's own members.
    mutating func checkHeldKey(_ key: String, at: Int) throws {
        let last = frames.count - 1
        var node = held!
        for _ in 0..<last { node = node.lastMember }
        guard case .object(let members) = node else {
            preconditionFailure("a snapshot's container does not match the parser's open frame")
        }
        if members.count >= 8 {
            frames[last].keys = Set(members.map(\.key))
        } else if members.contains(where: { $0.key == key }) {
            throw SchemaError.duplicateKey(key, offset: at)
        }
    }
}

extension GeneratedContent {
    /// The last element or member value of an array or object.
    var lastMember: GeneratedContent {
        switch self {
        case .array(let elements): elements[elements.count - 1]
        case .object(let members): members[members.count - 1].value
        default: preconditionFailure("a snapshot's last-member path ends early")
        }
    }

    /// Changes the string `depth` levels down this snapshot's last-member path in place. Each container's payload
    /// is taken out and `self` cleared before descending, so storage the caller no longer shares is unique and
    /// changes without a copy. This runs once per character streamed, so each call goes down two levels and the
    /// string is changed in the call that reaches it, halving the calls.
    mutating func changeOpenString(depth: Int, _ change: (inout String) -> Void) {
        guard depth > 0 else { return changeString(change) }
        changeLast { child in
            guard depth > 1 else { return child.changeString(change) }
            child.changeLast { grandchild in
                if depth == 2 {
                    grandchild.changeString(change)
                } else {
                    grandchild.changeOpenString(depth: depth - 2, change)
                }
            }
        }
    }

    /// Changes the last element or member value of this array or object in place, the way `changeOpenString` says.
    @inline(__always)
    private mutating func changeLast(_ change: (inout GeneratedContent) -> Void) {
        if case .array(var elements) = self {
            self = .null
            change(&elements[elements.count - 1])
            self = .array(elements)
        } else if case .object(var members) = self {
            self = .null
            change(&members[members.count - 1].value)
            self = .object(members)
        } else {
            preconditionFailure("a snapshot's last-member path ends early")
        }
    }

    /// Changes this string in place, the way `changeOpenString` says.
    @inline(__always)
    private mutating func changeString(_ change: (inout String) -> Void) {
        guard case .string(var text) = self else {
            preconditionFailure("a snapshot's last-member path does not end in the string being read")
        }
        self = .null
        change(&text)
        self = .string(text)
    }

    /// Appends `value` (under `key` in an object) to the container `depth` levels down this snapshot's last-member
    /// path, in place, the same way.
    mutating func addToOpenContainer(_ value: __owned GeneratedContent, key: __owned String?, depth: Int) {
        if case .array(var elements) = self {
            self = .null
            if depth == 0 {
                elements.append(value)
            } else {
                elements[elements.count - 1].addToOpenContainer(value, key: key, depth: depth - 1)
            }
            self = .array(elements)
        } else if case .object(var members) = self {
            self = .null
            if depth == 0 {
                members.append(Member(key!, value))
            } else {
                members[members.count - 1].value.addToOpenContainer(value, key: key, depth: depth - 1)
            }
            self = .object(members)
        } else {
            preconditionFailure("a snapshot's last-member path ends early")
        }
    }
}

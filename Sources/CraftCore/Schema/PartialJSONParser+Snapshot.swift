// Snapshots of a PartialJSONParser's progress, built without copying what has been parsed.
//
// The snapshot is made of the open containers' own storage: after a chunk, each open frame's array is moved into
// the snapshot (the partial last member appended), the parser keeps the snapshot in `held` and returns a copy of
// it. Before it next changes anything the snapshot shows, the parser calls `reclaim`, which walks the snapshot's
// last-member path and moves the storage back into the frames; a chunk that changes nothing visible (whitespace,
// punctuation, a key, an unfinished number) returns the held snapshot as it is, and text added to the string being
// read goes straight into the held snapshot's last leaf (`GeneratedContent.appendToOpenString`) without a reclaim.
// When the caller has let go of its copy by then, nothing is copied, so a snapshot per byte costs a few moves per
// nesting level; when the caller still holds it, the storage is copied once (value semantics), which is still
// correct.

extension PartialJSONParser {
    /// Everything parsed so far, or nil while no value has begun (what the last `feed` returned).
    public func snapshot() -> GeneratedContent? {
        var copy = self
        copy.reclaim()
        return copy.buildSnapshot()
    }

    /// Moves the open frames' storage into a snapshot, innermost first, and keeps it in `held`.
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
                if let partial = child.take() { members.append(GeneratedContent.Member(frames[index].pendingKey, partial)) }
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

extension GeneratedContent {
    /// Appends `scalar` to the string at the end of this snapshot's last-member path, `depth` containers down, in
    /// place. Each container's payload is taken out and `self` cleared before descending, so storage the caller no
    /// longer shares is unique and grows without a copy.
    mutating func appendToOpenString(_ scalar: Unicode.Scalar, depth: Int) {
        if depth == 0, case .string(var text) = self {
            self = .null
            text.unicodeScalars.append(scalar)
            self = .string(text)
        } else if case .array(var elements) = self {
            self = .null
            elements[elements.count - 1].appendToOpenString(scalar, depth: depth - 1)
            self = .array(elements)
        } else if case .object(var members) = self {
            self = .null
            members[members.count - 1].value.appendToOpenString(scalar, depth: depth - 1)
            self = .object(members)
        } else {
            preconditionFailure("a snapshot's last-member path does not end in the string being read")
        }
    }
}

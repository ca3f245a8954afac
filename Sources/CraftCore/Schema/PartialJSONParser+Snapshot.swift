// Snapshots of a PartialJSONParser's progress, built in time proportional to the nesting depth.
//
// A snapshot wraps each open container's storage as it is. To show the partial last member, the parser appends
// it to that storage for the snapshot's sake and removes it again (`unlend`) before it parses on; when the caller
// has let go of the snapshot by then, no storage is copied, so a snapshot per byte stays cheap.

extension PartialJSONParser {
    /// Everything parsed so far, or nil while no value has begun (what the last `feed` returned).
    public func snapshot() -> GeneratedContent? {
        var copy = self
        copy.unlend()
        return copy.buildSnapshot()
    }

    /// Builds the snapshot from the innermost open value outwards, lending partial members to the open frames.
    mutating func buildSnapshot() -> GeneratedContent? {
        if let root { return root }
        var child: GeneratedContent? = (state == .string && !isKey) ? .string(text) : nil
        var index = frames.count - 1
        while index >= 0 {
            if let partial = child {
                if frames[index].isObject {
                    frames[index].members.append(GeneratedContent.Member(frames[index].pendingKey, partial))
                } else {
                    frames[index].elements.append(partial)
                }
                frames[index].lent = true
            }
            child = frames[index].isObject ? .object(frames[index].members) : .array(frames[index].elements)
            index -= 1
        }
        return child
    }

    /// Takes back the partial members a snapshot lent to the open frames, outermost first so that inner storage
    /// is no longer referenced by the time it is trimmed.
    mutating func unlend() {
        for index in frames.indices where frames[index].lent {
            if frames[index].isObject {
                frames[index].members.removeLast()
            } else {
                frames[index].elements.removeLast()
            }
            frames[index].lent = false
        }
    }
}

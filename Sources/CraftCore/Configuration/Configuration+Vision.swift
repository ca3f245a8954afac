extension ValueKind where Value == Bool? {
    /// Whether the model sees: `yes`, `no`, or `auto` (nil: ask the server); a JSON boolean works in the file too.
    static var visionChoice: Self {
        let choice: @Sendable (String) -> Bool?? = { text in
            switch text.lowercased() {
            case "yes", "true", "on", "1": .some(true)
            case "no", "false", "off", "0": .some(false)
            case "auto": .some(nil)
            default: nil
            }
        }
        return .init(expected: "yes, no or auto", parse: choice) { json in
            if let flag = json.boolValue { return .some(flag) }
            return json.stringValue.flatMap(choice)
        }
    }
}

extension Setting where Value == Bool? {
    /// Where a backend's vision comes from when the person set it, in words for `origami doctor`; nil for `auto`.
    var visionSource: String? {
        value == nil ? nil : "the vision setting, \(source)"
    }
}

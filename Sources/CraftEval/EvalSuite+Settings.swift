public import CraftCore

extension EvalSuite {
    /// The command line's configuration flags with the suite's backend, model, servers and cassette filling what
    /// neither the flags nor `loaded` (the environment and the configuration file) set.
    public func filling(_ flags: [String: String], over loaded: Configuration?) -> [String: String] {
        var flags = flags
        if flags["backend"] == nil, loaded?.backends.source ?? .builtIn == .builtIn, let backend {
            flags["backend"] = backend
        }
        if flags["model"] == nil, loaded?.model.value == nil, let model { flags["model"] = model }
        let serversSet = [loaded?.ollamaEndpoints.source, loaded?.openAIEndpoints.source]
            .contains { ($0 ?? .builtIn) != .builtIn }
        if flags["base-url"] == nil, !serversSet, let baseURLs {
            flags["base-url"] = baseURLs.joined(separator: "\n")
        }
        if flags["cassette"] == nil, loaded?.cassette.value == nil, let cassette {
            flags["cassette"] = cassette.path
        }
        return flags
    }
}

import CraftSchema

/// What one backend of a chain is told apart from the shared settings: its own model and base URL.
///
/// Written `KIND:MODEL@URL` on the command line (`--backend ollama:qwen2.5vl:3b,engine`; the model may hold colons,
/// the URL follows the last `@`), or as an object in the configuration file's `backend` list
/// (`{"kind": "ollama", "model": "qwen2.5vl:3b", "baseURL": "http://gpu:11434"}`). In the file, `baseURL` may be a
/// list of URLs, a pool of endpoints (see `PoolEndpoint`); it is kept as one text, the URLs separated by spaces.
public struct BackendOverride: Sendable, Hashable {
    /// The model this backend is asked for (a GGUF path for the engine).
    public var model: String?
    /// The server's base URL (ollama and openai), or several separated by spaces or commas (a pool).
    public var baseURL: String?

    /// Creates the settings of one backend.
    public init(model: String? = nil, baseURL: String? = nil) {
        self.model = model
        self.baseURL = baseURL
    }

    /// One item of a `--backend` list: its kind's name and what it overrides; nil when an override is empty.
    static func parse(_ item: String) -> (name: String, override: BackendOverride)? {
        var rest = Substring(item.trimmingCharacters(in: .whitespaces))
        var url: String?
        if let at = rest.lastIndex(of: "@") {
            url = String(rest[rest.index(after: at)...])
            rest = rest[..<at]
            guard !(url ?? "").isEmpty else { return nil }
        }
        guard let colon = rest.firstIndex(of: ":") else { return (String(rest), BackendOverride(baseURL: url)) }
        let model = String(rest[rest.index(after: colon)...])
        guard !model.isEmpty else { return nil }
        return (String(rest[..<colon]), BackendOverride(model: model, baseURL: url))
    }

    /// The same item as a file's object: `kind`, and `model` and `baseURL` when given; nil for anything else.
    static func parse(_ json: GeneratedContent) -> String? {
        if let text = json.stringValue { return text }
        guard case .object(let members) = json,
            members.allSatisfy({ ["kind", "model", "baseURL"].contains($0.key) }),
            let kind = json["kind"]?.stringValue
        else { return nil }
        let model = json["model"]?.stringValue.map { ":" + $0 } ?? ""
        let url = urls(json["baseURL"]).map { "@" + $0 } ?? ""
        if json["model"] != nil && model.isEmpty || json["baseURL"] != nil && url.isEmpty { return nil }
        return kind + model + url
    }

    /// A `baseURL` value as one text: a string as it is, a non-empty list of strings joined by spaces.
    private static func urls(_ value: GeneratedContent?) -> String? {
        if let text = value?.stringValue { return text }
        guard let items = value?.arrayValue, !items.isEmpty else { return nil }
        let texts = items.compactMap(\.stringValue)
        return texts.count == items.count ? texts.joined(separator: " ") : nil
    }

    /// Whether a model value meant for every backend fits `kind`: a GGUF file fits only the engine, a name only the
    /// servers. So `"model": "qwen2.5vl:3b"` with the chain `["ollama", "engine"]` never sends the engine looking
    /// for a file of that name; it falls back to its own model.
    static func fits(_ model: String, _ kind: BackendKind) -> Bool {
        let isFile = model.lowercased().hasSuffix(".gguf")
        switch kind {
        case .engine: return isFile
        case .ollama, .openai: return !isFile
        case .replay: return true
        }
    }
}

package import CraftSchema

/// One server of a pool: its base URL and how many requests it takes at once.
///
/// Written `URL` or `URL#slots=N` in a flag, the environment or a string of the configuration file (a fragment is
/// never sent to a server, so it cannot clash with an address), or `{"url": URL, "slots": N}` in the file. Without
/// a number, a llama-server's `/props` (`total_slots`) says, else one slot.
public struct PoolEndpoint: Sendable, Hashable, Codable {
    /// The base URL, normalised (scheme added, trailing slashes removed).
    public var url: String
    /// The requests it takes at once, when the person said; nil asks the server.
    public var slots: Int?

    /// Creates an endpoint.
    public init(url: String, slots: Int? = nil) {
        self.url = url
        self.slots = slots
    }

    /// How the endpoint is written back: `URL` or `URL#slots=N`.
    public var text: String { url + (slots.map { "#slots=\($0)" } ?? "") }

    /// The endpoints of a list written in one text: URLs separated by commas, spaces or line breaks (a repeated
    /// `--base-url` arrives as lines), each with an optional `#slots=N`; `normalise` checks and completes a URL.
    /// Nil when an item is not valid or the list is empty.
    package static func parseList(_ text: String, normalise: (String) -> String?) -> [PoolEndpoint]? {
        let items = text.split { $0 == "," || $0 == " " || $0 == "\n" || $0 == "\t" }.map(String.init)
        var endpoints: [PoolEndpoint] = []
        for item in items {
            guard let endpoint = parse(item, normalise: normalise) else { return nil }
            endpoints.append(endpoint)
        }
        return endpoints.isEmpty ? nil : endpoints
    }

    /// One item: `URL` or `URL#slots=N` with N ≥ 1.
    static func parse(_ item: String, normalise: (String) -> String?) -> PoolEndpoint? {
        var address = Substring(item)
        var slots: Int?
        if let hash = address.firstIndex(of: "#") {
            let fragment = address[address.index(after: hash)...]
            guard fragment.hasPrefix("slots="), let count = Int(fragment.dropFirst(6)), count >= 1, count <= 1024
            else { return nil }
            slots = count
            address = address[..<hash]
        }
        guard let url = normalise(String(address)) else { return nil }
        return PoolEndpoint(url: url, slots: slots)
    }

    /// The endpoints of a configuration-file value: a string (a list as above), or a list of strings and
    /// `{"url", "slots"}` objects; nil for anything else.
    package static func parseJSON(_ value: GeneratedContent, normalise: (String) -> String?) -> [PoolEndpoint]? {
        if let text = value.stringValue { return parseList(text, normalise: normalise) }
        guard let items = value.arrayValue, !items.isEmpty else { return nil }
        var endpoints: [PoolEndpoint] = []
        for item in items {
            if let text = item.stringValue, let endpoint = parse(text, normalise: normalise) {
                endpoints.append(endpoint)
                continue
            }
            guard case .object(let members) = item, members.allSatisfy({ ["url", "slots"].contains($0.key) }),
                let text = item["url"]?.stringValue, let url = normalise(text)
            else { return nil }
            var slots: Int?
            if let given = item["slots"] {
                guard let count = given.intValue, count >= 1, count <= 1024 else { return nil }
                slots = count
            }
            endpoints.append(PoolEndpoint(url: url, slots: slots))
        }
        return endpoints
    }
}

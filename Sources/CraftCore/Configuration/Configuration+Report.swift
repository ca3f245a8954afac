import CraftBackends
/// The configuration as `origami doctor` shows it: every setting, its effective value and its source.
extension Configuration {
    /// One line of the report.
    public struct Entry: Sendable, Hashable {
        /// The setting's name, as the configuration file spells it (`apiKey` for the key, which no file may hold).
        public var name: String
        /// The value in words; the API key shows only `set` or `unset`.
        public var value: String
        /// Where the value came from.
        public var source: ConfigurationSource
    }

    /// Every setting in a fixed order.
    public var entries: [Entry] {
        func entry<T>(_ name: String, _ setting: Setting<T>, _ render: (T) -> String) -> Entry {
            Entry(name: name, value: render(setting.value), source: setting.source)
        }
        func text(_ value: String?) -> String { value ?? "(none)" }
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        return [
            entry("backend", backends) { kinds in
                kinds.map { kind in
                    let own = backendOverrides[kind]
                    return kind.rawValue + (own?.model.map { ":" + $0 } ?? "") + (own?.baseURL.map { "@" + $0 } ?? "")
                }.joined(separator: ",")
            },
            entry("model", model) { $0 ?? "(the backend's default)" },
            entry("smallModel", smallModel) { $0 ?? "(the backend's default)" },
            entry("mmproj", mmproj, text),
            entry("vision", vision) { $0.map { $0 ? "yes" : "no" } ?? "auto (each server is asked)" },
            entry("ollamaHost", ollamaEndpoints) { $0.map(\.text).joined(separator: ", ") },
            entry("openaiBaseURL", openAIEndpoints) { $0.map(\.text).joined(separator: ", ") },
            entry("apiKey", apiKey) { $0 == nil ? "unset" : "set" },
            entry("timeout", timeout) { number($0) + " s" },
            entry("temperature", temperature) { $0.map(number) ?? "(each mode's own)" },
            entry("seed", seed) { $0.map(String.init) ?? "(random)" },
            entry("maxTokens", maxTokens) { $0.map(String.init) ?? "(each mode's own)" },
            entry("color", color) { $0 ? "on a terminal" : "never" },
            entry("record", record, text),
            entry("cassette", cassette, text),
            entry("allowInsecureHTTP", allowInsecureHTTP) { $0 ? "yes" : "no" },
            entry("llamaServer", llamaServer) { $0 ?? "(found by origami)" },
            entry("engineIdleTimeout", engineIdleTimeout) { number($0) + " s" },
        ]
    }
}

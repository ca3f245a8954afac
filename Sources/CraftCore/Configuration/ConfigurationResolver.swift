import CraftBackends
import CraftSchema
import Foundation

/// How a setting's text (flag, environment) or JSON value (configuration file) becomes a typed value.
package struct ValueKind<Value: Sendable> {
    /// What a valid value looks like, for error messages.
    package let expected: String
    /// Reads a flag or environment value.
    package let parse: @Sendable (String) -> Value?
    /// Reads a configuration-file value.
    let parseJSON: @Sendable (GeneratedContent) -> Value?

    init(
        expected: String, parse: @escaping @Sendable (String) -> Value?,
        json: (@Sendable (GeneratedContent) -> Value?)? = nil
    ) {
        self.expected = expected
        self.parse = parse
        self.parseJSON = json ?? { $0.stringValue.flatMap(parse) }
    }
}

extension ValueKind where Value == String {
    static var text: Self { .init(expected: "a non-empty text") { $0.isEmpty ? nil : $0 } }
    static var path: Self {
        .init(expected: "a file path") { text in
            guard !text.isEmpty else { return nil }
            guard text == "~" || text.hasPrefix("~/") else { return text }
            return NSHomeDirectory() + text.dropFirst()
        }
    }
    /// A base URL; a bare `host` or `host:port` (as `OLLAMA_HOST` allows) gains `http://` and the default port.
    static func url(defaultPort: Int?) -> Self {
        .init(expected: "an http:// or https:// URL") { text in
            var text = text.trimmingCharacters(in: .whitespaces)
            if !text.contains("://") {
                text = "http://" + text
                if let defaultPort, !text.dropFirst(7).contains(":") { text += ":\(defaultPort)" }
            }
            while text.hasSuffix("/") { text.removeLast() }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
                let host = url.host, !host.isEmpty
            else { return nil }
            return text
        }
    }
}

extension ValueKind where Value == [PoolEndpoint] {
    /// One base URL or several (a pool): comma-separated or one per repeated flag, each optionally `URL#slots=N`; in
    /// the file also a list of URLs and `{"url", "slots"}` objects.
    package static func endpoints(defaultPort: Int?) -> Self {
        let url = ValueKind<String>.url(defaultPort: defaultPort)
        return .init(
            expected: "one or more http:// or https:// URLs (comma-separated, or --base-url repeated), each "
                + "optionally followed by #slots=N (N from 1 to 1024)"
        ) { text in
            PoolEndpoint.parseList(text, normalise: url.parse)
        } json: { value in
            PoolEndpoint.parseJSON(value, normalise: url.parse)
        }
    }
}

extension ValueKind where Value == Double {
    static var positiveNumber: Self {
        .init(expected: "a number of seconds greater than 0") { Double($0).flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
            json: { value in value.doubleValue.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } }
    }
    static var temperature: Self {
        .init(expected: "a number from 0 to 2") { Double($0).flatMap { (0...2).contains($0) ? $0 : nil } }
            json: { value in value.doubleValue.flatMap { (0...2).contains($0) ? $0 : nil } }
    }
}

extension ValueKind where Value == Int {
    static var positiveInteger: Self {
        .init(expected: "a whole number greater than 0") { Int($0).flatMap { $0 > 0 ? $0 : nil } }
            json: { value in value.intValue.flatMap { $0 > 0 && $0 < 1_000_000_000 ? $0 : nil } }
    }
}

extension ValueKind where Value == UInt64 {
    static var seed: Self {
        .init(expected: "a whole number from 0 to 18446744073709551615") { UInt64($0) }
            json: { value in if case .number(let text) = value { UInt64(text) } else { nil } }
    }
}

extension ValueKind where Value == Bool {
    static var boolean: Self {
        .init(expected: "true or false") { text in
            switch text.lowercased() {
            case "", "1", "true", "yes", "on": true
            case "0", "false", "no", "off": false
            default: nil
            }
        } json: { $0.boolValue }
    }
}

/// Looks each setting up in flags, then the environment, then the configuration file, then the default.
struct ConfigurationResolver {
    let flags: [String: String]
    let environment: [String: String]
    let path: String
    let file: [String: GeneratedContent]

    init(flags: [String: String], environment: [String: String], file: (path: String, contents: Data)?) throws {
        self.flags = flags
        self.environment = environment
        self.path = file?.path ?? Configuration.fileURL(environment: environment).path
        guard let file else {
            self.file = [:]
            return
        }
        let object: GeneratedContent
        do {
            object = try GeneratedContent(jsonBytes: file.contents)
        } catch let error as SchemaError {
            let (line, column) = Self.place(of: error.offset ?? 0, in: file.contents)
            throw ConfigurationError.invalidJSON(path: file.path, line: line, column: column, problem: error.problem)
        }
        guard let members = object.objectMembers else {
            throw ConfigurationError.malformedFile(path: file.path, detail: "the top level is not an object")
        }
        let dictionary = Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for key in dictionary.keys.sorted() {
            if Configuration.secretKeys.contains(key) {
                throw ConfigurationError.secretInFile(path: file.path, key: key)
            }
            if !Configuration.fileKeys.contains(key) {
                let suggestion = Spelling.suggestion(for: key, among: Configuration.fileKeys)
                throw ConfigurationError.unknownKey(path: file.path, key: key, suggestion: suggestion)
            }
        }
        self.file = dictionary
    }

    func optional<T>(flag: String?, env: [String], key: String?, kind: ValueKind<T>) throws -> Setting<T?> {
        if let flag, let text = flags[flag] {
            return Setting(try value(text, kind, .flag("--" + flag)), from: .flag("--" + flag))
        }
        for name in env {
            if let text = environment[name], !text.isEmpty {
                return Setting(try value(text, kind, .environment(name)), from: .environment(name))
            }
        }
        if let key, let json = file[key], !json.isNull {
            let source = ConfigurationSource.file(path: path, key: key)
            guard let parsed = kind.parseJSON(json) else {
                throw ConfigurationError.invalidValue(source: source, value: Self.render(json), expected: kind.expected)
            }
            return Setting(parsed, from: source)
        }
        return Setting(nil, from: .builtIn)
    }

    func required<T>(flag: String?, env: [String], key: String?, kind: ValueKind<T>, default: T) throws -> Setting<T> {
        let found = try optional(flag: flag, env: env, key: key, kind: kind)
        return Setting(found.value ?? `default`, from: found.source)
    }

    /// The chain's backends in order, and the model and base URL each was given of its own (see `BackendOverride`).
    func backends() throws -> (Setting<[BackendKind]>, [BackendKind: BackendOverride]) {
        let list = ValueKind<[String]>(
            expected: "a comma-separated list of backends, each KIND, KIND:MODEL or KIND:MODEL@URL (or in the file "
                + "a list of those and {\"kind\", \"model\", \"baseURL\"} objects)"
        ) { text in
            let names = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            return names.isEmpty || names.contains("") ? nil : names
        } json: { value in
            if let text = value.stringValue { return text.split(separator: ",").map(String.init) }
            let items = value.arrayValue?.compactMap(BackendOverride.parse)
            return items.flatMap { $0.isEmpty || $0.count != value.arrayValue?.count ? nil : $0 }
        }
        let found = try optional(flag: "backend", env: ["ORIGAMI_BACKEND"], key: "backend", kind: list)
        guard let items = found.value else { return (Setting([.engine], from: .builtIn), [:]) }
        var kinds: [BackendKind] = []
        var overrides: [BackendKind: BackendOverride] = [:]
        for item in items {
            guard let (name, override) = BackendOverride.parse(item) else {
                throw ConfigurationError.invalidValue(source: found.source, value: item, expected: list.expected)
            }
            guard let kind = BackendKind(rawValue: name.lowercased()) else {
                let suggestion = Spelling.suggestion(for: name, among: BackendKind.allCases.map(\.rawValue))
                throw ConfigurationError.unknownBackend(source: found.source, name: name, suggestion: suggestion)
            }
            if !kinds.contains(kind) { kinds.append(kind) }
            if override != BackendOverride() { overrides[kind] = override }
        }
        return (Setting(kinds, from: found.source), overrides)
    }

    func color() throws -> Setting<Bool> {
        if flags["no-color"] != nil { return Setting(false, from: .flag("--no-color")) }
        if let value = environment["NO_COLOR"], !value.isEmpty { return Setting(false, from: .environment("NO_COLOR")) }
        return try required(flag: nil, env: [], key: "color", kind: .boolean, default: true)
    }

    func apiKey() -> Setting<Secret?> {
        for name in ["ORIGAMI_API_KEY", "OPENAI_API_KEY"] {
            if let key = environment[name], !key.isEmpty { return Setting(Secret(key), from: .environment(name)) }
        }
        return Setting(nil, from: .builtIn)
    }

    private func value<T>(_ text: String, _ kind: ValueKind<T>, _ source: ConfigurationSource) throws -> T {
        guard let parsed = kind.parse(text) else {
            throw ConfigurationError.invalidValue(source: source, value: text, expected: kind.expected)
        }
        return parsed
    }

    static func render(_ json: GeneratedContent) -> String {
        json.stringValue ?? json.jsonString
    }

    /// The line and column (from 1, in characters) of a byte offset in the file, for messages.
    static func place(of offset: Int, in contents: Data) -> (line: Int, column: Int) {
        let before = contents.prefix(offset)
        let line = before.count { $0 == 0x0A } + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? before.startIndex
        return (line, String(decoding: before[lineStart...], as: UTF8.self).count + 1)
    }
}

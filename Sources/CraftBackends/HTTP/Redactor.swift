/// Removes secrets from text before it reaches an error message, a log line or a cassette.
///
/// It replaces every occurrence of the known secret values (the API key actually in use) and anything shaped like
/// an API key (`sk-…`, `Bearer …`) with `[redacted]`, so a server that echoes the key back cannot leak it either.
public struct Redactor: Sendable, Hashable {
    /// What a secret is replaced with.
    public static let placeholder = "[redacted]"
    /// The exact secret values to remove; values shorter than 4 characters are ignored.
    public let secrets: [String]

    /// Creates a redactor for the given secret values (nil and empty values are skipped).
    public init(secrets: [String?] = []) {
        self.secrets = secrets.compactMap { $0 }.filter { $0.count >= 4 }.sorted { $0.count > $1.count }
    }

    /// The text with every secret and key-shaped word replaced by `[redacted]`.
    public func redact(_ text: String) -> String {
        var result = text
        for secret in secrets {
            result = result.replacingOccurrences(of: secret, with: Self.placeholder)
        }
        return Self.redactKeyShapes(result)
    }

    /// Replaces `sk-` words of 8+ key characters and the word after `Bearer ` with the placeholder.
    private static func redactKeyShapes(_ text: String) -> String {
        let characters = Array(text)
        var output = ""
        output.reserveCapacity(text.count)
        var index = 0
        while index < characters.count {
            let atWordStart = index == 0 || !isKeyCharacter(characters[index - 1])
            if atWordStart, let end = keyEnd(in: characters, from: index) {
                output += placeholder
                index = end
            } else {
                output.append(characters[index])
                index += 1
            }
        }
        return output
    }

    /// The end of a key-shaped word starting at `start`, or nil when none starts there.
    private static func keyEnd(in characters: [Character], from start: Int) -> Int? {
        if hasPrefix("sk-", in: characters, at: start) {
            let end = wordEnd(in: characters, from: start + 3)
            return end - (start + 3) >= 8 ? end : nil
        }
        if hasPrefix("Bearer ", in: characters, at: start) {
            let end = wordEnd(in: characters, from: start + 7)
            return end > start + 7 ? end : nil
        }
        return nil
    }

    private static func hasPrefix(_ prefix: String, in characters: [Character], at start: Int) -> Bool {
        let prefix = Array(prefix)
        guard start + prefix.count <= characters.count else { return false }
        return Array(characters[start..<start + prefix.count]) == prefix
    }

    private static func wordEnd(in characters: [Character], from start: Int) -> Int {
        var end = start
        while end < characters.count, isKeyCharacter(characters[end]) { end += 1 }
        return end
    }

    private static func isKeyCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
            || character == "." || character == "~" || character == "+" || character == "/" || character == "="
    }
}

extension Redactor {
    /// The redactor for the API key a backend was configured with.
    public init(apiKey: String?) {
        self.init(secrets: [apiKey])
    }

    /// The error with every message it carries redacted.
    public func redact(_ error: ModelError) -> ModelError {
        switch error {
        case .unreachable(let backend, let url, let detail):
            .unreachable(backend: backend, url: redact(url), detail: redact(detail))
        case .unauthorized(let backend, let message):
            .unauthorized(backend: backend, message: redact(message))
        case .contextExceeded(let backend, let detail):
            .contextExceeded(backend: backend, detail: redact(detail))
        case .interrupted(let backend, let detail):
            .interrupted(backend: backend, detail: redact(detail))
        case .refusal(let backend, let message):
            .refusal(backend: backend, message: redact(message))
        case .invalidOutput(let violations):
            .invalidOutput(violations: violations.map(redact))
        case .repetitive(let phrase, let attempts):
            .repetitive(phrase: redact(phrase), attempts: attempts)
        case .serverError(let backend, let status, let message):
            .serverError(backend: backend, status: status, message: redact(message))
        case .unavailable(let backend, let reason):
            .unavailable(backend: backend, reason: redact(reason))
        case .modelNotFound(let backend, let model, let remedy):
            .modelNotFound(backend: backend, model: model, remedy: redact(remedy))
        default:
            error
        }
    }
}

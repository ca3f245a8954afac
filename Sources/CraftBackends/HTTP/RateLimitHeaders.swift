public import Foundation

/// Reads when a rate-limited client may come back from the headers servers send with HTTP 429.
///
/// Understands `Retry-After` (seconds or an HTTP date), `retry-after-ms`, OpenAI's `x-ratelimit-reset-requests` /
/// `x-ratelimit-reset-tokens` durations (`6m0s`, `1.5s`, `20ms`), and `x-ratelimit-reset` / `ratelimit-reset`
/// (seconds, or a Unix time). The longest wait named wins.
public enum RateLimitHeaders {
    /// Seconds to wait, or nil when no header says.
    ///
    /// - Parameters:
    ///   - headers: response headers with lower-cased names.
    ///   - now: the current time, for headers that name an absolute time.
    public static func retryAfterSeconds(_ headers: [String: String], now: Date) -> Double? {
        var waits: [Double] = []
        if let value = headers["retry-after"]?.trimmingCharacters(in: .whitespaces) {
            if let seconds = Double(value) {
                waits.append(seconds)
            } else if let date = httpDate(value) {
                waits.append(date.timeIntervalSince(now))
            }
        }
        if let milliseconds = headers["retry-after-ms"].flatMap(Double.init) { waits.append(milliseconds / 1000) }
        for name in ["x-ratelimit-reset-requests", "x-ratelimit-reset-tokens"] {
            if let value = headers[name], let seconds = duration(value) { waits.append(seconds) }
        }
        for name in ["x-ratelimit-reset", "ratelimit-reset"] {
            guard let value = headers[name] else { continue }
            if let number = Double(value) {
                waits.append(number > 1_000_000_000 ? number - now.timeIntervalSince1970 : number)
            } else if let seconds = duration(value) {
                waits.append(seconds)
            }
        }
        return waits.filter { $0.isFinite && $0 >= 0 }.max()
    }

    /// Parses a Go-style duration such as `1h2m3s`, `6m0s`, `1.5s` or `20ms`.
    public static func duration(_ text: String) -> Double? {
        var total = 0.0
        var number = ""
        var index = text.startIndex
        var sawUnit = false
        while index < text.endIndex {
            let character = text[index]
            if character.isNumber || character == "." {
                number.append(character)
                index = text.index(after: index)
                continue
            }
            guard let value = Double(number) else { return nil }
            let rest = text[index...]
            let (scale, length): (Double, Int) =
                rest.hasPrefix("ms") ? (0.001, 2)
                : rest.hasPrefix("h") ? (3600, 1)
                : rest.hasPrefix("m") ? (60, 1)
                : rest.hasPrefix("s") ? (1, 1)
                : (0, 0)
            guard length > 0 else { return nil }
            total += value * scale
            number = ""
            sawUnit = true
            index = text.index(index, offsetBy: length)
        }
        guard number.isEmpty, sawUnit else { return nil }
        return total
    }

    /// Parses an IMF-fixdate such as `Wed, 21 Oct 2015 07:28:00 GMT`.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}

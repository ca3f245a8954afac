import CraftSchema
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP socket on 127.0.0.1.
struct LoopbackSocket {
    let descriptor: Int32
    let port: Int

    /// A socket bound to `port` (0 lets the kernel choose), or nil when the port is taken.
    static func bound(port: Int) -> LoopbackSocket? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            close(descriptor)
            return nil
        }
        var bound = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &bound) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return LoopbackSocket(descriptor: descriptor, port: Int(UInt16(bigEndian: bound.sin_port)))
    }

    static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}

/// Asks the local server one small question (`/health`, `/props`) over a plain socket.
///
/// This is a liveness probe, not a model client: it runs while the server may not be listening yet, where
/// refused connections are the normal case, and it must not touch the process-wide URLSession (whose teardown
/// races on refused connections: swift-corelibs-foundation #4791). Requests and answers go through
/// `OpenAILanguageModel`.
struct LoopbackProbe {
    /// The answer to a probe.
    struct Reply: Equatable {
        /// The HTTP status code.
        var status: Int
        /// The body.
        var body: Data
    }

    /// The port to ask.
    var port: Int
    /// How long to wait for the connection and the answer.
    var timeout: TimeInterval = 2

    /// `GET path` on a thread of its own (see `BlockingCall`), or nil when nothing answers.
    func fetch(_ path: String) async -> Reply? {
        await BlockingCall.run { self.get(path) }
    }

    /// `GET path`, or nil when nothing answers (refused, reset, timed out, not HTTP). Blocks for up to `timeout`
    /// twice (connect, answer): async code calls `fetch`.
    func get(_ path: String) -> Reply? {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var limit = timeval(tv_sec: Int(timeout), tv_usec: Int(timeout.truncatingRemainder(dividingBy: 1) * 1e6))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = LoopbackSocket.loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.0\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n".utf8)
        guard request.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
            == request.count
        else { return nil }
        var response = Data()
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            response.append(contentsOf: buffer[..<count])
            if response.count > 4_000_000 { return nil }
        }
        return Self.parse(response)
    }

    /// Splits an HTTP/1.x response into status and body.
    static func parse(_ response: Data) -> Reply? {
        guard let headerEnd = response.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: response[..<headerEnd.lowerBound], as: UTF8.self)
        let statusLine = head.prefix { $0 != "\r" }.split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/1."), let status = Int(statusLine[1]) else {
            return nil
        }
        return Reply(status: status, body: Data(response[headerEnd.upperBound...]))
    }
}

import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A small HTTP/1.1 server on 127.0.0.1 and a free port, for tests of the network widgets.
///
/// ```swift
/// let server = try HTTPFixtureServer { request in
///     request.path == "/v1/search" ? .json(#"{"results": []}"#) : .status(404)
/// }
/// defer { server.stop() }
/// let url = server.baseURL + "/v1/search?name=Tokyo"
/// ```
///
/// POSIX sockets, one thread accepting and one per connection, so a slow answer holds up only
/// itself. Every answer closes its connection. A response can be delayed, cut short after some
/// bytes of its body (the Content-Length still promises all of it), or of any size, so tests
/// can see time-outs, truncated bodies and oversized ones. It binds only the loopback address.
public final class HTTPFixtureServer: Sendable {
    /// What a client asked.
    public struct Request: Sendable {
        public var path: String
        /// The query's parameters, percent-decoded (the last of a repeated name wins).
        public var query: [String: String]
        /// Header names lower-cased.
        public var headers: [String: String]
    }

    /// What the server answers.
    public struct Response: Sendable {
        public var status: Int
        public var body: [UInt8]
        public var contentType: String
        /// Seconds to wait before answering.
        public var delay: TimeInterval = 0
        /// Send only this many bytes of the body, then close.
        public var truncateAfter: Int?

        public init(status: Int, body: [UInt8], contentType: String = "application/json", delay: TimeInterval = 0, truncateAfter: Int? = nil) {
            self.status = status
            self.body = body
            self.contentType = contentType
            self.delay = delay
            self.truncateAfter = truncateAfter
        }

        /// A 200 answer with a JSON body.
        public static func json(_ text: String) -> Response { Response(status: 200, body: Array(text.utf8)) }

        /// An answer with a status and a short text body.
        public static func status(_ code: Int) -> Response { Response(status: code, body: Array("status \(code)\n".utf8), contentType: "text/plain") }
    }

    /// The port it listens on.
    public let port: UInt16
    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    private let received = Mutex<[Request]>([])

    /// Starts listening; throws when no socket can be had.
    public init(handler: @escaping @Sendable (Request) -> Response) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            throw FixtureError("bind/listen: \(String(cString: strerror(errno)))")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        self.handler = handler
        let thread = Thread { [self] in
            Thread.current.name = "fixture accept"
            acceptLoop()
        }
        thread.start()
    }

    /// Every request answered so far, in order.
    public var requests: [Request] { received.withLock { $0 } }

    /// Stops listening; connections being answered finish on their own.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in
                Thread.current.name = "fixture serve"
                serve(client)
            }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while data.count < 64 * 1024, !data.ends(with: [13, 10, 13, 10]) {
            let n = buffer.withUnsafeMutableBytes { read(client, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            data.append(contentsOf: buffer[0..<n])
        }
        let lines = String(decoding: data, as: UTF8.self).components(separatedBy: "\r\n")
        let words = (lines.first ?? "").split(separator: " ")
        guard words.count >= 2 else { return }
        let target = String(words[1])
        var request = Request(path: String(target.prefix { $0 != "?" }), query: [:], headers: [:])
        if let components = URLComponents(string: target) {
            for item in components.queryItems ?? [] { request.query[item.name] = item.value ?? "" }
        }
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            request.headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        received.withLock { $0.append(request) }
        let response = handler(request)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        let head = "HTTP/1.1 \(response.status) Fixture\r\nContent-Type: \(response.contentType)\r\nContent-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        var out = Array(head.utf8)
        out += response.truncateAfter.map { Array(response.body.prefix($0)) } ?? response.body
        var sent = 0
        while sent < out.count {
            let n = out[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    struct FixtureError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool { count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix }
}

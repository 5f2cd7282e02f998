import DashCore
import Foundation
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// widgetdash's one HTTP client: the system's `curl` program, run as a child process per request.
///
/// ```swift
/// switch await CurlClient.fetch(HTTPRequest(url: "http://127.0.0.1:8080/v1/search?name=Tokyo")) {
/// case .success(let (status, body)): print(status, body.count)
/// case .failure(let failure): print(failure)  // "HTTP 503", "timed out: …"
/// }
/// ```
///
/// Why a process and not a library (docs/DECISIONS.md, "One HTTP client: curl in a child
/// process"): curl is libcurl, the library URLSession itself runs on in Linux, so it honours
/// `https_proxy`/`http_proxy`/`no_proxy`, decompresses gzip, and checks certificates against the
/// system's CA store; yet the dashboard links nothing for it, so its idle memory does not grow
/// and a build costs nothing. Each request runs on a dedicated thread (``CommandRunner``), never
/// on the run loop or the cooperative pool, with a connect and a total time-out, and a body
/// over ``bodyLimit`` is cut off and refused. Loopback addresses never go through a proxy.
public enum CurlClient {
    /// The largest body accepted (5 MiB).
    public static let bodyLimit = 5 << 20
    /// The longest connecting may take, within the request's total time-out.
    public static let connectTimeout: TimeInterval = 10
    /// Written by curl to standard error after the transfer, so the status is told apart from the body.
    static let statusMarker = "widgetdash-http-status:"

    /// Fetches `request` with `program` (`curl` on `PATH` unless a path is given).
    public static func fetch(_ request: HTTPRequest, program: String = "curl") async -> Result<(status: Int, body: Data), HTTPFailure> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                Thread.current.name = "http client"
                continuation.resume(returning: fetchBlocking(request, program: program))
            }
            thread.start()
        }
    }

    /// The blocking fetch, on the calling thread.
    public static func fetchBlocking(_ request: HTTPRequest, program: String = "curl") -> Result<(status: Int, body: Data), HTTPFailure> {
        guard let host = host(of: request.url) else { return .failure(HTTPFailure(.badURL, request.url)) }
        // Header lines go through a private file, so a token never shows in the process list.
        var headerFile: String?
        if !request.headers.isEmpty {
            let lines = request.headers.sorted { $0.key < $1.key }.map { "\(oneLine($0.key)): \(oneLine($0.value))\n" }.joined()
            guard let path = writePrivateFile(lines) else { return .failure(HTTPFailure(.other, "cannot write the header file")) }
            headerFile = path
        }
        defer { if let headerFile { unlink(headerFile) } }
        let arguments = [program] + self.arguments(for: request, host: host, headerFile: headerFile)
        let ran = CommandRunner.runBlocking(arguments: arguments, timeout: request.timeout + 5, limit: bodyLimit)
        switch ran {
        case .failure(let error): return .failure(HTTPFailure(.other, "\(error) (is curl installed?)"))
        case .success(let outcome): return interpret(outcome)
        }
    }

    /// curl's command line for `request` (the program name not included).
    static func arguments(for request: HTTPRequest, host: String, headerFile: String?) -> [String] {
        var arguments = [
            "--silent", "--show-error", "--globoff", "--location", "--max-redirs", "5",
            "--proto", "=http,https", "--proto-redir", "=http,https", "--compressed",
            "--connect-timeout", seconds(min(connectTimeout, request.timeout)), "--max-time", seconds(request.timeout),
            "--max-filesize", String(bodyLimit), "--user-agent", "widgetdash",
            "--write-out", "%{stderr}\n\(statusMarker)%{http_code}\n",
        ]
        if ["127.0.0.1", "localhost", "[::1]"].contains(host) { arguments += ["--noproxy", "*"] }
        if let headerFile { arguments += ["--header", "@" + headerFile] }
        return arguments + ["--url", request.url]
    }

    /// The outcome of a curl run as a status and body, or a failure in a panel's words.
    static func interpret(_ outcome: CommandOutcome) -> Result<(status: Int, body: Data), HTTPFailure> {
        let errorText = String(decoding: outcome.stderr, as: UTF8.self)
        let lines = errorText.split(whereSeparator: \.isNewline).map(String.init)
        let status = lines.last { $0.hasPrefix(statusMarker) }.flatMap { Int($0.dropFirst(statusMarker.count)) } ?? 0
        // "curl: (28) Operation timed out after 2001 milliseconds with 0 bytes received"
        let message = lines.first { $0.hasPrefix("curl: (") }.map { line -> String in
            guard let close = line.firstIndex(of: ")") else { return line }
            return line[line.index(after: close)...].trimmingCharacters(in: .whitespaces)
        } ?? ""
        switch outcome.ending {
        case .timedOut: return .failure(HTTPFailure(.timedOut))
        case .outputTooLarge: return .failure(HTTPFailure(.tooLarge, "over \(bodyLimit >> 20) MB"))
        case .signaled(let signal): return .failure(HTTPFailure(.other, "curl ended by signal \(signal)"))
        case .exited(0):
            guard (200..<300).contains(status) else { return .failure(HTTPFailure(.status(status), serverMessage(outcome.stdout))) }
            return .success((status, Data(outcome.stdout)))
        case .exited(let code):
            return .failure(HTTPFailure(kind(ofExit: code), message))
        }
    }

    /// The message of an error answer that says one in JSON (`{"error": "…"}` as Prometheus
    /// sends, or `"message"`), so a panel shows the server's words; empty otherwise.
    static func serverMessage(_ body: [UInt8]) -> String {
        guard body.count < 64 * 1024, case .object(let fields)? = try? JSONValue.parse(String(decoding: body, as: UTF8.self)) else { return "" }
        for key in ["error", "message", "detail"] {
            if case .string(let text)? = fields[key] { return String(text.prefix(300)) }
        }
        return ""
    }

    /// What a curl exit status means (see curl(1), "EXIT CODES").
    static func kind(ofExit code: Int32) -> HTTPFailure.Kind {
        switch code {
        case 1, 3: .badURL
        case 5, 6, 7: .unreachable
        case 28: .timedOut
        case 35, 51, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91: .tls
        case 63: .tooLarge
        case 8, 18, 52, 56, 61, 92: .broken
        default: .other
        }
    }

    /// The host of an http(s) URL, or nil for anything else.
    static func host(of url: String) -> String? {
        let lower = url.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
              !url.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false }),
              let components = URLComponents(string: url), let host = components.host, !host.isEmpty else { return nil }
        return host.contains(":") ? "[\(host)]" : host.lowercased()
    }

    private static func seconds(_ t: TimeInterval) -> String { String(format: "%.3f", max(0.001, t)) }

    /// A header name or value on one line: a line break would start another header.
    private static func oneLine(_ text: String) -> String { String(text.filter { !$0.isNewline }) }

    /// Writes `text` to a new file only its owner can read; its path, or nil.
    private static func writePrivateFile(_ text: String) -> String? {
        var template = Array((NSTemporaryDirectory() + "/widgetdash-headers-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return nil }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { unlink(path); return nil }
        return path
    }
}

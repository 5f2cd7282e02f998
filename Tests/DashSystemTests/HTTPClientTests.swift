import DashSystem
import DashTesting
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The one HTTP client (curl in a child process) and the service's offline cache, against a
/// fixture server on 127.0.0.1: fresh answers, failures in words, caps, time-outs, and the last
/// good answer surviving a restart.
@Suite("HTTP client and offline cache")
struct HTTPClientTests {
    static let oversized = [UInt8](repeating: UInt8(ascii: "a"), count: CurlClient.bodyLimit + 1000)

    static func server() throws -> HTTPFixtureServer {
        try HTTPFixtureServer { request in
            switch request.path {
            case "/ok": return .json(#"{"temperature": 17.3}"#)
            case "/fail": return .status(503)
            case "/500": return .status(500)
            case "/slow": return HTTPFixtureServer.Response(status: 200, body: Array("{}".utf8), delay: 3)
            case "/truncated": return HTTPFixtureServer.Response(status: 200, body: Array(#"{"a": "0123456789abcdef"}"#.utf8), truncateAfter: 6)
            case "/huge": return HTTPFixtureServer.Response(status: 200, body: Self.oversized, contentType: "text/plain")
            case "/html": return HTTPFixtureServer.Response(status: 200, body: Array("<html>down for maintenance</html>".utf8), contentType: "text/html")
            case "/echo": return .json(#"{"auth": "\#(request.headers["authorization"] ?? "")"}"#)
            default: return .status(404)
            }
        }
    }

    @Test func aGoodAnswerComesBackWithItsStatusAndBody() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let result = await CurlClient.fetch(HTTPRequest(url: server.baseURL + "/ok"))
        let (status, body) = try result.get()
        #expect(status == 200)
        #expect(String(decoding: body, as: UTF8.self) == #"{"temperature": 17.3}"#)
    }

    @Test func failuresAreSaidInAPanelsWords() async throws {
        let server = try Self.server()
        defer { server.stop() }
        func failure(_ path: String, timeout: TimeInterval = 10) async -> HTTPFailure? {
            if case .failure(let f) = await CurlClient.fetch(HTTPRequest(url: server.baseURL + path, timeout: timeout)) { return f }
            return nil
        }
        #expect(await failure("/fail")?.kind == .status(503))
        #expect(await failure("/fail")?.description == "HTTP 503")
        #expect(await failure("/500")?.kind == .status(500))
        #expect(await failure("/slow", timeout: 1)?.kind == .timedOut)
        #expect(await failure("/truncated")?.kind == .broken)
        #expect(await failure("/huge")?.kind == .tooLarge)
        // A closed port: nothing listens on the fixture's port once it is stopped.
        let closed = try HTTPFixtureServer { _ in .status(200) }
        closed.stop()
        let refused = await CurlClient.fetch(HTTPRequest(url: closed.baseURL + "/ok"))
        #expect(throws: HTTPFailure.self) { try refused.get() }
        if case .failure(let f) = refused { #expect(f.kind == .unreachable, "\(f)") }
        let badURL = await CurlClient.fetch(HTTPRequest(url: "file:///etc/passwd"))
        if case .failure(let f) = badURL { #expect(f.kind == .badURL) } else { Issue.record("file: URL fetched") }
    }

    @Test func headersAreSentAndNeverOnTheCommandLine() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let request = HTTPRequest(url: server.baseURL + "/echo", headers: ["Authorization": "Bearer s3cret\r\nX-Injected: 1"])
        let (_, body) = try await CurlClient.fetch(request).get()
        // A line break cannot start a second header.
        #expect(String(decoding: body, as: UTF8.self) == #"{"auth": "Bearer s3cretX-Injected: 1"}"#)
        #expect(server.requests.last?.headers["x-injected"] == nil)
    }

    @Test func theLastGoodAnswerIsKeptWithTheFailureAndSurvivesARestart() async throws {
        let location = StoreTests.location()
        let up = Mutex(true)
        let server = try HTTPFixtureServer { _ in up.withLock { $0 } ? .json(#"{"v": 1}"#) : .status(503) }
        defer { server.stop() }
        let request = HTTPRequest(url: server.baseURL + "/v")
        let service = HTTPService(store: LazySharedStore(location: location))
        let fresh = try await service.fetch(request).get()
        #expect(fresh.failure == nil && fresh.text == #"{"v": 1}"#)
        up.withLock { $0 = false }
        let kept = try await service.fetch(request).get()
        #expect(kept.failure?.kind == .status(503))
        #expect(kept.text == #"{"v": 1}"# && kept.fetched == fresh.fetched && kept.failures == 1)
        // Backing off: 30 s after the first failure, 60 s after the second, never past `every`.
        #expect(kept.nextTry(after: Date(timeIntervalSince1970: 0), every: 1800) == Date(timeIntervalSince1970: 30))
        let again = try await service.fetch(request).get()
        #expect(again.failures == 2 && again.nextTry(after: Date(timeIntervalSince1970: 0), every: 1800) == Date(timeIntervalSince1970: 60))
        // A new process: the answer comes from the store.
        let restarted = HTTPService(store: LazySharedStore(location: location))
        let afterRestart = try await restarted.fetch(request).get()
        #expect(afterRestart.text == #"{"v": 1}"# && afterRestart.failure?.kind == .status(503))
        // Nothing kept for another URL: the failure itself.
        let other = await restarted.fetch(HTTPRequest(url: server.baseURL + "/other"))
        #expect(throws: HTTPFailure(.status(503))) { try other.get() }
    }

    @Test func anAnswerThatIsNotJSONDoesNotReplaceTheLastGoodOne() async throws {
        let location = StoreTests.location()
        let server = try Self.server()
        defer { server.stop() }
        let service = HTTPService(store: LazySharedStore(location: location))
        let html = await service.fetch(HTTPRequest(url: server.baseURL + "/html"))
        if case .failure(let f) = html { #expect(f.kind == .content && f.description.hasPrefix("unexpected answer: not JSON")) } else {
            Issue.record("an HTML page passed as JSON")
        }
        // Where any body will do, it is a good answer.
        let text = try await service.fetch(HTTPRequest(url: server.baseURL + "/html", expectsJSON: false)).get()
        #expect(text.text.contains("maintenance"))
    }

    @Test func aPlaceIsReusedWithoutAskingAgain() async throws {
        let server = try Self.server()
        defer { server.stop() }
        let service = HTTPService(store: LazySharedStore(location: StoreTests.location()))
        let request = HTTPRequest(url: server.baseURL + "/ok", reuseFor: 3600)
        _ = try await service.fetch(request).get()
        _ = try await service.fetch(request).get()
        #expect(server.requests.count == 1)
    }

    @Test func theFixtureSpeaksOpenMeteo() async throws {
        let server = try HTTPFixtureServer(handler: OpenMeteoFixture.handler(current: 17.3))
        defer { server.stop() }
        let (_, body) = try await CurlClient.fetch(HTTPRequest(url: server.baseURL + "/v1/search?name=Tokyo&count=1")).get()
        let json = try JSONValue.parse(String(decoding: body, as: UTF8.self))
        #expect(json["results"].flatMap { if case .array(let a) = $0 { a.first } else { nil } }?["name"] == .string("Tokyo"))
    }
}


import DashCore
import Foundation
import GRDB
import Synchronization
import WidgetDash

/// The dashboard's network service: one client, the last good answer of every URL kept in the
/// shared store, and the failures in a row counted for backing off.
///
/// ```swift
/// let service = HTTPService(store: LazySharedStore(location: location))
/// services.network = service.backing(sources: ["open_meteo": "http://127.0.0.1:8080"])
/// ```
///
/// A fresh 2xx answer (that is JSON when the request expects JSON) replaces the kept one; a
/// failure answers the kept one with the failure attached (``HTTPAnswer/failure``), so a panel
/// shows the old values with their age and the reason, even after a restart. Concurrent
/// fetches of one request share a single run. Only the URL and body are kept, never headers.
public final class HTTPService: Sendable {
    /// Where answers are kept; nil keeps them in memory only (a test, a store that cannot open).
    private let store: LazySharedStore?
    private let client: @Sendable (HTTPRequest) async -> Result<(status: Int, body: Data), HTTPFailure>
    private let now: @Sendable () -> Date
    private let failures = Mutex<[String: Int]>([:])
    private let memory = Mutex<[String: HTTPAnswer]>([:])
    private let running = Mutex<[HTTPRequest: Task<Result<HTTPAnswer, HTTPFailure>, Never>]>([:])

    /// A service fetching with `client` (default: ``CurlClient``).
    public init(store: LazySharedStore?,
                client: @escaping @Sendable (HTTPRequest) async -> Result<(status: Int, body: Data), HTTPFailure> = { await CurlClient.fetch($0) },
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store
        self.client = client
        self.now = now
    }

    /// The backing for ``WidgetNetwork``, with the config's `[sources]`.
    public func backing(sources: [String: String] = [:]) -> WidgetNetwork.Backing {
        WidgetNetwork.Backing(sources: sources) { [self] request in await fetch(request) }
    }

    /// A fresh answer, the kept one with the failure, or the failure.
    public func fetch(_ request: HTTPRequest) async -> Result<HTTPAnswer, HTTPFailure> {
        let task = running.withLock { running in
            if let task = running[request] { return task }
            let task = Task { await fetchOnce(request) }
            running[request] = task
            return task
        }
        let result = await task.value
        running.withLock { if $0[request] == task { $0[request] = nil } }
        return result
    }

    private func fetchOnce(_ request: HTTPRequest) async -> Result<HTTPAnswer, HTTPFailure> {
        let key = request.cacheKey ?? request.url
        if request.reuseFor > 0, let kept = kept(key), now().timeIntervalSince(kept.fetched) < request.reuseFor {
            return .success(kept)
        }
        var outcome = await client(request)
        if case .success(let (_, body)) = outcome, request.expectsJSON {
            do { _ = try JSONValue.parse(String(decoding: body, as: UTF8.self)) } catch {
                outcome = .failure(HTTPFailure(.content, "not JSON: \(error)"))
            }
        }
        switch outcome {
        case .success(let (status, body)):
            let answer = HTTPAnswer(status: status, body: body, fetched: now())
            failures.withLock { $0[key] = nil }
            keep(answer, for: key)
            return .success(answer)
        case .failure(let failure):
            let count = failures.withLock { failures in
                failures[key, default: 0] += 1
                return failures[key] ?? 1
            }
            guard var kept = kept(key) else { return .failure(failure) }
            kept.failure = failure
            kept.failures = count
            return .success(kept)
        }
    }

    private func keep(_ answer: HTTPAnswer, for url: String) {
        memory.withLock { $0[url] = answer }
        // A store that cannot be written still leaves the answer in memory for this run.
        try? store?.store().keepAnswer(answer, for: url)
    }

    private func kept(_ url: String) -> HTTPAnswer? {
        if let answer = memory.withLock({ $0[url] }) { return answer }
        return (try? store?.store().keptAnswer(for: url)) ?? nil
    }
}

extension SharedStore {
    /// Keeps `answer` as the last good answer of `url`.
    public func keepAnswer(_ answer: HTTPAnswer, for url: String) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO http_cache (url, status, body, fetched) VALUES (?, ?, ?, ?)",
                           arguments: [url, answer.status, answer.body, answer.fetched.timeIntervalSince1970])
        }
    }

    /// The last good answer of `url`, or nil.
    public func keptAnswer(for url: String) throws -> HTTPAnswer? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT status, body, fetched FROM http_cache WHERE url = ?", arguments: [url]) else { return nil }
            let fetched: Double = row["fetched"]
            return HTTPAnswer(status: row["status"], body: row["body"], fetched: Date(timeIntervalSince1970: fetched))
        }
    }
}

import DashTesting
import Foundation
import Testing

/// The network widgets through the real binary, against fixture servers on 127.0.0.1: live
/// weather, the offline cache across a restart, the http and stocks widgets, and no request at
/// all from a dashboard without a network widget.
@Suite("Network end to end", .serialized)
struct NetworkEndToEndTests {
    /// An isolated environment whose config.toml has `text` (with `BASE` replaced by `base`).
    static func environment(config text: String, base: String) throws -> [String: String] {
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try #require(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try text.replacingOccurrences(of: "BASE", with: base).write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        return env
    }

    @Test func weatherGeocodesTokyoAndKeepsItsLastForecastAfterTheServerIsGone() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let server = try HTTPFixtureServer(handler: OpenMeteoFixture.handler(current: 17.3))
        let env = try Self.environment(config: """
            [sources]
            open_meteo = "BASE"
            open_meteo_geocoding = "BASE"
            [weather]
            units = "metric"
            """, base: server.baseURL)
        let first = try TmuxSession(command: [binary, "--widget", "weather@medium:location=Tokyo"], width: 100, height: 30, environment: env)
        #expect(first.waitFor("Tokyo", timeout: 10), "\(first.screenText)")
        #expect(first.waitFor("17°", timeout: 5), "\(first.screenText)")
        #expect(first.screenText.contains("just now"), "\(first.screenText)")
        #expect(!first.screenText.lowercased().contains("sample"), "\(first.screenText)")
        first.send(keys: "q")
        #expect(first.waitForExit(timeout: 5) == 0)
        #expect(server.requests.map(\.path) == ["/v1/search", "/v1/forecast"], "\(server.requests.map(\.path))")
        #expect(server.requests.first?.query["name"] == "Tokyo")
        server.stop()

        // The server is gone: a new dashboard shows the kept forecast, marked stale, with its age.
        let second = try TmuxSession(command: [binary, "--widget", "weather@large:location=Tokyo"], width: 100, height: 30, environment: env)
        #expect(second.waitFor("Offline", timeout: 10), "\(second.screenText)")
        #expect(second.screenText.contains("Tokyo") && second.screenText.contains("17°"), "\(second.screenText)")
        #expect(second.screenText.contains("unreachable"), "\(second.screenText)")
        #expect(second.screenText.contains("just now") || second.screenText.contains("min ago"), "\(second.screenText)")
        second.send(keys: "q")
        #expect(second.waitForExit(timeout: 5) == 0)
    }

    @Test func anHTTPWidgetShowsTheSelectedValueAndItsHeaderComesFromTheEnvironment() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let server = try HTTPFixtureServer { request in
            guard request.headers["authorization"] == "Bearer s3cret" else { return .status(401) }
            return .json(#"{"build": {"runs": [{"status": "green", "minutes": 4242}]}}"#)
        }
        defer { server.stop() }
        var env = try Self.environment(config: """
            [[widget]]
            name = "ci"
            type = "http"
            url = "BASE/api/status"
            select = ".build.runs[0]"
            style = "list"
            headers = ["Authorization: Bearer ${CI_TOKEN}"]
            [[page]]
            widgets = ["ci@small"]
            """, base: server.baseURL)
        env["CI_TOKEN"] = "s3cret"
        let check = try StoreEndToEndTests.run(binary, ["config", "check"], environment: env)
        #expect(check.status == 0, "\(check)")
        let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("minutes: 4242", timeout: 10), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("status: green"), "\(tmux.screenText)")
        #expect(!tmux.screenText.contains("s3cret"))
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func stocksShowALiveQuoteWithItsCurrencyAndAStoreValueStillWins() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let server = try HTTPFixtureServer { request in
            guard request.path == "/v8/finance/chart/SAP.DE" else { return .status(404) }
            return .json(YahooChartFixture.chart(symbol: "SAP.DE", currency: "EUR", prices: [228.1, 229.5, 231.45], previousClose: 228.1))
        }
        defer { server.stop() }
        let env = try Self.environment(config: "[sources]\nyahoo_finance = \"BASE\"\n", base: server.baseURL)
        let tmux = try TmuxSession(command: [binary, "--widget", "stocks@medium:symbol=AAPL,symbols=SAP.DE"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("231.45", timeout: 10), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("EUR"), "\(tmux.screenText)")
        let set = try StoreEndToEndTests.run(binary, ["set", "stocks.SAP.DE", "240.5"], environment: env)
        #expect(set.status == 0, "\(set.err)")
        #expect(tmux.waitFor("240.50", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func theDefaultHomeScreenAndASnapshotSendNothing() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        // Every proxy points at the fixture: any request for a public address would reach it.
        let proxy = try HTTPFixtureServer { _ in .status(502) }
        defer { proxy.stop() }
        var env = WidgetDashBinary.isolatedEnvironment()
        for name in ["http_proxy", "https_proxy", "HTTPS_PROXY", "ALL_PROXY"] { env[name] = proxy.baseURL }
        let snapshot = try StoreEndToEndTests.run(binary, ["snapshot", "clock@small"], environment: env)
        #expect(snapshot.status == 0, "\(snapshot)")
        let tmux = try TmuxSession(command: [binary], width: 120, height: 40, environment: env)
        #expect(tmux.waitFor("Calendar", timeout: 10) || tmux.waitFor("Bank", timeout: 1), "\(tmux.screenText)")
        Thread.sleep(forTimeInterval: 2)
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
        #expect(proxy.requests.isEmpty, "\(proxy.requests.map(\.path))")
        // The control: a placed weather widget does go out, through the proxy.
        let weather = try TmuxSession(command: [binary, "--widget", "weather@medium:location=Tokyo"], width: 100, height: 30, environment: env)
        #expect(weather.waitUntil(timeout: 10) { !proxy.requests.isEmpty }, "\(weather.screenText)")
        weather.send(keys: "q")
        #expect(weather.waitForExit(timeout: 5) == 0)
        #expect(proxy.requests.first?.path.contains("geocoding-api.open-meteo.com") == true, "\(proxy.requests.map(\.path))")
    }
}

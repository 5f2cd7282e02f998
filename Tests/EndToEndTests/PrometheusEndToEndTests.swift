import DashTesting
import Foundation
import Testing

/// The prometheus widget against a real Prometheus scraping a real node exporter (Debian's
/// packages), started on free loopback ports with a 1 s scrape interval.
@Suite("Prometheus end to end", .serialized)
struct PrometheusEndToEndTests {
    @Test func anInstantQueryARangeAndABadQuery() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        guard let prometheus = try PrometheusFixture.start() else {
            Issue.record("prometheus and prometheus-node-exporter are not installed (apt-get install prometheus prometheus-node-exporter)")
            return
        }
        defer { prometheus.stop() }
        let env = try NetworkEndToEndTests.environment(config: """
            [[widget]]
            name = "nodes"
            type = "prometheus"
            url = "BASE"
            query = 'count(up{job="node"} == 1) * 4242'
            every = "2s"
            [[widget]]
            name = "uptrend"
            type = "prometheus"
            url = "BASE"
            query = 'up{job="node"}'
            range = "20s"
            step = "1s"
            every = "2s"
            [[widget]]
            name = "broken"
            type = "prometheus"
            url = "BASE"
            query = 'count(up{'
            [[page]]
            widgets = ["nodes@inline", "uptrend@medium", "broken@medium"]
            """, base: prometheus.baseURL)
        let check = try StoreEndToEndTests.run(binary, ["config", "check"], environment: env)
        #expect(check.status == 0, "\(check)")
        let tmux = try TmuxSession(command: [binary], width: 120, height: 40, environment: env)
        #expect(tmux.waitFor("4242", timeout: 15), "\(tmux.screenText)")
        #expect(tmux.waitFor("min 1 · max 1", timeout: 15), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("parse error"), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}

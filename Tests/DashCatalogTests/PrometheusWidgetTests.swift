@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// The prometheus widget's reading of the query API's documented answers, and what it shows.
@Suite("Prometheus widget")
struct PrometheusWidgetTests {
    static let vector = #"{"status":"success","data":{"resultType":"vector","result":[{"metric":{"__name__":"up","job":"node","instance":"a:9100"},"value":[1795340537.5,"1"]},{"metric":{"__name__":"up","job":"node","instance":"b:9100"},"value":[1795340537.5,"0"]}]}}"#

    @Test func answersOfEveryTypeAreRead() throws {
        #expect(try PrometheusResult.decode(#"{"status":"success","data":{"resultType":"scalar","result":[1795340537.5,"4242"]}}"#) == .scalar(4242))
        let two = try PrometheusResult.decode(Self.vector)
        let (list, style, _) = two.shown(style: nil)
        #expect(style == "list")
        #expect(list == .array([.string("up instance=a:9100 job=node: 1"), .string("up instance=b:9100 job=node: 0")]))
        let one = try PrometheusResult.decode(#"{"status":"success","data":{"resultType":"vector","result":[{"metric":{},"value":[1,"4242"]}]}}"#)
        #expect(one.shown(style: nil) == (.number(4242), "stat", nil))
        #expect(one.shown(style: "gauge").1 == "gauge")
        let matrix = try PrometheusResult.decode(#"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"job":"node"},"values":[[1,"1"],[2,"NaN"],[3,"3"]]}]}}"#)
        #expect(matrix.shown(style: nil) == (.array([.number(1), .number(3)]), "sparkline", "job=node"))
        let empty = try PrometheusResult.decode(#"{"status":"success","data":{"resultType":"vector","result":[]}}"#)
        #expect(empty.shown(style: nil).0 == .string("no series (empty result)"))
    }

    @Test func theServersErrorIsTheProblem() {
        #expect(throws: FeedError("1:10: parse error: unexpected end of input inside braces")) {
            try PrometheusResult.decode(#"{"status":"error","errorType":"bad_data","error":"1:10: parse error: unexpected end of input inside braces"}"#)
        }
        #expect(throws: FeedError.self) { try PrometheusResult.decode("[1, 2]") }
    }

    @Test func anInstantQueryAndARangeQueryAskTheDocumentedURLs() async throws {
        let seen = URLLog()
        let network = NetworkWidgetTests.network(seen: seen) { url in
            url.contains("query_range") ? #"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{},"values":[[1,"2"],[2,"5"]]}]}}"#
                : #"{"status":"success","data":{"resultType":"scalar","result":[1,"4242"]}}"#
        }
        let provider = PrometheusProvider(network: network)
        let instant = try #require(try await provider.timeline(in: FeedWidgetTests.context(.systemSmall, at: FeedWidgetTests.now,
            ["url": "http://127.0.0.1:9/", "query": "count(up == 1) * 4242"])).entries.first)
        #expect(instant.value == .number(4242) && instant.parameters["style"] == "stat")
        let range = try #require(try await provider.timeline(in: FeedWidgetTests.context(.systemMedium, at: FeedWidgetTests.now,
            ["url": "http://127.0.0.1:9", "query": "up", "range": "1h", "step": "1m"])).entries.first)
        #expect(range.value == .array([.number(2), .number(5)]) && range.parameters["style"] == "sparkline")
        let urls = seen.urls.withLock { $0 }
        #expect(urls.first == "http://127.0.0.1:9/api/v1/query?query=count%28up%20%3D%3D%201%29%20%2A%204242")
        // The end is the step's boundary at or before now (10:42:00), the start an hour earlier.
        #expect(urls.last == "http://127.0.0.1:9/api/v1/query_range?query=up&start=1795340520&end=1795344120&step=60")
    }

    @Test func decodingARangeAnswerOf10000Points() throws {
        // A figure for the closing note, not an assertion on time.
        let start = 1_795_340_000
        let values = (0..<10_000).map { "[\(start + $0 * 15),\"\(Double($0 % 97) / 7)\"]" }.joined(separator: ",")
        let body = #"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"up","job":"node"},"values":[\#(values)]}]}}"#
        let clock = ContinuousClock()
        var points = 0
        let elapsed = clock.measure {
            for _ in 0..<5 {
                if case .matrix(let series)? = try? PrometheusResult.decode(body) { points = series.first?.values.count ?? 0 }
            }
        }
        #expect(points == 10_000)
        print("prometheus: decoding a range answer of 10,000 points (\(body.utf8.count / 1024) KiB): \(elapsed / 5) per answer")
    }
}

import ArgumentParser
import DashCatalog
import Foundation

/// Decodes a Prometheus range answer many times and prints the time per answer.
///
/// The answer is made here in the shape Prometheus's `/api/v1/query_range` documents (one
/// series, a point every 15 s), so the figure needs no server.
struct PrometheusBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prometheus",
        abstract: "Time decoding a Prometheus range answer (default 10,000 points)."
    )

    @Option(help: "Points in the answer.") var points = 10_000
    @Option(help: "Answers to decode.") var runs = 50

    func run() throws {
        let start = 1_795_340_000
        let values = (0..<max(points, 1)).map { "[\(start + $0 * 15),\"\(Double($0 % 97) / 7)\"]" }.joined(separator: ",")
        let body = #"{"status":"success","data":{"resultType":"matrix","result":[{"metric":{"__name__":"up","job":"node"},"values":[\#(values)]}]}}"#
        let clock = ContinuousClock()
        var times: [Duration] = []
        var decoded = 0
        for _ in 0..<max(runs, 1) {
            let elapsed = clock.measure {
                if case .matrix(let series)? = try? PrometheusResult.decode(body) { decoded = series.first?.values.count ?? 0 }
            }
            times.append(elapsed)
        }
        times.sort()
        func ms(_ d: Duration) -> Double { Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
        print("prometheus bench: a range answer of \(points) points (\(body.utf8.count / 1024) KiB), \(decoded) kept, \(times.count) runs")
        print(String(format: "  median: %.2f ms   best: %.2f ms   worst: %.2f ms", ms(times[times.count / 2]), ms(times[0]), ms(times[times.count - 1])))
    }
}

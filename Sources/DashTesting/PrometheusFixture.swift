import DashSystem
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A real Prometheus scraping a real node exporter, as Debian ships them, on free loopback
/// ports with a 1 s scrape interval and a temporary storage path.
///
/// ```swift
/// let prometheus = try PrometheusFixture.start()   // nil when they are not installed
/// defer { prometheus?.stop() }
/// // query prometheus.baseURL + "/api/v1/query?query=up"
/// ```
public final class PrometheusFixture: Sendable {
    /// `http://127.0.0.1:PORT` of Prometheus.
    public let baseURL: String
    private let pids: [pid_t]
    private let directory: String

    /// True when both programs are installed (`apt-get install prometheus prometheus-node-exporter`).
    public static var isAvailable: Bool {
        ["/usr/bin/prometheus", "/usr/bin/prometheus-node-exporter"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private init(baseURL: String, pids: [pid_t], directory: String) {
        self.baseURL = baseURL
        self.pids = pids
        self.directory = directory
    }

    /// Starts both and waits (up to `timeout`) until Prometheus has scraped the exporter; nil
    /// when they are not installed, an error when they do not come up.
    public static func start(timeout: TimeInterval = 30) throws -> PrometheusFixture? {
        guard isAvailable else { return nil }
        let directory = TestDirectories.path("wd-prometheus").path
        try FileManager.default.createDirectory(atPath: directory + "/data", withIntermediateDirectories: true)
        let exporterPort = try freePort(), prometheusPort = try freePort()
        try """
            global:
              scrape_interval: 1s
              evaluation_interval: 1s
            scrape_configs:
              - job_name: node
                static_configs:
                  - targets: ["127.0.0.1:\(exporterPort)"]
            """.write(toFile: directory + "/prometheus.yml", atomically: true, encoding: .utf8)
        var pids: [pid_t] = []
        for arguments in [
            ["/usr/bin/prometheus-node-exporter", "--web.listen-address=127.0.0.1:\(exporterPort)", "--collector.disable-defaults",
             "--collector.cpu", "--collector.loadavg", "--collector.meminfo"],
            ["/usr/bin/prometheus", "--config.file=\(directory)/prometheus.yml", "--storage.tsdb.path=\(directory)/data",
             "--web.listen-address=127.0.0.1:\(prometheusPort)"],
        ] {
            switch ChildProcess.spawn(arguments, standardOutput: .file(directory + "/\(pids.count).log"), standardError: .file(directory + "/\(pids.count).err"),
                                      newProcessGroup: true) {
            case .success(let pid): pids.append(pid)
            case .failure(let error):
                for pid in pids { kill(pid, SIGKILL); _ = ChildProcess.wait(pid) }
                throw FixtureFailure("cannot start \(arguments[0]): \(error)")
            }
        }
        let fixture = PrometheusFixture(baseURL: "http://127.0.0.1:\(prometheusPort)", pids: pids, directory: directory)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let probe = CurlClient.fetchBlocking(.init(url: fixture.baseURL + "/api/v1/query?query=up%7Bjob%3D%22node%22%7D%3D%3D1", timeout: 2))
            if case .success(let (_, body)) = probe, String(decoding: body, as: UTF8.self).contains(#""value""#) { return fixture }
            Thread.sleep(forTimeInterval: 0.3)
        }
        fixture.stop()
        throw FixtureFailure("Prometheus did not scrape the node exporter within \(Int(timeout)) s (logs in \(directory))")
    }

    /// Stops both and removes the storage.
    public func stop() {
        for pid in pids {
            kill(-pid, SIGTERM)
            _ = ChildProcess.wait(pid)
        }
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// A port nothing listens on now (the kernel's pick for port 0, released at once).
    static func freePort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw FixtureFailure("socket failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard ok else { throw FixtureFailure("bind failed") }
        return UInt16(bigEndian: address.sin_port)
    }

    struct FixtureFailure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

import Foundation
import WidgetDash

/// What the network widget shows at one moment.
public typealias NetworkEntry = SourceEntry<NetworkSourceState>

/// The network widget's state: an interface's reading, only loopback, a named interface that
/// is not there, or why `/proc/net/dev` could not be read.
public enum NetworkSourceState: SourceState {
    case interface(NetworkReading)
    /// Only loopback: nothing to watch.
    case noInterface
    /// `interface=` names one that is not there; the ones that are.
    case missing(String, available: [String])
    case unavailable(String)
}

/// One interface's throughput now and lately, and its counters.
public struct NetworkReading: Hashable, Sendable {
    public var counters: InterfaceCounters
    /// Bytes per second now (nil only when no second reading could be taken).
    public var rate: Throughput?
    /// Recent rates, oldest first, the current one last.
    public var history: [Throughput]
    /// The other interfaces that moved any bytes (loopback aside), busiest first.
    public var others: [InterfaceCounters]

    public init(counters: InterfaceCounters, rate: Throughput?, history: [Throughput], others: [InterfaceCounters] = []) {
        self.counters = counters
        self.rate = rate
        self.history = history
        self.others = others
    }

    /// A busy afternoon on a laptop's wireless link, for the gallery and placeholders.
    public static let sample: NetworkReading = {
        let rx: [Double] = [12, 18, 9, 40, 180, 420, 1250, 2300, 1900, 860, 310, 95, 60, 240, 880, 1400,
                            1320, 720, 260, 120, 80, 150, 610, 1180, 1530, 1210, 640, 300, 140, 90, 70, 1240]
        let history = rx.enumerated().map { i, kb in
            Throughput(received: kb * 1000, sent: (kb * 0.08 + Double((i * 7) % 11) * 3) * 1000)
        }
        return NetworkReading(
            counters: InterfaceCounters(name: "wlan0", rxBytes: 9_436_019_512, txBytes: 812_334_201, rxPackets: 7_234_118, txPackets: 2_931_554,
                                        rxErrors: 0, txErrors: 0, rxDropped: 12, txDropped: 0),
            rate: history.last, history: history,
            others: [InterfaceCounters(name: "eth0", rxBytes: 1_208_332_110, txBytes: 95_120_443),
                     InterfaceCounters(name: "docker0", rxBytes: 48_112_900, txBytes: 310_220_004)]
        )
    }()
}

/// Reads `/proc/net/dev` every 15 seconds and turns the change of its counters into bytes per
/// second, keeping recent rates for a sparkline.
///
/// Like the system monitor, this is watched live, so the timeline is one entry and
/// `.after(now + 15 s)`, and `widgetdash run` exempts the kind from the daily budget. Rates are
/// measured on the monotonic clock, not the dashboard's: a time-travelling dashboard's seconds
/// are not the seconds the bytes flowed in. The first reading of an interface has no rate yet,
/// so the provider reads again half a second later.
public struct NetworkProvider: TimelineProvider {
    public static let refreshInterval: TimeInterval = 15

    /// The counters file: `/proc/net/dev`, or a fixture in tests.
    public var path: String
    /// Where readings and rates are kept between reloads.
    public var history: NetworkHistory
    /// Seconds on a monotonic clock (a test clock in tests).
    public var monotonicSeconds: @Sendable () -> Double
    /// The pause before a second reading when an interface has no rate yet.
    public var sampleInterval: Duration

    public init(path: String = "/proc/net/dev", history: NetworkHistory,
                monotonicSeconds: @escaping @Sendable () -> Double = NetworkProvider.continuousSeconds,
                sampleInterval: Duration = .milliseconds(500)) {
        self.path = path
        self.history = history
        self.monotonicSeconds = monotonicSeconds
        self.sampleInterval = sampleInterval
    }

    private static let origin = ContinuousClock.now

    /// Seconds since this process first asked, on the continuous clock.
    @Sendable public static func continuousSeconds() -> Double {
        let d = origin.duration(to: .now).components
        return Double(d.seconds) + Double(d.attoseconds) / 1e18
    }

    public func placeholder(in context: Context) -> NetworkEntry {
        NetworkEntry(date: context.date, state: .interface(.sample))
    }

    public func snapshot(in context: Context) async -> NetworkEntry {
        // The gallery answers at once rather than waiting on a second reading.
        placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<NetworkEntry> {
        let state = try await read(interface: context.parameters["interface"]?.trimmingWhitespace() ?? "")
        return Timeline(entries: [NetworkEntry(date: context.date, state: state)],
                        policy: .after(context.date.addingTimeInterval(Self.refreshInterval)))
    }

    /// One reading (two when the interface has no rate yet), recorded in the history.
    func read(interface wanted: String) async throws -> NetworkEntry.State {
        guard let text = SystemProvider.readTextFile(path) else { return .unreadable(path) }
        var (interfaces, problems) = NetDev.parse(text)
        guard !interfaces.isEmpty else {
            return .unavailable(problems.first.map { "\(path): \($0)" } ?? "\(path) lists no interfaces")
        }
        history.keepOnly(Set(interfaces.map(\.name)))
        guard let chosen = wanted.isEmpty ? NetDev.busiest(interfaces) : interfaces.first(where: { $0.name == wanted }) else {
            if wanted.isEmpty { return .noInterface }
            return .missing(wanted, available: interfaces.filter { !$0.isLoopback }.map(\.name))
        }
        var counters = chosen
        var (rate, recent) = history.record(counters, at: monotonicSeconds())
        if rate == nil {
            if sampleInterval > .zero { try await Task.sleep(for: sampleInterval) }
            if let again = SystemProvider.readTextFile(path) {
                (interfaces, problems) = NetDev.parse(again)
                if let next = interfaces.first(where: { $0.name == chosen.name }) {
                    counters = next
                    (rate, recent) = history.record(counters, at: monotonicSeconds())
                }
            }
        }
        let others = interfaces.filter { !$0.isLoopback && $0.name != counters.name && $0.totalBytes > 0 }
            .sorted(by: NetDev.isBusier)
        return .interface(NetworkReading(counters: counters, rate: rate, history: recent, others: others))
    }
}

/// Network: received and sent per second on one interface, with a sparkline of the last minutes.
public struct NetworkWidget: Widget {
    /// Readings and rates between reloads, shared by every network widget of this description.
    private let history: NetworkHistory

    /// A widget with a history of its own: a bundle makes its descriptions once, so every
    /// network widget placed from them shares it.
    public init() { history = NetworkHistory() }

    public init(history: NetworkHistory) { self.history = history }

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "network", provider: NetworkProvider(history: history)) { entry in
            NetworkView(entry: entry)
        }
        .configurationDisplayName("Network")
        .description("Download and upload speed of an interface (interface=, default the busiest), every 15 seconds.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([.text("interface", title: "Interface (default: the busiest, loopback aside)")])
    }
}

// MARK: - Wording

enum NetworkWords {
    /// "1.2 MB/s", "34 KB/s", "512 B/s": decimal units, as network speeds are counted.
    static func rate(_ bytesPerSecond: Double?) -> String {
        guard let v = bytesPerSecond, v.isFinite else { return "–" }
        return amount(v) + "/s"
    }

    /// "1.2 MB", "34 KB", "9.4 GB".
    static func amount(_ bytes: Double) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = max(0, bytes)
        var unit = 0
        while value >= 999.5 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let places = unit == 0 || value >= 9.95 ? 0 : 1
        return SystemStats.decimal(value, places: places) + " " + units[unit]
    }

    /// "1.2M", "34K", "512": the shortest form, for the circular family.
    static func compact(_ bytesPerSecond: Double?) -> String {
        guard let v = bytesPerSecond else { return "–" }
        let text = amount(v)
        let parts = text.split(separator: " ")
        guard parts.count == 2 else { return text }
        return parts[1] == "B" ? String(parts[0]) : parts[0] + String(parts[1].prefix(1))
    }

    /// "1,234,567".
    static func grouped(_ n: UInt64) -> String { NumberWords.grouped(n) }

    /// "9.4 GB · 7,234,118 packets · 12 dropped": one direction's counters; errors and drops
    /// only when there were any.
    static func counters(bytes: UInt64, packets: UInt64, errors: UInt64, dropped: UInt64) -> String {
        let count = packets >= 1_000_000 ? DiskWords.count(packets) : grouped(packets)
        var parts = [amount(Double(bytes)), "\(count) packets"]
        if errors > 0 { parts.append("\(grouped(errors)) errors") }
        if dropped > 0 { parts.append("\(grouped(dropped)) dropped") }
        return parts.joined(separator: " · ")
    }
}

/// A sparkline from zero (an idle link is a flat floor, not a wiggle), newest on the right.
enum RateSparkline {
    /// `height` rows of exactly `width` columns; missing history is blank on the left.
    static func rows(_ values: [Double], width: Int, height: Int, ceiling: Double? = nil) -> [String] {
        let shown = Array(values.suffix(max(0, width)))
        let rows = max(1, height)
        // Less than a kilobyte a second is idle chatter; do not let it fill the box.
        let top = max(ceiling ?? shown.max() ?? 0, 1000)
        let levels = shown.map { v -> Int in
            let f = v.isFinite ? min(1, max(0, v / top)) : 0
            return f == 0 ? 0 : max(1, Int((f * Double(rows * 8)).rounded()))
        }
        let pad = max(0, width - shown.count)
        return (0..<rows).map { row in
            let floor = (rows - 1 - row) * 8
            let cells = levels.map { level -> Character in
                let filled = level - floor
                if row == rows - 1 && level == 0 { return "▁" }
                return filled >= 8 ? "█" : filled <= 0 ? " " : Sparkline.eighths[filled - 1]
            }
            // Where there is no reading yet, the bottom row shows a dotted floor.
            return String(repeating: row == rows - 1 ? "·" : " ", count: pad) + String(cells)
        }
    }
}

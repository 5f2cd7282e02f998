import Foundation
import Synchronization

/// The counters of one network interface in `/proc/net/dev`, since the interface came up.
public struct InterfaceCounters: Hashable, Sendable {
    public var name: String
    public var rxBytes: UInt64
    public var rxPackets: UInt64
    public var rxErrors: UInt64
    public var rxDropped: UInt64
    public var txBytes: UInt64
    public var txPackets: UInt64
    public var txErrors: UInt64
    public var txDropped: UInt64

    public init(name: String, rxBytes: UInt64, txBytes: UInt64, rxPackets: UInt64 = 0, txPackets: UInt64 = 0,
                rxErrors: UInt64 = 0, txErrors: UInt64 = 0, rxDropped: UInt64 = 0, txDropped: UInt64 = 0) {
        self.name = name
        self.rxBytes = rxBytes
        self.rxPackets = rxPackets
        self.rxErrors = rxErrors
        self.rxDropped = rxDropped
        self.txBytes = txBytes
        self.txPackets = txPackets
        self.txErrors = txErrors
        self.txDropped = txDropped
    }

    /// The loopback interface, which only talks to this machine.
    public var isLoopback: Bool { name == "lo" }

    /// Bytes received and sent together (wrapping rather than trapping on absurd counters).
    public var totalBytes: UInt64 { rxBytes &+ txBytes }
}

/// Bytes per second received and sent.
public struct Throughput: Hashable, Sendable {
    public var received: Double
    public var sent: Double

    public init(received: Double, sent: Double) {
        self.received = received
        self.sent = sent
    }

    public var total: Double { received + sent }
}

/// Parsing `/proc/net/dev`, and the rate between two readings of it.
public enum NetDev {
    /// The interfaces of the text of `/proc/net/dev`, and the lines skipped.
    ///
    /// After two header lines (recognised by their `|`), each line is `name: ` and sixteen
    /// counters: bytes, packets, errs, drop, fifo, frame, compressed, multicast received, then
    /// bytes, packets, errs, drop, fifo, colls, carrier, compressed sent. Wide counters can
    /// touch the colon (`eth0:1234567`), so the name ends at the colon, not at a space.
    public static func parse(_ text: String) -> (interfaces: [InterfaceCounters], problems: [String]) {
        var interfaces: [InterfaceCounters] = []
        var problems: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.contains("|" as Character) || line.allSatisfy(\.isWhitespace) { continue }
            let place = "line \(index + 1)"
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("\(place): expected NAME: followed by counters")
                continue
            }
            let name = line[..<colon].trimmingWhitespace()
            guard !name.isEmpty, !name.contains(" " as Character) else {
                problems.append("\(place): expected an interface name before the colon")
                continue
            }
            let fields = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 16 else {
                problems.append("\(place): \(name): expected 16 counters, found \(fields.count)")
                continue
            }
            let numbers = fields.prefix(16).map { UInt64($0) }
            guard !numbers.contains(nil) else {
                problems.append("\(place): \(name): expected whole numbers")
                continue
            }
            let n = numbers.map { $0 ?? 0 }
            interfaces.append(InterfaceCounters(name: name, rxBytes: n[0], txBytes: n[8], rxPackets: n[1], txPackets: n[9],
                                                rxErrors: n[2], txErrors: n[10], rxDropped: n[3], txDropped: n[11]))
        }
        return (interfaces, problems)
    }

    /// How far a counter moved from `old` to `new`, or nil when it went back to a fresh start.
    ///
    /// 32-bit kernels keep 32-bit counters that wrap at 2³²: a counter that went down from
    /// within 32 bits by less than half the range wrapped, and moved `2³² − old + new`.
    /// Anything else that went down was reset (the interface was re-created), and there is no
    /// delta to tell.
    public static func delta(from old: UInt64, to new: UInt64) -> UInt64? {
        if new >= old { return new - old }
        let wrap: UInt64 = 1 << 32
        guard old < wrap else { return nil }
        let moved = wrap - old + new
        return moved < wrap / 2 ? moved : nil
    }

    /// Bytes per second between two readings `seconds` apart; nil when either counter was
    /// reset or no time passed.
    public static func throughput(from old: InterfaceCounters, to new: InterfaceCounters, seconds: Double) -> Throughput? {
        guard seconds > 0, let rx = delta(from: old.rxBytes, to: new.rxBytes), let tx = delta(from: old.txBytes, to: new.txBytes) else { return nil }
        return Throughput(received: Double(rx) / seconds, sent: Double(tx) / seconds)
    }

    /// The interface a widget without `interface=` shows: the one that moved the most bytes
    /// since it came up, loopback aside (ties: the first by name).
    public static func busiest(_ interfaces: [InterfaceCounters]) -> InterfaceCounters? {
        interfaces.filter { !$0.isLoopback }.min(by: isBusier)
    }

    /// The order interfaces are ranked in: more bytes moved first, ties by name.
    static func isBusier(_ a: InterfaceCounters, than b: InterfaceCounters) -> Bool {
        a.totalBytes == b.totalBytes ? a.name < b.name : a.totalBytes > b.totalBytes
    }
}

/// The recent throughput of each interface, kept by the network provider across reloads.
///
/// A provider is a value, asked again every few seconds; the rate is the change since the
/// previous reading, so the previous reading has to outlive one reload. This object holds it,
/// and the last rates for the sparkline, behind a `Mutex`: two instances of the widget may
/// reload at once. A dashboard that restarts starts with an empty history.
public final class NetworkHistory: Sendable {
    /// Rates kept per interface: a medium sparkline's width, a quarter hour at 15 s.
    public static let capacity = 64
    /// Readings closer than this are not a rate (a second instance reloading at the same time).
    public static let minimumInterval = 0.2

    struct Series {
        var last: InterfaceCounters
        var time: Double
        var rates: [Throughput] = []
    }

    private let series = Mutex<[String: Series]>([:])

    public init() {}

    /// Records a reading taken at `time` (monotonic seconds) and returns the current rate and
    /// the recent ones, oldest first. The rate is nil for an interface's first reading and
    /// after its counters were reset.
    public func record(_ counters: InterfaceCounters, at time: Double) -> (rate: Throughput?, history: [Throughput]) {
        series.withLock { all in
            guard var s = all[counters.name] else {
                all[counters.name] = Series(last: counters, time: time)
                return (nil, [])
            }
            let elapsed = time - s.time
            if elapsed >= 0 && elapsed < Self.minimumInterval { return (s.rates.last, s.rates) }
            guard elapsed > 0, let rate = NetDev.throughput(from: s.last, to: counters, seconds: elapsed) else {
                // Reset counters (or a clock that went back): start the interface afresh.
                all[counters.name] = Series(last: counters, time: time)
                return (nil, [])
            }
            s.last = counters
            s.time = time
            s.rates.append(rate)
            if s.rates.count > Self.capacity { s.rates.removeFirst(s.rates.count - Self.capacity) }
            all[counters.name] = s
            return (rate, s.rates)
        }
    }

    /// Drops the history of interfaces that are gone, so one that comes back starts afresh.
    public func keepOnly(_ names: Set<String>) {
        series.withLock { all in all = all.filter { names.contains($0.key) } }
    }

    /// The interfaces with a history (for tests).
    public var names: Set<String> { series.withLock { Set($0.keys) } }
}

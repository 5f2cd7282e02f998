import Foundation

/// What the system widget shows: CPU, memory, load and uptime, read from Linux's /proc.
///
/// The parsers are pure functions of a file's text: they return nil for text they do not
/// understand (empty, truncated, not numbers), and never trap, so a strange kernel or a
/// half-read file shows as "unavailable" in the widget instead of taking the host down.
public struct SystemStats: Hashable, Sendable {
    /// Busy share of all CPUs between two samples of /proc/stat, from 0 to 1.
    public var cpuUsage: Double
    /// Busy share of each CPU over the same interval, in CPU order (may be empty).
    public var coreUsages: [Double]
    public var memory: Memory
    public var load: LoadAverage
    /// Seconds since boot.
    public var uptime: TimeInterval

    public init(cpuUsage: Double, coreUsages: [Double], memory: Memory, load: LoadAverage, uptime: TimeInterval) {
        self.cpuUsage = cpuUsage
        self.coreUsages = coreUsages
        self.memory = memory
        self.load = load
        self.uptime = uptime
    }

    /// Believable numbers for the gallery, the placeholder and tests.
    public static let sample = SystemStats(
        cpuUsage: 0.23,
        coreUsages: [0.31, 0.12, 0.45, 0.08, 0.27, 0.19, 0.62, 0.05],
        memory: Memory(total: 16 * 1_073_741_824, available: 6_657_199_309, swapTotal: 2 * 1_073_741_824, swapFree: 1_932_735_283),
        load: LoadAverage(one: 0.52, five: 0.48, fifteen: 0.41, running: 3, total: 412),
        uptime: 3 * 86_400 + 4 * 3600 + 12 * 60
    )
}

// MARK: - /proc/stat

extension SystemStats {
    /// Cumulative CPU time counters of one line of /proc/stat (in clock ticks).
    struct CPUTimes: Hashable, Sendable {
        /// Ticks spent doing nothing: idle plus waiting for I/O.
        var idle: UInt64
        /// All ticks: user, nice, system, idle, iowait, irq, softirq, steal.
        var total: UInt64
    }

    /// The counters of /proc/stat: all CPUs together, and each CPU.
    struct CPUSample: Hashable, Sendable {
        var all: CPUTimes
        var cores: [CPUTimes]
    }

    /// The CPU counters in the text of /proc/stat; nil without a well-formed "cpu" line.
    ///
    /// A line reads `cpu  user nice system idle iowait irq softirq steal guest guest_nice`.
    /// Guest time is already counted in user and nice, so it is left out of the total;
    /// kernels before 2.6.11 have fewer columns, and at least the first four are required.
    static func parseProcStat(_ text: String) -> CPUSample? {
        var all: CPUTimes?
        var cores: [CPUTimes] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard let name = fields.first, name.hasPrefix("cpu") else { continue }
            let suffix = name.dropFirst(3)
            guard suffix.isEmpty || suffix.allSatisfy(\.isASCIIDigit) else { continue }
            guard let times = cpuTimes(fields.dropFirst()) else { return nil }
            if suffix.isEmpty { all = times } else { cores.append(times) }
        }
        guard let all else { return nil }
        return CPUSample(all: all, cores: cores)
    }

    private static func cpuTimes(_ fields: ArraySlice<Substring>) -> CPUTimes? {
        let numbers = fields.prefix(8).map { UInt64($0) }
        guard numbers.count >= 4, !numbers.contains(nil) else { return nil }
        let values = numbers.compactMap { $0 }
        let idle = values[3].addingReportingOverflow(values.count > 4 ? values[4] : 0)
        var total: UInt64 = 0
        for v in values {
            let (sum, overflow) = total.addingReportingOverflow(v)
            guard !overflow else { return nil }
            total = sum
        }
        guard !idle.overflow else { return nil }
        return CPUTimes(idle: idle.partialValue, total: total)
    }

    /// The busy share between two readings of the same counters, from 0 to 1.
    ///
    /// Nil when no time passed between them or the counters went backwards (a CPU went
    /// offline and came back, or the readings are swapped): no number is better than a wrong one.
    static func cpuUsage(from earlier: CPUTimes, to later: CPUTimes) -> Double? {
        guard later.total > earlier.total, later.idle >= earlier.idle else { return nil }
        let total = later.total - earlier.total
        let idle = later.idle - earlier.idle
        guard idle <= total else { return nil }
        return Double(total - idle) / Double(total)
    }

    /// The busy share of each CPU between two samples, for the CPUs both samples have.
    static func coreUsages(from earlier: CPUSample, to later: CPUSample) -> [Double] {
        zip(earlier.cores, later.cores).map { cpuUsage(from: $0, to: $1) ?? 0 }
    }
}

// MARK: - /proc/meminfo

extension SystemStats {
    /// Memory and swap, in bytes.
    public struct Memory: Hashable, Sendable {
        public var total: UInt64
        /// What programs can still get without swapping (the kernel's estimate).
        public var available: UInt64
        public var swapTotal: UInt64
        public var swapFree: UInt64

        public init(total: UInt64, available: UInt64, swapTotal: UInt64 = 0, swapFree: UInt64 = 0) {
            self.total = total
            self.available = min(available, total)
            self.swapTotal = swapTotal
            self.swapFree = min(swapFree, swapTotal)
        }

        public var used: UInt64 { total - available }
        /// The share in use, from 0 to 1.
        public var usedFraction: Double { total > 0 ? Double(used) / Double(total) : 0 }
        public var swapUsed: UInt64 { swapTotal - swapFree }
    }

    /// Memory from the text of /proc/meminfo; nil without a positive MemTotal.
    ///
    /// Uses MemAvailable; kernels before 3.14 lack it, and then free + buffers + cache is the
    /// nearest estimate. Values are in kB (KiB) in the file.
    public static func parseMeminfo(_ text: String) -> Memory? {
        var values: [Substring: UInt64] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            let rest = line[line.index(after: colon)...].split(separator: " ", omittingEmptySubsequences: true)
            guard let first = rest.first, let number = UInt64(first) else { continue }
            let multiplier: UInt64 = rest.count > 1 && rest[1] == "kB" ? 1024 : 1
            let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
            guard !overflow else { continue }
            values[key] = bytes
        }
        guard let total = values["MemTotal"], total > 0 else { return nil }
        let available: UInt64
        if let a = values["MemAvailable"] {
            available = a
        } else if let free = values["MemFree"] {
            available = free &+ (values["Buffers"] ?? 0) &+ (values["Cached"] ?? 0)
        } else {
            return nil
        }
        return Memory(total: total, available: available, swapTotal: values["SwapTotal"] ?? 0, swapFree: values["SwapFree"] ?? 0)
    }
}

// MARK: - /proc/loadavg

extension SystemStats {
    /// The run-queue averages over 1, 5 and 15 minutes, and the scheduling entities.
    public struct LoadAverage: Hashable, Sendable {
        public var one: Double
        public var five: Double
        public var fifteen: Double
        /// Runnable tasks now.
        public var running: Int
        /// All tasks (processes and threads).
        public var total: Int

        public init(one: Double, five: Double, fifteen: Double, running: Int, total: Int) {
            self.one = one
            self.five = five
            self.fifteen = fifteen
            self.running = running
            self.total = total
        }
    }

    /// The load from the text of /proc/loadavg, "0.52 0.48 0.41 3/412 9897"; nil otherwise.
    public static func parseLoadavg(_ text: String) -> LoadAverage? {
        let fields = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count >= 4,
              let one = Double(fields[0]), let five = Double(fields[1]), let fifteen = Double(fields[2]),
              [one, five, fifteen].allSatisfy({ $0.isFinite && $0 >= 0 })
        else { return nil }
        let tasks = fields[3].split(separator: "/")
        guard tasks.count == 2, let running = Int(tasks[0]), let total = Int(tasks[1]), running >= 0, total >= 0 else { return nil }
        return LoadAverage(one: one, five: five, fifteen: fifteen, running: running, total: total)
    }
}

// MARK: - /proc/uptime

extension SystemStats {
    /// Seconds since boot from the text of /proc/uptime, "711.15 1175.25"; nil otherwise.
    public static func parseUptime(_ text: String) -> TimeInterval? {
        guard let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).first,
              let seconds = Double(first), seconds.isFinite, seconds >= 0
        else { return nil }
        return seconds
    }
}

// MARK: - Wording

extension SystemStats {
    /// An uptime in its two largest units: "3d 4h", "4h 12m", "12m", "45s".
    public static func uptimeText(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds >= 0 else { return "–" }
        let s = Int(min(seconds, 1e12))
        let d = s / 86_400, h = s % 86_400 / 3600, m = s % 3600 / 60
        if d > 0 { return "\(d)d \(h)h" }
        if h > 0 { return "\(h)h \(m)m" }
        if m > 0 { return "\(m)m" }
        return "\(s)s"
    }

    /// Bytes in binary gigabytes with one decimal: "9.8"; megabytes below one gigabyte.
    public static func bytesText(_ bytes: UInt64) -> String {
        let gib = Double(bytes) / 1_073_741_824
        if gib >= 1 { return decimal(gib, places: gib >= 100 ? 0 : 1) + "G" }
        return decimal(Double(bytes) / 1_048_576, places: 0) + "M"
    }

    /// A number with a fixed count of decimals, the same in every locale: "0.52".
    public static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return "–" }
        // Beyond what an Int holds once scaled (a pushed value can be anything JSON carries).
        guard abs(value) < 1e15 else { return "\(value)" }
        let scale = pow(10, Double(places))
        let scaled = Int((abs(value) * scale).rounded())
        let whole = scaled / Int(scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard places > 0 else { return sign + String(whole) }
        let fraction = String(scaled % Int(scale))
        return sign + "\(whole)." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

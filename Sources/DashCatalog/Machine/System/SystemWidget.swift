import Foundation
import WidgetDash

/// One reading of the system, or the reason there is none.
public struct SystemEntry: TimelineEntry {
    /// What the widget shows.
    public enum State: SourceState {
        case stats(SystemStats)
        /// The numbers could not be read; the text says which and why.
        case unavailable(String)
    }

    public let date: Date
    public let state: State
    /// The machine's name, when it is known.
    public let hostname: String?

    public init(date: Date, state: State, hostname: String? = nil) {
        self.date = date
        self.state = state
        self.hostname = hostname
    }
}

/// Reads CPU, memory, load and uptime from /proc, and asks again a few seconds later.
///
/// CPU use is the change of /proc/stat's counters since the previous reading (``CPUHistory``),
/// which is what `top` and htop show; the counters alone only give the average since boot. The
/// first reading has none before it, so it reads twice, a quarter of a second apart. A live
/// system monitor on a terminal dashboard is looked at for seconds, not hours, so the timeline
/// is one entry with `.after(now + 15 s)`: far more often than WidgetKit's 40–70 reloads a day
/// would allow, so the host has to exempt this widget from the budget (or give it its own), as
/// it does for a foreground app.
public struct SystemProvider: TimelineProvider {
    /// How long after a reading the next one is asked for.
    public static let refreshInterval: TimeInterval = 15

    /// The current moment when set (tests fix it); else the dashboard's time from the context,
    /// so time travel and `snapshot --at` show what the widget would show then.
    public var now: (@Sendable () -> Date)?
    /// The text of a file by path, or nil when it cannot be read; injected for tests.
    public var readFile: @Sendable (String) -> String?
    /// The time between the two reads of /proc/stat when there is no reading before.
    public var sampleInterval: Duration
    /// The readings before (each provider made without one has its own).
    public var history: CPUHistory
    /// Seconds on a monotonic clock (a test clock in tests).
    public var monotonicSeconds: @Sendable () -> Double

    public init(
        now: (@Sendable () -> Date)? = nil,
        readFile: @escaping @Sendable (String) -> String? = SystemProvider.readTextFile,
        sampleInterval: Duration = .milliseconds(250),
        history: CPUHistory = CPUHistory(),
        monotonicSeconds: @escaping @Sendable () -> Double = NetworkProvider.continuousSeconds
    ) {
        self.now = now
        self.readFile = readFile
        self.sampleInterval = sampleInterval
        self.history = history
        self.monotonicSeconds = monotonicSeconds
    }

    public func placeholder(in context: Context) -> SystemEntry {
        SystemEntry(date: now?() ?? context.date, state: .stats(.sample), hostname: "localhost")
    }

    public func snapshot(in context: Context) async -> SystemEntry {
        // The gallery answers at once with sample numbers rather than waiting on a CPU sample.
        SystemEntry(date: now?() ?? context.date, state: .stats(.sample), hostname: "localhost")
    }

    public func timeline(in context: Context) async throws -> Timeline<SystemEntry> {
        let state = try await read()
        let hostname = readFile("/proc/sys/kernel/hostname")?.trimmingWhitespaceAndNewlines()
        let date = now?() ?? context.date
        let entry = SystemEntry(date: date, state: state, hostname: hostname.flatMap { $0.isEmpty ? nil : $0 })
        return Timeline(entries: [entry], policy: .after(date.addingTimeInterval(Self.refreshInterval)))
    }

    /// One reading of every file, or the first thing that went wrong.
    func read() async throws -> SystemEntry.State {
        guard let firstText = readFile("/proc/stat") else { return .unavailable(Self.missing("/proc/stat")) }
        guard var second = SystemStats.parseProcStat(firstText) else { return .unavailable("/proc/stat is not in a known format") }
        let first: SystemStats.CPUSample
        if let before = history.baseline(at: monotonicSeconds()) {
            first = before
        } else {
            first = second
            if sampleInterval > .zero { try await Task.sleep(for: sampleInterval) }
            guard let secondText = readFile("/proc/stat"), let again = SystemStats.parseProcStat(secondText) else {
                return .unavailable("/proc/stat could not be read again")
            }
            second = again
        }
        history.record(second, at: monotonicSeconds())
        // With no ticks between the reads, the average since boot is the best there is.
        let cpu = SystemStats.cpuUsage(from: first.all, to: second.all)
            ?? SystemStats.cpuUsage(from: SystemStats.CPUTimes(idle: 0, total: 0), to: second.all)
            ?? 0
        guard let memText = readFile("/proc/meminfo") else { return .unavailable(Self.missing("/proc/meminfo")) }
        guard let memory = SystemStats.parseMeminfo(memText) else { return .unavailable("/proc/meminfo is not in a known format") }
        guard let loadText = readFile("/proc/loadavg") else { return .unavailable(Self.missing("/proc/loadavg")) }
        guard let load = SystemStats.parseLoadavg(loadText) else { return .unavailable("/proc/loadavg is not in a known format") }
        guard let upText = readFile("/proc/uptime") else { return .unavailable(Self.missing("/proc/uptime")) }
        guard let uptime = SystemStats.parseUptime(upText) else { return .unavailable("/proc/uptime is not in a known format") }
        return .stats(SystemStats(
            cpuUsage: cpu, coreUsages: SystemStats.coreUsages(from: first, to: second),
            memory: memory, load: load, uptime: uptime
        ))
    }

    private static func missing(_ path: String) -> String {
        #if os(Linux)
        return "\(path) is not readable"
        #else
        return "\(path) is missing: the system widget reads Linux's /proc"
        #endif
    }

    /// Reads a whole text file, or nil.
    ///
    /// /proc files report a size of zero, so this reads until the end of the file rather than
    /// trusting the size.
    @Sendable public static func readTextFile(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        // `readToEnd()` answers nil for an empty file, which is empty text, not an unreadable one.
        do { return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self) } catch { return nil }
    }
}

/// CPU, memory, load and uptime, with gauges colored by how busy the machine is.
public struct SystemWidget: Widget {
    /// Readings between reloads, shared by every system widget of this description.
    private let history = CPUHistory()

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "system", provider: SystemProvider(history: history)) { entry in
            SystemView(entry: entry)
        }
        .configurationDisplayName("System")
        .description("CPU, memory, load and uptime of this machine, every few seconds.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular])
        .layoutUnit(.cells)
    }
}

/// The system widget's view, laid out anew for each family.
struct SystemView: View {
    let entry: SystemEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SystemUnavailable(reason: reason, family: family)
        case .stats(let stats):
            switch family {
            case .systemSmall: SystemSmall(stats: stats)
            case .systemMedium: SystemMedium(stats: stats)
            case .accessoryCircular: SystemCircular(stats: stats)
            case .accessoryRectangular: SystemRectangular(stats: stats)
            default: SystemLarge(stats: stats, hostname: entry.hostname)
            }
        }
    }
}

/// The color of a gauge by how full it is: green, then orange, then red.
func levelColor(_ fraction: Double) -> Color {
    fraction >= 0.85 ? .red : fraction >= 0.6 ? .orange : .green
}

/// "0.52 0.48 0.41".
func loadText(_ load: SystemStats.LoadAverage) -> String {
    [load.one, load.five, load.fifteen].map { SystemStats.decimal($0, places: 2) }.joined(separator: " ")
}

/// A titled linear gauge with its value on the right, tinted by level.
struct LevelGauge: View {
    let title: String
    let symbol: String
    let fraction: Double
    let value: String

    var body: some View {
        Gauge(value: fraction) {
            // Kept whole: the gauge's row shares its width with a spacer.
            Label(title, systemImage: symbol).layoutPriority(1)
        } currentValueLabel: {
            Text(value).bold().layoutPriority(1)
        }
        .tint(levelColor(fraction))
    }
}

// MARK: - System families

/// Small: CPU and memory gauges, then load and uptime.
struct SystemSmall: View {
    let stats: SystemStats

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            LevelGauge(title: "CPU", symbol: "cpu", fraction: stats.cpuUsage, value: DateWords.percent(stats.cpuUsage))
            Spacer(minLength: 0)
            LevelGauge(title: "Memory", symbol: "memorychip", fraction: stats.memory.usedFraction,
                       value: DateWords.percent(stats.memory.usedFraction))
            Spacer(minLength: 0)
            HStack(spacing: 1) {
                Image(systemName: "gauge").foregroundStyle(.secondary)
                Text(loadText(stats.load))
            }
            HStack(spacing: 1) {
                Image(systemName: "power").foregroundStyle(.secondary)
                Text("up \(SystemStats.uptimeText(stats.uptime))").foregroundStyle(.secondary)
            }
        }
    }
}

/// A ring gauge with a big percentage in the middle and a title under it.
struct RingGauge: View {
    let title: String
    let fraction: Double

    var body: some View {
        Gauge(value: fraction) {
            Text(title).foregroundStyle(.secondary)
        } currentValueLabel: {
            Text(DateWords.percent(fraction)).bold()
        }
        .gaugeStyle(.accessoryCircularCapacity)
        .tint(levelColor(fraction))
        .frame(width: 9, height: 5)
    }
}

/// Medium: CPU and memory as rings, the details beside them.
struct SystemMedium: View {
    let stats: SystemStats

    var body: some View {
        HStack(spacing: 2) {
            VStack(spacing: 0) {
                RingGauge(title: "CPU", fraction: stats.cpuUsage)
                Text(CoreBars.text(stats.coreUsages, limit: 9)).foregroundStyle(.tint)
            }
            VStack(spacing: 0) {
                RingGauge(title: "MEM", fraction: stats.memory.usedFraction)
                Text(" ")
            }
            VStack(alignment: .leading, spacing: 0) {
                DetailRow(title: "Load", value: loadText(stats.load))
                DetailRow(title: "Mem", value: "\(SystemStats.bytesText(stats.memory.used)) of \(SystemStats.bytesText(stats.memory.total))")
                DetailRow(title: "Swap", value: "\(SystemStats.bytesText(stats.memory.swapUsed)) of \(SystemStats.bytesText(stats.memory.swapTotal))")
                DetailRow(title: "Tasks", value: "\(stats.load.running) of \(stats.load.total)")
                DetailRow(title: "Up", value: SystemStats.uptimeText(stats.uptime))
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// "Load  0.52 0.48 0.41": a dim title and a value.
struct DetailRow: View {
    let title: String
    let value: String

    var body: some View {
        // The value may wrap, unlike a disk fact's: the load and memory lines are long.
        FactRow(title: title, titleWidth: 5) { Text(value) }
    }
}

/// Large: CPU with a bar per core, memory and swap, load averages, tasks and uptime.
struct SystemLarge: View {
    let stats: SystemStats
    let hostname: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label(hostname ?? "This machine", systemImage: "terminal").bold()
                Spacer(minLength: 1)
                Text("up \(SystemStats.uptimeText(stats.uptime))").foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            LevelGauge(title: "CPU", symbol: "cpu", fraction: stats.cpuUsage, value: DateWords.percent(stats.cpuUsage))
            if !stats.coreUsages.isEmpty {
                HStack(spacing: 1) {
                    Text("\(stats.coreUsages.count) cores").foregroundStyle(.secondary)
                    Text(CoreBars.text(stats.coreUsages, limit: 30)).foregroundStyle(.tint)
                    Spacer(minLength: 0)
                }
            }
            Spacer(minLength: 0)
            LevelGauge(
                title: "Memory", symbol: "memorychip", fraction: stats.memory.usedFraction,
                value: "\(SystemStats.bytesText(stats.memory.used)) of \(SystemStats.bytesText(stats.memory.total))  \(DateWords.percent(stats.memory.usedFraction))"
            )
            Text("\(SystemStats.bytesText(stats.memory.available)) available").foregroundStyle(.secondary)
            Spacer(minLength: 0)
            if stats.memory.swapTotal > 0 {
                let swap = Double(stats.memory.swapUsed) / Double(stats.memory.swapTotal)
                LevelGauge(
                    title: "Swap", symbol: "arrow.triangle.2.circlepath", fraction: swap,
                    value: "\(SystemStats.bytesText(stats.memory.swapUsed)) of \(SystemStats.bytesText(stats.memory.swapTotal))  \(DateWords.percent(swap))"
                )
                Spacer(minLength: 0)
            }
            Divider()
            HStack(spacing: 1) {
                Label("Load", systemImage: "gauge").foregroundStyle(.secondary).layoutPriority(1)
                Spacer(minLength: 1)
                Text(loadText(stats.load)).bold().layoutPriority(1)
                Text("1·5·15 min").foregroundStyle(.tertiary).layoutPriority(1)
            }
            HStack(spacing: 1) {
                Label("Tasks", systemImage: "gearshape").foregroundStyle(.secondary).layoutPriority(1)
                Spacer(minLength: 1)
                Text("\(stats.load.running) running of \(stats.load.total)").layoutPriority(1)
            }
        }
    }
}

/// One cell per CPU, a vertical bar in eighths: "▂▁▄▁▂▂▅▁".
enum CoreBars {
    static func text(_ usages: [Double], limit: Int) -> String {
        let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        return String(usages.prefix(limit).map { u in
            let f = u.isFinite ? min(1, max(0, u)) : 0
            return levels[min(7, Int((f * 8).rounded(.down)))]
        })
    }
}

// MARK: - Accessory families

/// Circular: CPU in a ring.
struct SystemCircular: View {
    let stats: SystemStats

    var body: some View {
        CapacityRing(fraction: stats.cpuUsage, label: Text(DateWords.percent(stats.cpuUsage)))
    }
}

/// Rectangular: CPU and memory bars with their figures, then load and uptime.
struct SystemRectangular: View {
    let stats: SystemStats

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            BarRow(title: "CPU", fraction: stats.cpuUsage)
            BarRow(title: "MEM", fraction: stats.memory.usedFraction)
            Text("\(SystemStats.decimal(stats.load.one, places: 2)) load · up \(SystemStats.uptimeText(stats.uptime))")
                .foregroundStyle(.secondary)
        }
    }
}

/// "CPU ████░░░░░░░ 23%".
struct BarRow: View {
    let title: String
    let fraction: Double

    var body: some View {
        HStack(spacing: 1) {
            Text(title).bold().frame(width: 3, alignment: .leading)
            ProgressView(value: fraction)
            Text(DateWords.percent(fraction)).frame(width: 4, alignment: .trailing)
        }
    }
}

/// What the widget shows when /proc cannot be read: what is missing, in the widget's own panel.
struct SystemUnavailable: View {
    let reason: String
    let family: WidgetFamily

    var body: some View {
        switch family {
        case .accessoryCircular:
            VStack(spacing: 0) {
                Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
                Text("n/a").foregroundStyle(.secondary)
            }
        case .accessoryRectangular, .accessoryInline:
            VStack(alignment: .leading, spacing: 0) {
                Label("System", systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
                Text(reason).foregroundStyle(.secondary).lineLimit(2)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Label("No system stats", systemImage: "exclamationmark.triangle").foregroundStyle(.orange).bold()
                Spacer(minLength: 0)
                Text(reason).foregroundStyle(.secondary)
                Spacer(minLength: 0)
            }
        }
    }
}

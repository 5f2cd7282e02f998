import Foundation
import WidgetDash

/// How long the machine has been up, as of one entry.
public typealias UptimeEntry = SourceEntry<UptimeSourceState>

/// The uptime widget's state: the boot moment, or why `/proc/uptime` could not be read.
public enum UptimeSourceState: SourceState {
    /// The moment the machine booted, its name and its kernel.
    case up(boot: Date, host: String?, kernel: String?)
    case unavailable(String)
}

/// Reads `/proc/uptime` once and draws the rest from the boot moment.
///
/// Uptime is the most predictable number there is: once the boot moment is known, every later
/// value follows. The views show minutes with live `Text(boot, style: .relative)`, and the big
/// numbers change only on whole hours since boot, so the timeline holds an entry now and at each
/// of the next 24 whole hours since boot, policy `.atEnd`: one reload a day, exact all day. (A
/// reboot ends the dashboard too; suspend does not move the boot moment, since
/// `/proc/uptime` counts suspended time.) The load average is left to the system widget: it
/// changes by the second, and would make this predictable widget reload like a live one.
public struct UptimeProvider: TimelineProvider {
    /// The sample uptime: three days, four hours and twelve minutes.
    static let sampleUptime: TimeInterval = 3 * 86_400 + 4 * 3600 + 12 * 60

    /// How far ahead entries go.
    public static let window: TimeInterval = 86_400

    /// The uptime file: `/proc/uptime`, or a fixture in tests.
    public var path: String
    /// Reads a file's text (the host name and kernel release come from /proc/sys/kernel).
    public var readFile: @Sendable (String) -> String?

    public init(path: String = "/proc/uptime", readFile: @escaping @Sendable (String) -> String? = SystemProvider.readTextFile) {
        self.path = path
        self.readFile = readFile
    }

    public func placeholder(in context: Context) -> UptimeEntry {
        UptimeEntry(date: context.date, state: .up(boot: context.date.addingTimeInterval(-Self.sampleUptime), host: "localhost", kernel: "6.8.0"))
    }

    public func snapshot(in context: Context) async -> UptimeEntry {
        if context.isPreview { return placeholder(in: context) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<UptimeEntry> {
        let now = context.date
        guard let text = readFile(path) else {
            return Timeline(entries: [UptimeEntry(date: now, state: .unreadable(path))],
                            policy: .after(now.addingTimeInterval(30 * 60)))
        }
        guard let seconds = SystemStats.parseUptime(text) else {
            return Timeline(entries: [UptimeEntry(date: now, state: .unavailable("\(path): expected seconds since boot, such as \"711.15 1175.25\""))],
                            policy: .after(now.addingTimeInterval(30 * 60)))
        }
        let clean = { (s: String?) -> String? in
            s.map { TextSanitizer.sanitize($0, keepNewlines: false).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        let state = UptimeEntry.State.up(boot: now.addingTimeInterval(-seconds),
                                         host: clean(readFile("/proc/sys/kernel/hostname")),
                                         kernel: clean(readFile("/proc/sys/kernel/osrelease")))
        return Timeline(entries: Self.moments(boot: now.addingTimeInterval(-seconds), from: now).map { UptimeEntry(date: $0, state: state) },
                        policy: .atEnd)
    }

    /// Now, and each whole hour since `boot` within the next day.
    static func moments(boot: Date, from now: Date) -> [Date] {
        let up = max(0, now.timeIntervalSince(boot))
        let nextHour = (up / 3600).rounded(.down) + 1
        let hours = (0..<Int(window / 3600)).map { boot.addingTimeInterval((nextHour + Double($0)) * 3600) }
        return [now] + hours.filter { $0 > now && $0 <= now.addingTimeInterval(window) }
    }
}

/// Uptime: how long this machine has been running, and since when.
public struct UptimeWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "uptime", provider: UptimeProvider()) { entry in
            UptimeView(entry: entry)
        }
        .configurationDisplayName("Uptime")
        .description("How long this machine has been up, and the moment it booted.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

// MARK: - Wording

enum UptimeWords {
    /// The big number and its unit: days from one day up, hours from one hour, else nil
    /// (the first hour shows a live timer instead).
    static func big(_ seconds: TimeInterval) -> (value: Int, unit: String)? {
        let s = Int(max(0, seconds))
        if s >= 86_400 { return (s / 86_400, s / 86_400 == 1 ? "day" : "days") }
        if s >= 3600 { return (s / 3600, s / 3600 == 1 ? "hour" : "hours") }
        return nil
    }

    /// The hours past the whole days, in words: "4 hours", "1 hour", or nil below a day.
    static func hoursPastDays(_ seconds: TimeInterval) -> String? {
        let s = Int(max(0, seconds))
        guard s >= 86_400 else { return nil }
        let h = s % 86_400 / 3600
        return h == 1 ? "1 hour" : "\(h) hours"
    }

    /// "3d 4h", "4h", for the circular family (exact on whole hours, which is when entries fall).
    static func compact(_ seconds: TimeInterval) -> String {
        let s = Int(max(0, seconds))
        let d = s / 86_400, h = s % 86_400 / 3600
        if d >= 100 { return "\(d)d" }
        if d > 0 { return "\(d)d \(h)h" }
        return "\(h)h"
    }

    /// "Fri 06:30" within the last week, "20 Nov 06:30" this year, "20 Nov 2025" before.
    static func since(_ boot: Date, now: Date, zone: TimeZone) -> String {
        let day = DateWords.localDay(of: boot, in: zone)
        let today = DateWords.localDay(of: now, in: zone)
        let clock = Feeds.clock(boot, in: zone)
        if today - day < 7 { return "\(DateWords.shortWeekday(DateWords.weekdayNumber(ofDay: day))) \(clock)" }
        let civil = DateWords.civil(fromDays: day)
        if civil.year == DateWords.civil(fromDays: today).year { return "\(civil.day) \(DateWords.shortMonth(civil.month)) \(clock)" }
        return "\(civil.day) \(DateWords.shortMonth(civil.month)) \(civil.year)"
    }

    /// "Friday", "20 November 2026" and "06:30 Berlin": the boot moment in full, over three lines.
    static func full(_ boot: Date, zone: TimeZone) -> [String] {
        let day = DateWords.localDay(of: boot, in: zone)
        let civil = DateWords.civil(fromDays: day)
        // The zone's city, spelled the same on every machine (abbreviations follow the locale).
        let city = zone.identifier.split(separator: "/").last.map { $0.replacingOccurrences(of: "_", with: " ") } ?? zone.identifier
        let name = zone.secondsFromGMT(for: boot) == 0 && ["UTC", "GMT", "Universal", "Zulu", "UCT"].contains(city) ? "UTC" : city
        return [DateWords.weekday(DateWords.weekdayNumber(ofDay: day)),
                "\(civil.day) \(DateWords.month(civil.month)) \(civil.year)",
                "\(Feeds.clock(boot, in: zone)) \(name)"]
    }
}

// MARK: - Views

struct UptimeView: View {
    let entry: UptimeEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SourceMessageView(problem: "Uptime", reason)
        case .up(let boot, let host, let kernel):
            let up = entry.date.timeIntervalSince(boot)
            switch family {
            case .accessoryInline:
                HStack(spacing: 1) {
                    Image(systemName: "power")
                    Text("up ") + Text(boot, style: .relative) + Text(" · since \(UptimeWords.since(boot, now: entry.date, zone: timeZone))")
                }
            case .accessoryCircular:
                UptimeCircular(boot: boot, up: up)
            case .accessoryRectangular:
                VStack(alignment: .leading, spacing: 0) {
                    (Text("up ").foregroundStyle(.secondary) + Text(boot, style: .relative).bold()).lineLimit(1)
                    Text("since \(UptimeWords.since(boot, now: entry.date, zone: timeZone))").lineLimit(1)
                    Text(host ?? "this machine").foregroundStyle(.secondary).lineLimit(1)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            case .systemSmall:
                VStack(alignment: .leading, spacing: 0) {
                    Label("Up", systemImage: "power").foregroundStyle(.secondary)
                    Spacer(minLength: 0)
                    UptimeBig(boot: boot, up: up)
                    Spacer(minLength: 0)
                    Text("since \(UptimeWords.since(boot, now: entry.date, zone: timeZone))").foregroundStyle(.secondary).lineLimit(1)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            default:
                UptimeMedium(boot: boot, up: up, host: host, kernel: kernel, zone: timeZone)
            }
        }
    }
}

/// The big number (days, or hours, or a live timer in the first hour) and the live uptime.
struct UptimeBig: View {
    let boot: Date
    let up: TimeInterval

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let big = UptimeWords.big(up) {
                HStack(alignment: .top, spacing: 1) {
                    Text(String(big.value)).font(.largeTitle).bold().foregroundStyle(.tint)
                    VStack(alignment: .leading, spacing: 0) {
                        Text(big.unit).bold()
                        Text(UptimeWords.hoursPastDays(up) ?? " ").foregroundStyle(.secondary)
                    }
                }
                // Live: minutes from here on, no reload needed.
                Text(boot, style: .relative).lineLimit(1)
            } else {
                Text(boot, style: .timer).font(.largeTitle).bold().foregroundStyle(.tint)
                Text("just booted").foregroundStyle(.secondary)
            }
        }
    }
}

/// Medium: the big uptime on the left, the boot moment in full on the right, host and kernel below.
struct UptimeMedium: View {
    let boot: Date
    let up: TimeInterval
    let host: String?
    let kernel: String?
    let zone: TimeZone

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label("Up", systemImage: "power").foregroundStyle(.secondary)
                Spacer(minLength: 1)
                Text([host, kernel.map { "Linux \($0)" }].compactMap { $0 }.joined(separator: " · ")).foregroundStyle(.tertiary).lineLimit(1)
            }
            Spacer(minLength: 0)
            HStack(alignment: .top, spacing: 2) {
                UptimeBig(boot: boot, up: up).frame(maxWidth: .infinity, alignment: .leading)
                VStack(alignment: .leading, spacing: 0) {
                    Text("booted").foregroundStyle(.secondary)
                    ForEachLine(lines: UptimeWords.full(boot, zone: zone))
                }
                .layoutPriority(1)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Circular: days (or hours) inside a ring that fills as the day (or hour count) goes on.
struct UptimeCircular: View {
    let boot: Date
    let up: TimeInterval

    var body: some View {
        let hours = Int(max(0, up)) / 3600
        if hours < 1 {
            VStack(spacing: 0) {
                Text("up").foregroundStyle(.secondary)
                Text(boot, style: .timer).bold()
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        } else {
            CapacityRing(fraction: Double(hours % 24) / 24, label: Text(UptimeWords.compact(up)).bold())
        }
    }
}

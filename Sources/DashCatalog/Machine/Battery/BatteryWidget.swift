import Foundation
import WidgetDash

/// The batteries at one moment (read, or predicted from a reading), or why there are none.
public typealias BatteryEntry = SourceEntry<BatterySourceState>

/// The battery widget's state: the batteries, none at all, or why they could not be read.
public enum BatterySourceState: SourceState {
    case battery(BatteryState)
    /// No battery powers this machine (a desktop, a server, a virtual machine).
    case noBattery
    /// The power supply directory could not be read, or no battery says how full it is.
    case unavailable(String)

    /// A low battery that is draining is worth the top of a Smart Stack.
    public var relevance: TimelineEntryRelevance? {
        guard case .battery(let b) = self, b.status == .discharging, let level = b.level, level <= 0.2 else { return nil }
        return TimelineEntryRelevance(score: 1)
    }
}

/// The batteries together, as one entry shows them.
public struct BatteryState: Hashable, Sendable {
    /// From 0 to 1; predicted in entries after the first while discharging.
    public var level: Double?
    public var status: PowerSupply.Status
    /// Mains or USB online (nil: the kernel lists no external supply).
    public var externalPower: Bool?
    /// When the batteries will be empty (discharging) or full (charging), when it can be told.
    public var emptyAt: Date?
    public var fullAt: Date?
    /// Power in or out, in watts.
    public var watts: Double?
    /// Each battery, for the families with room to list them.
    public var batteries: [PowerSupply]
    /// True for entries whose level is predicted rather than read.
    public var isPredicted: Bool
    /// Values the kernel gave that could not be read, shown in the large family.
    public var problems: [String]
    /// The share of the full charge lost per second while discharging (``PowerReading/dischargeRate``).
    public var dischargeRate: Double?

    /// The state of a reading taken at `date`.
    public init(reading: PowerReading, at date: Date) {
        level = reading.level
        status = reading.status
        externalPower = reading.externalPower
        emptyAt = reading.timeToEmpty.map { date.addingTimeInterval($0) }
        fullAt = reading.timeToFull.map { date.addingTimeInterval($0) }
        watts = reading.watts
        batteries = reading.batteries
        isPredicted = false
        problems = reading.problems
        dischargeRate = reading.dischargeRate
    }

    /// The same state `seconds` later, with the level fallen at `rate` per second (never below 0).
    func predicted(after seconds: TimeInterval, rate: Double) -> BatteryState {
        var next = self
        next.level = level.map { max(0, $0 - rate * seconds) }
        next.isPredicted = true
        return next
    }
}

/// Reads the batteries from `/sys/class/power_supply`, and predicts the level until the next read.
///
/// A discharging battery under a steady load falls in a straight line, so the timeline holds
/// an entry every five minutes until the next reload with the level predicted from the
/// power drawn, and the time left counted down; the level on screen stays right between reads
/// without reading more often. A charging battery is not predicted: chargers hold a constant
/// current up to about 80 % and then taper, so a straight line would overshoot; its entries
/// only count the time to full down. Plugging in or out cannot be foreseen, so the policy is
/// `.after(30 min)` (48 reloads a day, inside the budget), or the moment the batteries should
/// be full, if sooner.
public struct BatteryProvider: TimelineProvider {
    /// The time between two reads of the batteries.
    public static let refreshInterval: TimeInterval = 30 * 60
    /// The time between predicted entries.
    public static let predictionStep: TimeInterval = 5 * 60

    /// The directory of power supplies: `/sys/class/power_supply`, or a fixture in tests.
    public var root: String

    public init(root: String = "/sys/class/power_supply") {
        self.root = root
    }

    public func placeholder(in context: Context) -> BatteryEntry {
        BatteryEntry(date: context.date, state: .battery(BatteryState(reading: .sample, at: context.date)))
    }

    public func snapshot(in context: Context) async -> BatteryEntry {
        if context.isPreview { return placeholder(in: context) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<BatteryEntry> {
        Self.timeline(for: PowerSupplyReader.read(root: root), at: context.date)
    }

    /// The timeline of one reading taken at `now`.
    static func timeline(for result: Result<PowerReading, PowerSupplyReader.Failure>, at now: Date) -> Timeline<BatteryEntry> {
        let next = now.addingTimeInterval(refreshInterval)
        let reading: PowerReading
        switch result {
        case .failure(let failure):
            return Timeline(entries: [BatteryEntry(date: now, state: .unavailable(failure.message))], policy: .after(next))
        case .success(let r):
            reading = r
        }
        guard !reading.batteries.isEmpty else {
            return Timeline(entries: [BatteryEntry(date: now, state: .noBattery)], policy: .after(next))
        }
        guard reading.level != nil else {
            let why = reading.problems.first ?? "\(reading.batteries[0].name): no capacity, energy_now or charge_now"
            return Timeline(entries: [BatteryEntry(date: now, state: .unavailable(why))], policy: .after(next))
        }
        let state = BatteryState(reading: reading, at: now)
        var entries = [BatteryEntry(date: now, state: .battery(state))]
        var policyDate = next
        if let full = state.fullAt, full <= next {
            // Ask again a minute after the predicted end, to show "Full" (never sooner than one step).
            policyDate = max(now.addingTimeInterval(predictionStep), full.addingTimeInterval(60))
        }
        let rate = state.dischargeRate
        // Only a level that falls or a time that counts down changes between reads.
        let changes = rate != nil || state.emptyAt != nil || state.fullAt != nil
        var offset = predictionStep
        while changes, now.addingTimeInterval(offset) < policyDate {
            let later = rate.map { state.predicted(after: offset, rate: $0) } ?? state
            entries.append(BatteryEntry(date: now.addingTimeInterval(offset), state: .battery(later)))
            offset += predictionStep
        }
        return Timeline(entries: entries, policy: .after(policyDate))
    }
}

/// Battery: level, charging state and time left, from Linux's power supply class.
public struct BatteryWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "battery", provider: BatteryProvider()) { entry in
            BatteryView(entry: entry)
        }
        .configurationDisplayName("Battery")
        .description("Charge, charging state and time left of this machine's batteries (/sys/class/power_supply).")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}

// MARK: - Wording

enum BatteryWords {
    /// The battery symbol for a level.
    static func symbol(_ level: Double?, charging: Bool) -> String {
        if charging { return "bolt" }
        guard let level else { return "battery.0" }
        switch level {
        case 0.88...: return "battery.100"
        case 0.63...: return "battery.75"
        case 0.38...: return "battery.50"
        case 0.13...: return "battery.25"
        default: return "battery.0"
        }
    }

    /// Red at 20 % and below while not charging, orange to 40 %, else green.
    static func color(_ level: Double?, status: PowerSupply.Status) -> Color {
        guard let level else { return .secondary }
        if status == .charging || status == .full { return .green }
        return level <= 0.2 ? .red : level <= 0.4 ? .orange : .green
    }

    /// "Charging", "On battery", "Full", "Plugged in", "Unknown".
    static func status(_ state: BatteryState) -> String {
        switch state.status {
        case .charging: "Charging"
        case .discharging: "On battery"
        case .full: "Full"
        case .notCharging: state.externalPower == false ? "Not charging" : "Plugged in"
        case .unknown: state.externalPower == true ? "Plugged in" : "Unknown"
        }
    }

    /// "3 h 10 min", "45 min", "< 1 min": a duration as people say it, rounded to the minute.
    static func duration(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "–" }
        let minutes = Int((max(0, seconds) / 60).rounded())
        if minutes < 1 { return "< 1 min" }
        if minutes < 60 { return "\(minutes) min" }
        let h = min(minutes / 60, 999), m = minutes % 60
        return m == 0 ? "\(h) h" : "\(h) h \(m) min"
    }

    /// "3 h 10 min left", "1 h to full", or nil when no time is known.
    static func remaining(_ state: BatteryState, at date: Date) -> String? {
        if let empty = state.emptyAt { return duration(empty.timeIntervalSince(date)) + " left" }
        if let full = state.fullAt { return duration(full.timeIntervalSince(date)) + " to full" }
        return nil
    }

    /// "empty at 14:20", "full at 11:05" in `zone`.
    static func moment(_ state: BatteryState, zone: TimeZone) -> String? {
        if let empty = state.emptyAt { return "empty at \(Feeds.clock(empty, in: zone))" }
        if let full = state.fullAt { return "full at \(Feeds.clock(full, in: zone))" }
        return nil
    }

    /// "12.9 W".
    static func watts(_ w: Double) -> String { SystemStats.decimal(w, places: w >= 100 ? 0 : 1) + " W" }

    /// "72%" or "–%".
    static func percent(_ level: Double?) -> String { level.map(DateWords.percent) ?? "–%" }
}

// MARK: - Views

/// The battery widget's view, laid out anew for each family.
struct BatteryView: View {
    let entry: BatteryEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            FeedProblemView(title: "Battery", message: reason)
        case .noBattery:
            NoBatteryView(family: family)
        case .battery(let state):
            switch family {
            case .accessoryInline: inline(state)
            case .accessoryCircular: BatteryCircular(state: state)
            case .accessoryRectangular: BatteryRectangular(state: state, date: entry.date)
            case .systemSmall: BatterySmall(state: state, date: entry.date, zone: timeZone)
            case .systemMedium: BatteryMedium(state: state, date: entry.date, zone: timeZone)
            default: BatteryLarge(state: state, date: entry.date, zone: timeZone)
            }
        }
    }

    private func inline(_ state: BatteryState) -> some View {
        let parts = [BatteryWords.percent(state.level), BatteryWords.remaining(state, at: entry.date) ?? BatteryWords.status(state)]
        return HStack(spacing: 1) {
            Image(systemName: BatteryWords.symbol(state.level, charging: state.status == .charging))
            Text(parts.joined(separator: " · "))
        }
    }
}

/// The level in big digits with a percent sign: "72 %".
struct BigPercent: View {
    let level: Double?

    var body: some View {
        let whole = level.map { Int((min(1, max(0, $0)) * 100).rounded()) }
        HStack(alignment: .bottom, spacing: 0) {
            Text(whole.map(String.init) ?? "–").font(.largeTitle).bold()
            Text("%").bold()
        }
    }
}

/// A bar of the level, tinted by level and status.
struct BatteryBar: View {
    let state: BatteryState
    var body: some View {
        ProgressView(value: state.level ?? 0).tint(BatteryWords.color(state.level, status: state.status))
    }
}

/// A status line with its symbol: "ϟ Charging", "▮ On battery".
struct BatteryStatusLabel: View {
    let state: BatteryState
    var body: some View {
        Label(BatteryWords.status(state), systemImage: BatteryWords.symbol(state.level, charging: state.status == .charging))
            .foregroundStyle(state.status == .charging ? AnyShapeStyle(.green) : AnyShapeStyle(.secondary))
    }
}

/// Small: the level in big digits, a bar, the status and the time left.
struct BatterySmall: View {
    let state: BatteryState
    let date: Date
    let zone: TimeZone

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            BatteryStatusLabel(state: state)
            Spacer(minLength: 0)
            BigPercent(level: state.level)
            BatteryBar(state: state)
            Spacer(minLength: 0)
            Text(BatteryWords.remaining(state, at: date) ?? (state.watts.map { BatteryWords.watts($0) } ?? " ")).lineLimit(1)
            Text(BatteryWords.moment(state, zone: zone) ?? batteriesLine).foregroundStyle(.secondary).lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    private var batteriesLine: String {
        state.batteries.count > 1 ? "\(state.batteries.count) batteries" : state.batteries.first?.name ?? " "
    }
}

/// Medium: the status and time left on top, the big level and bar beside the details.
struct BatteryMedium: View {
    let state: BatteryState
    let date: Date
    let zone: TimeZone

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                BatteryStatusLabel(state: state).layoutPriority(1)
                Spacer(minLength: 1)
                Text(BatteryWords.remaining(state, at: date) ?? " ").bold().lineLimit(1)
            }
            Spacer(minLength: 0)
            HStack(alignment: .top, spacing: 3) {
                VStack(alignment: .leading, spacing: 0) {
                    BigPercent(level: state.level)
                    BatteryBar(state: state)
                }
                .frame(width: 16, alignment: .leading)
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(Array(BatteryFacts.rows(state, zone: zone).prefix(4).enumerated()), id: \.offset) { _, row in
                        BatteryDetailRow(title: row.0, value: row.1)
                    }
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
            Spacer(minLength: 0)
            if state.batteries.count > 1 {
                Text(state.batteries.prefix(3).map { "\($0.name) \(BatteryWords.percent($0.level))" }.joined(separator: " · "))
                    .foregroundStyle(.secondary).lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The detail rows the medium and large families list: when, power, mains, health.
enum BatteryFacts {
    static func rows(_ state: BatteryState, zone: TimeZone) -> [(String, String)] {
        var rows: [(String, String)] = []
        if let empty = state.emptyAt { rows.append(("Empty", "at \(Feeds.clock(empty, in: zone))")) }
        if let full = state.fullAt { rows.append(("Full", "at \(Feeds.clock(full, in: zone))")) }
        if let w = state.watts, w > 0 {
            rows.append(("Power", BatteryWords.watts(w) + (state.status == .charging ? " in" : state.status == .discharging ? " drawn" : "")))
        }
        if let external = state.externalPower { rows.append(("Mains", external ? "connected" : "unplugged")) }
        if state.batteries.count == 1, let b = state.batteries.first {
            var health: [String] = []
            if let h = b.health { health.append(DateWords.percent(h)) }
            if let c = b.cycleCount, c > 0 { health.append("\(c) cycles") }
            if !health.isEmpty { rows.append(("Health", health.joined(separator: " · "))) }
        }
        return rows
    }
}

/// "Power  13.0 W drawn": a dim title and a value.
struct BatteryDetailRow: View {
    let title: String
    let value: String

    var body: some View {
        HStack(spacing: 1) {
            Text(title).foregroundStyle(.secondary).lineLimit(1).frame(width: 6, alignment: .leading)
            Text(value).lineLimit(1)
        }
    }
}

/// Large: the summary and details, then a section per battery with its own bar and health.
struct BatteryLarge: View {
    let state: BatteryState
    let date: Date
    let zone: TimeZone

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                BatteryStatusLabel(state: state).bold()
                Spacer(minLength: 1)
                Text(BatteryWords.remaining(state, at: date) ?? " ").bold().lineLimit(1)
            }
            Text(" ")
            HStack(alignment: .top, spacing: 3) {
                BigPercent(level: state.level)
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(Array(BatteryFacts.rows(state, zone: zone).filter { $0.0 != "Health" }.prefix(3).enumerated()), id: \.offset) { _, row in
                        BatteryDetailRow(title: row.0, value: row.1)
                    }
                }
                Spacer(minLength: 0)
            }
            BatteryBar(state: state)
            Text(" ")
            if let rate = state.dischargeRate, let level = state.level {
                Text("Projection").foregroundStyle(.secondary)
                ForEach(Array(Self.projection(level: level, rate: rate, from: date).enumerated()), id: \.offset) { _, step in
                    HStack(spacing: 1) {
                        Text(Feeds.clock(step.0, in: zone)).foregroundStyle(.secondary)
                        ProgressView(value: step.1).tint(BatteryWords.color(step.1, status: .discharging))
                        Text(DateWords.percent(step.1)).frame(width: 4, alignment: .trailing)
                    }
                }
                Text(" ")
            }
            Divider()
            ForEach(Array(state.batteries.prefix(3).enumerated()), id: \.offset) { _, battery in
                Self.section(battery, status: state.status)
            }
            Spacer(minLength: 0)
            if let problem = state.problems.first {
                Label(problem, systemImage: "exclamationmark.triangle").foregroundStyle(.orange).lineLimit(1)
            } else if state.isPredicted {
                Text("predicted from the last reading").foregroundStyle(.tertiary).lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    /// The level every hour from the next whole hour while some charge is left, at most four.
    static func projection(level: Double, rate: Double, from date: Date) -> [(Date, Double)] {
        guard rate > 0 else { return [] }
        let hour = (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        return (1...4).compactMap { k -> (Date, Double)? in
            let at = Date(timeIntervalSince1970: hour + Double(k) * 3600)
            let left = level - rate * at.timeIntervalSince(date)
            return left > 0 ? (at, left) : nil
        }
    }

    private static func section(_ battery: PowerSupply, status: PowerSupply.Status) -> some View {
        let maker = [battery.manufacturer, battery.model, battery.technology].compactMap { $0 }.joined(separator: " ")
        var facts: [String] = []
        if let health = battery.health { facts.append("health \(DateWords.percent(health))") }
        if let cycles = battery.cycleCount, cycles > 0 { facts.append("\(cycles) cycles") }
        if let e = battery.energy {
            let design = e.design.map { " of " + SystemStats.decimal($0 / 1e6, places: 1) } ?? ""
            facts.append(SystemStats.decimal(e.full / 1e6, places: 1) + design + " Wh")
        }
        let own = battery.status ?? status
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(battery.name).bold().layoutPriority(1)
                Text(maker).foregroundStyle(.secondary).lineLimit(1)
                Spacer(minLength: 1)
                Text(BatteryWords.percent(battery.level)).layoutPriority(1)
            }
            ProgressView(value: battery.level ?? 0).tint(BatteryWords.color(battery.level, status: own))
            Text(facts.isEmpty ? own.rawValue : facts.joined(separator: " · ")).foregroundStyle(.secondary).lineLimit(1)
            Text(" ")
        }
    }
}

/// Circular: a ring of the level with the percentage inside.
struct BatteryCircular: View {
    let state: BatteryState

    var body: some View {
        let whole = state.level.map { String(Int((min(1, max(0, $0)) * 100).rounded())) } ?? "–"
        Gauge(value: state.level ?? 0) {
            EmptyView()
        } currentValueLabel: {
            Text(state.status == .charging ? "ϟ\(whole)%" : "\(whole)%")
        }
        .gaugeStyle(.accessoryCircularCapacity)
        .tint(BatteryWords.color(state.level, status: state.status))
    }
}

/// Rectangular: the level and status, a bar, the time left.
struct BatteryRectangular: View {
    let state: BatteryState
    let date: Date

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(BatteryWords.percent(state.level)).bold().layoutPriority(1)
                Text(BatteryWords.status(state)).foregroundStyle(.secondary).lineLimit(1)
                Spacer(minLength: 0)
            }
            BatteryBar(state: state)
            Text(BatteryWords.remaining(state, at: date) ?? (state.watts.map { BatteryWords.watts($0) } ?? " ")).foregroundStyle(.secondary).lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// No battery: a deliberate, calm state rather than an error (desktops, servers, VMs and CI).
struct NoBatteryView: View {
    let family: WidgetFamily

    /// An empty battery outline, drawn with box characters.
    static let outline = "╭────────╮\n│  none  ╞\n╰────────╯"

    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "power")
                Text("On mains power · no battery")
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                Image(systemName: "power").foregroundStyle(.green)
                Text("AC")
                Text("no bat").foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Label("On mains power", systemImage: "power").bold()
                Text("No battery: runs on external power").foregroundStyle(.secondary).lineLimit(2)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                Label("On mains power", systemImage: "power").bold().foregroundStyle(.green)
                Spacer(minLength: 0)
                HStack(spacing: 3) {
                    Text(Self.outline).lineLimit(nil).foregroundStyle(.tertiary)
                    VStack(alignment: .leading, spacing: 0) {
                        Text("No battery").bold()
                        Text("This machine runs on external").foregroundStyle(.secondary)
                        Text("power: nothing to drain.").foregroundStyle(.secondary)
                    }
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        default:
            VStack(spacing: 0) {
                Label("On mains power", systemImage: "power").bold().foregroundStyle(.green)
                    .frame(maxWidth: .infinity, alignment: .leading)
                Spacer(minLength: 0)
                VStack(spacing: 0) {
                    Text(Self.outline).lineLimit(nil).foregroundStyle(.tertiary)
                    Text("No battery").bold()
                    Text("runs on external power").foregroundStyle(.secondary).multilineTextAlignment(.center)
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity)
        }
    }
}

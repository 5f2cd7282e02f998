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
        .layoutUnit(.cells)
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

import Foundation
import WidgetDash

/// The battery widget's view, laid out anew for each family.
struct BatteryView: View {
    let entry: BatteryEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SourceMessageView(problem: "Battery", reason)
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
        HStack(alignment: .bottom, spacing: 0) {
            Text(level.map(DateWords.wholePercent) ?? "–").font(.largeTitle).bold()
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
            BatteryHeader(state: state, date: date) { BatteryStatusLabel(state: state).layoutPriority(1) }
            Spacer(minLength: 0)
            HStack(alignment: .top, spacing: 3) {
                VStack(alignment: .leading, spacing: 0) {
                    BigPercent(level: state.level)
                    BatteryBar(state: state)
                }
                .frame(width: 16, alignment: .leading)
                BatteryFactList(rows: BatteryFacts.rows(state, zone: zone).prefix(4))
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

/// The status, then the time left on the right: how the medium and large families open. Each
/// weights the status its own way (the medium keeps it whole, the large makes it bold).
struct BatteryHeader<Status: View>: View {
    let state: BatteryState
    let date: Date
    let status: Status

    init(state: BatteryState, date: Date, @ViewBuilder status: () -> Status) {
        self.state = state
        self.date = date
        self.status = status()
    }

    var body: some View {
        HStack(spacing: 1) {
            status
            Spacer(minLength: 1)
            Text(BatteryWords.remaining(state, at: date) ?? " ").bold().lineLimit(1)
        }
    }
}

/// Detail rows one under another, as the medium and large families list them.
struct BatteryFactList: View {
    let rows: ArraySlice<(String, String)>

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(rows.enumerated()), id: \.offset) { _, row in
                BatteryDetailRow(title: row.0, value: row.1)
            }
        }
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
            BatteryHeader(state: state, date: date) { BatteryStatusLabel(state: state).bold() }
            Text(" ")
            HStack(alignment: .top, spacing: 3) {
                BigPercent(level: state.level)
                BatteryFactList(rows: BatteryFacts.rows(state, zone: zone).filter { $0.0 != "Health" }.prefix(3))
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
        let percent = BatteryWords.percent(state.level)
        CapacityRing(fraction: state.level ?? 0, label: Text(state.status == .charging ? "ϟ" + percent : percent))
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

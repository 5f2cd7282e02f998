import Foundation
import WidgetDash

/// The inspector (`i`): a full-screen table with one row per widget on screen, showing what
/// the scheduler knows about it.
///
/// The screen is a pure function of its rows, so tests read it as text. The dashboard rebuilds
/// the rows whenever it redraws, and redraws whenever an answer, an entry or a deadline comes,
/// which is what makes the table live without a timer of its own.
public enum InspectorScreen {
    /// Esc and i close the inspector; other keys go on to the dashboard (`r` reloads, time
    /// travel, quitting).
    public static func handle(_ key: Key) -> ScreenEffect? {
        key == .escape || key == .character("i") ? .close : nil
    }

    /// One widget's line.
    public struct Row: Sendable, Equatable {
        public var widget: String
        public var policy: String
        public var entry: String
        public var nextReload: String
        public var budget: String
        public var lastReload: String
        public var problem: String
        public var focused: Bool
    }

    /// The table's columns: title and width (the last takes what is left).
    static let columns: [(String, Int)] = [
        ("WIDGET", 23), ("POLICY", 16), ("ENTRY", 17), ("NEXT RELOAD", 25), ("BUDGET 24H", 17), ("LAST RELOAD", 27), ("ERROR / WARNING", 0),
    ]

    /// The row for one instance.
    public static func row(for instance: WidgetInstance, info: TimelineScheduler.Info?, now: Date, calendar: Calendar, focused: Bool = false) -> Row {
        func time(_ date: Date) -> String { format(date, now: now, calendar: calendar) }
        let policy: String = switch instance.policy {
        case _ where instance.timelineDate == nil: "—"
        case .atEnd: "atEnd"
        case .never: "never"
        case .after(let d): "after " + time(d)
        }
        var entry = "placeholder"
        if let i = instance.currentIndex, i < instance.entries.count {
            entry = "\(i + 1)/\(instance.entries.count) " + time(instance.entries[i].date)
        }
        var next = "—"
        if let info {
            if let request = info.inFlight {
                next = "in flight (\(request.reason.rawValue)) " + String(format: "%.0fs", max(0, now.timeIntervalSince(request.started)))
            } else if info.deferral == .locked {
                next = "deferred: until unlock"
            } else if info.deferral == .budget {
                next = "deferred: budget, " + (info.nextReload.map(time) ?? "never")
            } else if let date = info.nextReload {
                next = "\(time(date)) \(info.nextReloadReason?.rawValue ?? "policy")"
            }
        }
        var budget = "—"
        if let info {
            budget = info.budgetLimit == .max ? "\(info.budgetSpent) spent, ∞" : "\(info.budgetSpent) spent, \(info.budgetLeft) left"
        }
        var last = "—"
        if let l = instance.lastReload {
            last = "\(l.reason.rawValue) " + String(format: "%.2fs", l.seconds) + " " + time(l.at)
        }
        let problem = [instance.lastError.map { "⚠ " + $0 }, instance.warning].compactMap { $0 }.joined(separator: "; ")
        return Row(
            widget: "\(instance.description.kind)@\(instance.family.shortName)", policy: policy, entry: entry,
            nextReload: next, budget: budget, lastReload: last, problem: problem, focused: focused
        )
    }

    /// The row for one Live Activity: its state where a widget has its policy, its version and
    /// last update where a widget has its entry, its next change of state where a widget has its
    /// next reload, and its relevance where a widget has its budget.
    public static func row(for record: ActivityRecord, now: Date, calendar: Calendar, problem: String? = nil) -> Row {
        func time(_ date: Date) -> String { format(date, now: now, calendar: calendar) }
        let state = ActivityRules.state(of: record, at: now)
        var next = "—"
        if let date = ActivityRules.nextChange(of: record, after: now) {
            next = "\(ActivityRules.state(of: record, at: date).rawValue) \(time(date))"
        }
        // As JSON writes numbers: whole scores without ".0", and any other as Swift spells it
        // (`--relevance 1e300`, where `Int(_:)` trapped).
        let relevance = JSONValue.number(record.relevanceScore).displayText
        return Row(
            widget: "activity \(record.activityType) \(record.id.prefix(4))", policy: state.rawValue,
            entry: "v\(record.version) " + time(record.alertDate ?? record.requested), nextReload: next,
            budget: "relevance \(relevance)", lastReload: "started " + time(record.startDate),
            problem: problem.map { "⚠ " + $0 } ?? "", focused: false
        )
    }

    /// Draws the inspector over the whole of `screen` but its last row (the status line).
    public static func draw(_ rows: [Row], title: String, into screen: inout Canvas, palette: Palette) {
        let height = max(0, screen.height - 1)
        guard height >= 3, screen.width >= 20 else { return }
        let rect = CellRect(x: 0, y: 0, width: screen.width, height: height)
        let body = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: body)
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder), title: title,
                       titleStyle: CellStyle(foreground: palette.focusedBorder, attributes: .bold))
        let inner = rect.inset(by: 1)
        let header = CellStyle(foreground: palette.secondary, background: palette.widgetBackground, attributes: .bold)
        let focusedStyle = CellStyle(foreground: palette.focusedBorder, background: palette.widgetBackground, attributes: .bold)
        let problemStyle = CellStyle(foreground: palette.red, background: palette.widgetBackground)
        screen.withClip(inner) { s in
            writeRow(columns.map(\.0), y: inner.y + 1, in: inner, canvas: &s, style: header, lastStyle: header)
            for (i, row) in rows.enumerated() {
                let y = inner.y + 2 + i
                guard y < inner.maxY - 1 else { break }
                let cells = [row.widget, row.policy, row.entry, row.nextReload, row.budget, row.lastReload, row.problem]
                writeRow(cells, y: y, in: inner, canvas: &s, style: row.focused ? focusedStyle : body, lastStyle: problemStyle, marker: row.focused)
            }
            if rows.isEmpty { s.write("No widget on this page.", x: inner.x + 1, y: inner.y + 2, style: body) }
            let hint = "Live: updates as reloads, entries and deadlines happen.   Esc or i closes."
            s.write(hint, x: inner.x + 1, y: inner.maxY - 1, style: CellStyle(foreground: palette.secondary, background: palette.widgetBackground))
        }
    }

    private static func writeRow(_ cells: [String], y: Int, in rect: CellRect, canvas: inout Canvas, style: CellStyle, lastStyle: CellStyle, marker: Bool = false) {
        var x = rect.x + 1
        if marker { canvas.write("▶", x: rect.x, y: y, style: style) }
        for (i, text) in cells.enumerated() {
            let width = columns[i].1 == 0 ? max(0, rect.maxX - x) : columns[i].1
            guard width > 0, x < rect.maxX else { break }
            let shown = TextWidth.truncate(text, toWidth: width - (columns[i].1 == 0 ? 0 : 1))
            canvas.write(shown, x: x, y: y, style: i == cells.count - 1 ? lastStyle : style)
            x += width
        }
    }

    /// "08:15:30" today, "23 Nov 08:15" on another day.
    static func format(_ date: Date, now: Date, calendar: Calendar) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let hms = pad(c.hour) + ":" + pad(c.minute) + ":" + pad(c.second)
        if calendar.isDate(date, inSameDayAs: now) { return hms }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months[max(0, min(11, (c.month ?? 1) - 1))]
        return "\(c.day ?? 1) \(month) " + pad(c.hour) + ":" + pad(c.minute)
    }

    private static func pad(_ v: Int?) -> String { let v = v ?? 0; return v < 10 ? "0\(v)" : String(v) }
}

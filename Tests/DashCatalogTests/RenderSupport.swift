import DashCatalog
import Foundation
import WidgetDash

/// Renders catalog views the way the host does, at the sample moment in UTC.
enum Render {
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0)!

    /// The environment of a widget in `family`, with the calendar and zone fixed to UTC.
    static func environment(_ family: WidgetFamily, mode: WidgetRenderingMode = .fullColor) -> EnvironmentValues {
        var env = EnvironmentValues()
        env.widgetFamily = family
        env.timeZone = utc
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        env.calendar = calendar
        env.widgetRenderingMode = mode
        return env
    }

    /// The lines of `view` drawn into the content size of `family`.
    static func lines<V: View>(_ view: V, _ family: WidgetFamily, now: Date = SampleData.date) -> [String] {
        ViewRenderer.render(view, size: family.contentSize, environment: environment(family), now: now).canvas.lines
    }

    /// The widget's own view for `entry`, through its description, as the host builds it.
    static func lines(kind: String, entry: any TimelineEntry, _ family: WidgetFamily, now: Date = SampleData.date) -> [String] {
        guard let description = BuiltinWidgets().widgetDescriptions.first(where: { $0.kind == kind }) else { return [] }
        return lines(description.content(entry), family, now: now)
    }

    /// The lines framed for reading in a test log.
    static func framed(_ lines: [String]) -> String {
        let width = lines.first.map { $0.count } ?? 0
        let bar = String(repeating: "─", count: width)
        return (["┌" + bar + "┐"] + lines.map { "│" + $0 + "│" } + ["└" + bar + "┘"]).joined(separator: "\n")
    }
}

/// A fixed moment for providers under test.
struct FixedClock: Sendable {
    let date: Date
    var now: @Sendable () -> Date { { [date] in date } }
}

import Foundation
import WidgetDash

/// A widget's value past its threshold, as a Live Activity: the host starts it when the value
/// crosses (`alert = "activity"` in the widget's table), updates it while it stays past and
/// ends it when the value recovers.
///
/// `widgetdash activity start alert --attributes '{"widget":"cpu"}' --state '{"value":97,"level":"critical"}'`
public struct AlertAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable, Sendable {
        public var value: Double
        /// "warning" or "critical".
        public var level: String

        public init(value: Double, level: String) {
            self.value = value
            self.level = level
        }
    }

    /// The widget's name in the config.
    public var widget: String

    public init(widget: String) { self.widget = widget }
}

/// Starts, updates and ends the alert activity of a widget (one per widget).
public enum AlertActivityControl {
    /// Shows `value` at `level` in the widget's activity, starting it when it has none, with
    /// an alert (the island opens) when the level changed.
    public static func show(widget: String, value: Double, level: String) async {
        let state = AlertAttributes.ContentState(value: value, level: level)
        if let activity = Activity<AlertAttributes>.activities.first(where: { $0.attributes.widget == widget }) {
            let alert = activity.content.state.level == level ? nil
                : AlertConfiguration(title: "\(widget) \(level)", body: AlertCard.valueText(value))
            await activity.update(ActivityContent(state: state, staleDate: nil, relevanceScore: level == "critical" ? 100 : 50),
                                  alertConfiguration: alert)
        } else {
            _ = try? Activity.request(attributes: AlertAttributes(widget: widget),
                                      content: ActivityContent(state: state, staleDate: nil, relevanceScore: level == "critical" ? 100 : 50))
        }
    }

    /// Ends the widget's activity: its value is back within bounds.
    public static func end(widget: String, value: Double?) async {
        for activity in Activity<AlertAttributes>.activities where activity.attributes.widget == widget {
            await activity.end(value.map { ActivityContent(state: AlertAttributes.ContentState(value: $0, level: "normal"), staleDate: nil) },
                               dismissalPolicy: .immediate)
        }
    }
}

/// The alert's views: the lock screen card and the Dynamic Island, tinted by its level.
public struct AlertLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: AlertAttributes.self) { context in
            AlertCard(attributes: context.attributes, state: context.state)
        } dynamicIsland: { context in
            let tint = AlertCard.tint(context.state.level)
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Text("⚠ " + context.attributes.widget).bold().lineLimit(1)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(AlertCard.valueText(context.state.value)).bold().foregroundStyle(tint)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.level).foregroundStyle(tint)
                }
            } compactLeading: {
                Text("⚠ " + context.attributes.widget).foregroundStyle(tint).lineLimit(1)
            } compactTrailing: {
                Text(AlertCard.valueText(context.state.value)).foregroundStyle(tint)
            } minimal: {
                Text("⚠").foregroundStyle(tint)
            }
            .keylineTint(tint)
        }
        .configurationDisplayName("Alert")
        .description("A widget past its threshold (alert = \"activity\"). attributes {\"widget\": String}; state {\"value\": Number, \"level\": \"warning\" or \"critical\"}")
        .activityBackgroundTint(nil)
        .previewContext(AlertAttributes(widget: "cpu"), state: .init(value: 97, level: "critical"))
    }
}

/// The alert on the lock screen: the widget, its value and level.
struct AlertCard: View {
    let attributes: AlertAttributes
    let state: AlertAttributes.ContentState

    var body: some View {
        HStack(spacing: 2) {
            Text("⚠ " + attributes.widget).bold().lineLimit(1)
            Spacer(minLength: 0)
            Text(Self.valueText(state.value)).bold().foregroundStyle(Self.tint(state.level))
            Text(state.level).foregroundStyle(Self.tint(state.level))
        }
    }

    static func tint(_ level: String) -> Color { level == "critical" ? .red : .orange }

    static func valueText(_ value: Double) -> String { formatNumber(value) }
}

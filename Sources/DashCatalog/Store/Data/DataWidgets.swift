import Foundation
import WidgetDash

/// Widgets whose content is a value in the shared store, named by the placement's parameters:
/// `text`, `gauge`, `list`, `sparkline` and `stat`. No Swift needed to use them:
///
/// ```sh
/// widgetdash --widget gauge@small:key=cpu.temp,max=100,title=CPU &
/// widgetdash set cpu.temp 71      # the gauge moves within a second
/// ```
///
/// Parameters: `key` (the `KIND.KEY` to show), `title` (the panel's title, applied by the host),
/// `timeline` (the name of a pushed timeline to follow; default the widget's kind), and per
/// kind: gauge `min`, `max` (0–100), `unit`, `label`; stat `label`, `unit`, `delta` (a key
/// whose number is shown as the change); sparkline `unit`. A pushed timeline
/// (`widgetdash push KIND`) takes precedence over the key while it has entries; its values are
/// shown as the key's would be.
///
/// The provider reads only through ``WidgetSharedStore``; its policy is `.never`, because the
/// dashboard reloads a data widget when a script writes one of its keys.
enum DataWidgetKind: String, CaseIterable, Sendable {
    case text, gauge, list, sparkline, stat

    var displayName: String {
        switch self {
        case .text: "Text"
        case .gauge: "Gauge"
        case .list: "List"
        case .sparkline: "Sparkline"
        case .stat: "Stat"
        }
    }

    var summary: String {
        switch self {
        case .text: "Text from the shared store (key=KIND.KEY)."
        case .gauge: "A number from the shared store on a bar or ring (key, min, max, unit)."
        case .list: "An array or object from the shared store, one item a line."
        case .sparkline: "An array of numbers from the shared store as a sparkline."
        case .stat: "A big number with a label and a change (key, label, unit, delta)."
        }
    }

    var families: [WidgetFamily] {
        switch self {
        case .gauge: [.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline]
        case .stat: [.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline]
        default: [.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline]
        }
    }
}

/// One moment of a data widget: the value shown and where it came from.
public struct DataEntry: TimelineEntry {
    public let date: Date
    /// The value, sanitised; nil when the key is not set.
    public let value: JSONValue?
    /// The value of the `delta` key, for `stat`.
    public let delta: Double?
    /// The key read (for the hint shown while it is empty).
    public let key: String?
    public let parameters: [String: String]
    public let relevance: TimelineEntryRelevance?
}

/// Reads a data widget's key, or the timeline pushed for it.
struct DataProvider: TimelineProvider {
    let kind: DataWidgetKind
    var store: WidgetSharedStore = .shared

    func placeholder(in context: Context) -> DataEntry {
        DataEntry(date: context.date, value: Self.sample(kind), delta: 3, key: context.parameters["key"],
                  parameters: context.parameters, relevance: nil)
    }

    func snapshot(in context: Context) async -> DataEntry {
        if !context.isPreview, let real = try? await timeline(in: context).entries.first { return real }
        return placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<DataEntry> {
        let p = context.parameters
        let key = p["key"]
        let delta = try p["delta"].flatMap { try store.value(forKey: $0)?.doubleValue }
        if let pushed = try store.timeline(named: p["timeline"] ?? kind.rawValue), !pushed.entries.isEmpty {
            let entries = pushed.entries.map {
                DataEntry(date: $0.date, value: $0.value, delta: delta, key: key, parameters: p, relevance: $0.relevance)
            }
            return Timeline(entries: entries, policy: Self.policy(for: pushed, now: context.date))
        }
        let value = try key.flatMap { try store.value(forKey: $0) }
        return Timeline(entries: [DataEntry(date: context.date, value: value, delta: delta, key: key, parameters: p, relevance: nil)],
                        policy: .never)
    }

    /// A pushed timeline's policy, except that one already over becomes `.never`: asking
    /// again would only read the same entries (until the next push, which reloads anyway).
    static func policy(for pushed: SharedTimeline, now: Date) -> TimelineReloadPolicy {
        switch pushed.policy {
        case .atEnd where (pushed.entries.last?.date ?? now) <= now: .never
        case .after(let date) where date <= now: .never
        default: pushed.policy
        }
    }

    static func sample(_ kind: DataWidgetKind) -> JSONValue {
        switch kind {
        case .text: .string("Build passed on main")
        case .gauge: .number(71)
        case .list: .array([.string("deploy api"), .string("review #42"), .string("lunch")])
        case .sparkline: .array([3, 5, 4, 8, 6, 9, 7, 11].map { .number($0) })
        case .stat: .number(1284)
        }
    }
}

/// Makes the configuration of a data widget kind.
private func dataConfiguration(_ kind: DataWidgetKind) -> some WidgetConfiguration {
    StaticConfiguration(kind: kind.rawValue, provider: DataProvider(kind: kind)) { entry in
        DataWidgetView(kind: kind, entry: entry)
    }
    .configurationDisplayName(kind.displayName)
    .description(kind.summary)
    .supportedFamilies(kind.families)
    .layoutUnit(.cells)
    .parameters(kind.parameters)
}

extension DataWidgetKind {
    /// The parameters each kind reads, declared so `--widget` and the config file are checked.
    var parameters: [WidgetParameter] {
        // `key` is not required: without it the widget says how to set one, which is friendlier
        // for a widget just added from the gallery than a refused placement.
        var list: [WidgetParameter] = [
            .text("key", title: "Store key (KIND.KEY)"),
            .text("title", title: "Panel title"),
            .text("timeline", title: "Pushed timeline to follow (default: the kind)"),
        ]
        switch self {
        case .gauge:
            list += [.number("min", title: "Minimum", default: "0"), .number("max", title: "Maximum", default: "100"),
                     .text("unit", title: "Unit"), .text("label", title: "Label")]
        case .stat:
            list += [.text("label", title: "Label"), .text("unit", title: "Unit"), .text("delta", title: "Store key of the change")]
        case .sparkline:
            list += [.text("unit", title: "Unit")]
        case .text, .list:
            break
        }
        return list
    }
}

/// `text`: a string from the store.
public struct TextDataWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration { dataConfiguration(.text) }
}

/// `gauge`: a number from the store on a bar (a ring in `accessoryCircular`).
public struct GaugeDataWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration { dataConfiguration(.gauge) }
}

/// `list`: an array (or object) from the store, one item a line.
public struct ListDataWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration { dataConfiguration(.list) }
}

/// `sparkline`: an array of numbers from the store as a line of bars.
public struct SparklineDataWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration { dataConfiguration(.sparkline) }
}

/// `stat`: a big number with a label and a change.
public struct StatDataWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration { dataConfiguration(.stat) }
}

import Foundation
import WidgetDash

/// The notes widget: the text a script or a person set with `widgetdash set notes.text "…"`.
///
/// Its policy is `.never`, as WidgetKit recommends for content that changes on discrete
/// events: it reloads only when someone writes `notes.*` (the dashboard hears the write) or
/// asks (`widgetdash reload notes`, `r`). A `key` parameter shows another key instead.
public struct NotesWidget: Widget {
    public static let kind = "notes"
    public static let defaultKey = "notes.text"
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: NotesProvider()) { entry in
            NotesView(entry: entry)
        }
        .configurationDisplayName("Notes")
        .description("Text you set from the shell: widgetdash set notes.text \"…\"")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([.text("key", title: "Store key", default: Self.defaultKey), .text("title", title: "Panel title")])
    }
}

/// The note at one moment; nil text when none is set.
public struct NotesEntry: TimelineEntry {
    public let date: Date
    public let text: String?
    public let key: String
}

struct NotesProvider: TimelineProvider {
    var store: WidgetSharedStore = .shared

    func placeholder(in context: Context) -> NotesEntry {
        NotesEntry(date: context.date, text: "Buy milk\nCall the plumber", key: NotesWidget.defaultKey)
    }

    func snapshot(in context: Context) async -> NotesEntry {
        if context.isPreview { return placeholder(in: context) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<NotesEntry> {
        let key = context.parameters["key"] ?? NotesWidget.defaultKey
        if let pushed = try store.timeline(named: NotesWidget.kind), !pushed.entries.isEmpty {
            let entries = pushed.entries.map { NotesEntry(date: $0.date, text: $0.value.displayText, key: key) }
            return Timeline(entries: entries, policy: DataProvider.policy(for: pushed, now: context.date))
        }
        let text = try store.value(forKey: key)?.displayText
        return Timeline(entries: [NotesEntry(date: context.date, text: text, key: key)], policy: .never)
    }
}

struct NotesView: View {
    let entry: NotesEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if family == .accessoryInline {
            Text(entry.text?.replacingOccurrences(of: "\n", with: " ") ?? "No notes")
        } else {
            VStack(alignment: .leading, spacing: 0) {
                if let text = entry.text {
                    Text(text)
                } else {
                    Text("No notes yet.").foregroundStyle(Color.secondary)
                    Text("widgetdash set \(entry.key) \"…\"").foregroundStyle(Color.secondary)
                }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

import Foundation
import WidgetDash

/// One item of the checklist.
public struct TodoItem: Codable, Hashable, Sendable, Identifiable {
    public var id: Int
    public var text: String
    public var done: Bool
    /// When it is due, if it has a date (lists stored before due dates decode with none).
    public var due: Date?
    public init(id: Int, text: String, done: Bool = false, due: Date? = nil) {
        self.id = id
        self.text = text
        self.done = done
        self.due = due
    }
}

/// The checklist, kept in the shared defaults (the CLI's `widgetdash todo add` writes it too).
public enum TodoStore {
    static let defaults = WidgetSharedDefaults(suiteName: "todo")

    /// The items in the order they were added.
    public static var items: [TodoItem] { defaults.decoded([TodoItem].self, forKey: "items") ?? [] }

    /// Adds an item (text sanitised, at most 200 characters) and returns it.
    @discardableResult
    public static func add(_ text: String, due: Date? = nil) -> TodoItem? {
        let clean = String(TextSanitizer.sanitize(text, keepNewlines: false).prefix(200))
        guard !clean.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        var added: TodoItem?
        change { items in
            let item = TodoItem(id: (items.map(\.id).max() ?? 0) + 1, text: clean, due: due)
            items.append(item)
            added = item
        }
        return added
    }

    /// Marks an item done or not.
    public static func setDone(_ id: Int, _ done: Bool) {
        change { items in
            if let i = items.firstIndex(where: { $0.id == id }) { items[i].done = done }
        }
    }

    /// Removes the items that are done.
    public static func clearDone() { change { $0.removeAll { $0.done } } }

    /// Reads, changes and writes the list in one atomic step.
    static func change(_ body: (inout [TodoItem]) -> Void) {
        defaults.modify { values in
            var items: [TodoItem] = []
            if case .string(let text) = values["items"] {
                items = (try? JSONDecoder().decode([TodoItem].self, from: Data(text.utf8))) ?? []
            }
            body(&items)
            if let data = try? JSONEncoder().encode(items) { values["items"] = .string(String(decoding: data, as: UTF8.self)) }
        }
    }
}

/// Checks or unchecks an item: a toggle's intent, given the new value.
public struct ToggleTodoIntent: SetValueIntent {
    public static let title = "Check item"
    public var id: Int
    public var value: Bool
    public init(id: Int, value: Bool = true) {
        self.id = id
        self.value = value
    }
    public func perform() async throws { TodoStore.setDone(id, value) }
}

/// Removes the checked items.
public struct ClearDoneTodosIntent: AppIntent {
    public static let title = "Clear done"
    public init() {}
    public func perform() async throws { TodoStore.clearDone() }
}

public struct TodoEntry: TimelineEntry {
    public let date: Date
    public var items: [TodoItem]
    public init(date: Date, items: [TodoItem]) {
        self.date = date
        self.items = items
    }

    static let sample = [TodoItem(id: 1, text: "Milk", done: true), TodoItem(id: 2, text: "Call Sam"), TodoItem(id: 3, text: "Water the plants")]
}

struct TodoProvider: TimelineProvider {
    func placeholder(in context: Context) -> TodoEntry { TodoEntry(date: context.date, items: TodoEntry.sample) }
    func snapshot(in context: Context) async -> TodoEntry {
        TodoEntry(date: context.date, items: context.isPreview ? TodoEntry.sample : TodoStore.items)
    }
    func timeline(in context: Context) async throws -> Timeline<TodoEntry> {
        Timeline(entries: [TodoEntry(date: context.date, items: TodoStore.items)], policy: .never)
    }
}

/// A checklist of toggles; the most items the family has rows for, open ones first.
struct TodoView: View {
    let entry: TodoEntry
    @Environment(\.widgetFamily) private var family

    private var rows: Int {
        switch family {
        case .systemLarge, .systemExtraLarge: 17
        case .accessoryRectangular: 3
        default: 6
        }
    }

    var body: some View {
        let open = entry.items.filter { !$0.done }
        if family == .accessoryInline {
            Text(open.isEmpty ? "Nothing to do" : "\(open.count) to do · \(open[0].text)")
        } else if entry.items.isEmpty {
            VStack(alignment: .leading, spacing: 0) {
                Text("Nothing to do").bold()
                Text("widgetdash todo add TEXT").foregroundStyle(.secondary).font(.caption)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        } else {
            let shown = Array((open + entry.items.filter(\.done)).prefix(rows))
            VStack(alignment: .leading, spacing: 0) {
                ForEach(shown) { item in
                    Toggle(isOn: item.done, intent: ToggleTodoIntent(id: item.id)) {
                        Text(item.text).foregroundStyle(item.done ? .secondary : .primary).lineLimit(1)
                    }
                    .invalidatableContent()
                }
                Spacer(minLength: 0)
                if family != .accessoryRectangular {
                    HStack {
                        Text("\(open.count) left").foregroundStyle(.secondary).invalidatableContent()
                        Spacer()
                        if open.count < entry.items.count {
                            Button(intent: ClearDoneTodosIntent()) { Text("Clear") }
                        }
                    }
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
    }
}

/// A checklist you tick off; items come from `widgetdash todo add TEXT`.
public struct TodoWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "todo", provider: TodoProvider()) { entry in
            TodoView(entry: entry)
        }
        .configurationDisplayName("To Do")
        .description("A checklist: tick items off; add them with widgetdash todo add.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

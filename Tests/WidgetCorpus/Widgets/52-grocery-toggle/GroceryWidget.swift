//
//  GroceryWidget.swift
//  GroceryWidgetExtension
//
//  A list widget whose rows are toggles: each runs an App Intent with the item's id, and the
//  timeline is reloaded after it.
//

import WidgetDash

struct GroceryItem: Identifiable, Codable, Hashable {
    let id: String
    let name: String
    var isDone: Bool
}

actor GroceryStore {
    static let shared = GroceryStore()

    private var items: [GroceryItem] = [
        GroceryItem(id: "milk", name: "Milk", isDone: false),
        GroceryItem(id: "eggs", name: "Eggs", isDone: true),
        GroceryItem(id: "bread", name: "Bread", isDone: false),
    ]

    func all() -> [GroceryItem] { items }

    func toggle(_ id: String) {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        items[index].isDone.toggle()
    }

    func removeDone() {
        items.removeAll { $0.isDone }
    }
}

struct ToggleGroceryIntent: AppIntent {
    static let title: LocalizedStringResource = "Toggle Item"
    static let openAppWhenRun: Bool = false

    @Parameter(title: "Item ID")
    var itemID: String

    init() {}

    init(itemID: String) {
        self.itemID = itemID
    }

    func perform() async throws -> some IntentResult {
        await GroceryStore.shared.toggle(itemID)
        return .result()
    }
}

struct ClearDoneIntent: AppIntent {
    static let title: LocalizedStringResource = "Clear Done Items"

    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        let before = await GroceryStore.shared.all().count
        await GroceryStore.shared.removeDone()
        let after = await GroceryStore.shared.all().count
        return .result(value: before - after)
    }
}

struct GroceryEntry: TimelineEntry {
    let date: Date
    let items: [GroceryItem]
}

struct GroceryProvider: TimelineProvider {
    func placeholder(in context: Context) -> GroceryEntry {
        GroceryEntry(date: .now, items: [GroceryItem(id: "1", name: "Apples", isDone: false)])
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (GroceryEntry) -> Void) {
        Task {
            completion(GroceryEntry(date: .now, items: await GroceryStore.shared.all()))
        }
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<GroceryEntry>) -> Void) {
        Task {
            let entry = GroceryEntry(date: .now, items: await GroceryStore.shared.all())
            completion(Timeline(entries: [entry], policy: .never))
        }
    }
}

struct GroceryWidgetView: View {
    var entry: GroceryEntry

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack {
                Text("Groceries")
                    .font(.headline)
                Spacer()
                Button(role: .destructive, intent: ClearDoneIntent()) {
                    Label("Clear", systemImage: "trash")
                }
            }
            ForEach(entry.items) { item in
                Toggle(isOn: item.isDone, intent: ToggleGroceryIntent(itemID: item.id)) {
                    Text(item.name)
                        .strikethrough(item.isDone)
                }
            }
            Spacer(minLength: 0)
        }
        .containerBackground(for: .widget) {
            Color.clear
        }
    }
}

struct GroceryWidget: Widget {
    let kind = "GroceryWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: GroceryProvider()) { entry in
            GroceryWidgetView(entry: entry)
        }
        .configurationDisplayName("Groceries")
        .description("Check items off your list.")
        .supportedFamilies([.systemMedium, .systemLarge])
        .disfavoredLocations([.standBy], for: [.systemMedium])
    }
}

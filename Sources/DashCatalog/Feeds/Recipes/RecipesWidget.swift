import Foundation
import WidgetDash

/// The quarter-hour slots of a day that the recipes rotation is counted in.
///
/// Slots are counted in real elapsed time from the local midnight: slot n starts n × 15
/// minutes after midnight. On a 23-hour day (clocks go forward) the day has 92 slots, on a
/// 25-hour day 100, and each slot lasts exactly 15 minutes, so the rotation moves on by one
/// recipe every quarter of an hour even through the hour that is skipped or repeated. At the
/// next midnight the count starts again at 0.
public enum RecipeSlots {
    /// The length of one slot.
    public static let length: TimeInterval = 15 * 60

    /// A slot: its number since midnight, and when it starts and ends.
    public struct Slot: Hashable, Sendable {
        public let number: Int
        public let start: Date
        public let end: Date
    }

    /// The slot `date` falls in, counted from the start of its day in `calendar`'s zone.
    public static func slot(containing date: Date, calendar: Calendar) -> Slot {
        let midnight = calendar.startOfDay(for: date)
        let next = calendar.date(byAdding: .day, value: 1, to: midnight).map { calendar.startOfDay(for: $0) }
            ?? midnight.addingTimeInterval(86_400)
        let number = max(0, Int((date.timeIntervalSince(midnight) / length).rounded(.down)))
        let start = midnight.addingTimeInterval(Double(number) * length)
        // A day's last slot ends at the next midnight, even in a zone whose day is not a whole
        // number of quarter hours long.
        return Slot(number: number, start: start, end: min(start.addingTimeInterval(length), next))
    }

    /// `count` consecutive slots, the first being the one `date` falls in.
    public static func slots(from date: Date, count: Int, calendar: Calendar) -> [Slot] {
        var slots: [Slot] = []
        var moment = date
        for _ in 0..<max(0, count) {
            let slot = slot(containing: moment, calendar: calendar)
            slots.append(slot)
            // A slot always ends after it starts, so the walk always moves forward.
            moment = max(slot.end, moment.addingTimeInterval(1))
        }
        return slots
    }
}

/// One quarter of an hour of the rotation: the recipe shown, and what follows.
public struct RecipesEntry: TimelineEntry, FeedEntry {
    /// A recipe coming up, and when.
    public struct UpNext: Hashable, Sendable {
        public let start: Date
        public let recipe: Recipe
    }

    /// The start of the slot (the moment this recipe comes on screen).
    public let date: Date
    /// The slot's number since midnight; the recipe is `slot mod count`.
    public var slot: Int = 0
    /// When the next recipe takes over.
    public var end: Date
    /// The recipe's place in the list (0-based) and the list's length.
    public var index: Int = 0
    public var count: Int = 0
    /// The recipe shown; nil for an empty list or a problem.
    public var recipe: Recipe?
    /// The next recipes, each with the moment it comes on screen.
    public var upNext: [UpNext] = []
    /// Where the list came from; nil is the built-in list.
    public var source: FeedSource?
    /// Why the person's list cannot be shown: the file or key, the field, what was expected.
    public var problem: String?
}

/// Recipes rotated every 15 minutes: eight entries, one per quarter hour, cover the next two
/// hours, and the policy is `.atEnd`.
///
/// The recipe of a slot is `slot mod count`, where the slot is counted from midnight
/// (``RecipeSlots``), so a reload at any moment carries on where the clock says: reloading
/// at 10:07 and at 10:14 shows the same recipe, and frequent reloads never keep showing the
/// first items of the list. The list is the `file=` parameter's (a named file that is missing
/// is an error), else the store key `recipes.list`, else `recipes.json` in the config
/// directory, else the built-in list (``RecipeBook``).
public struct RecipesProvider: TimelineProvider {
    /// The store the `recipes.list` key is read from (tests give their own).
    var store: WidgetSharedStore = .shared
    /// The directory a relative `file=` and the default `recipes.json` are in (tests set it).
    var configDirectory: String? = nil
    /// The zone whose midnight the slots are counted from; the provider is not told the view's,
    /// which is the process's zone on the dashboard too.
    var timeZone: TimeZone = .current

    public init() {}

    /// The store key a script writes a list to.
    public static let storeKey = "recipes.list"
    /// How many entries a timeline holds: two hours.
    public static let entryCount = 8
    /// How many coming recipes each entry carries: the rest of the two hours, which the large
    /// family lists when a recipe has no ingredients or steps to show.
    public static let upNextCount = 7
    /// How long an empty list or a problem waits before the list is read again (48 a day at
    /// most, inside the default budget; `r` or a write to `recipes.list` is at once).
    public static let retry: TimeInterval = 30 * 60

    /// The zone of previews and the placeholder: fixed, so the gallery (and its goldens) show
    /// the same recipe on every machine.
    static let previewZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    public func placeholder(in context: Context) -> RecipesEntry {
        Self.entries(RecipeBook.builtIn, from: SampleData.date, zone: Self.previewZone, count: 1)[0]
    }

    public func snapshot(in context: Context) async -> RecipesEntry {
        if context.isPreview { return Self.entries(RecipeBook.builtIn, from: context.date, zone: Self.previewZone, count: 1)[0] }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<RecipesEntry> {
        let now = context.date
        let later = TimelineReloadPolicy.after(now.addingTimeInterval(Self.retry))
        let list: [Recipe]
        let source: FeedSource?
        do {
            (list, source) = try load(file: context.parameters["file"] ?? "")
        } catch {
            return Timeline(entries: [RecipesEntry(date: now, end: now, source: nil, problem: error.message)], policy: later)
        }
        guard !list.isEmpty else {
            return Timeline(entries: [RecipesEntry(date: now, end: now, source: source)], policy: later)
        }
        return Timeline(entries: Self.entries(list, from: now, zone: timeZone, count: Self.entryCount, source: source), policy: .atEnd)
    }

    /// The entries of the rotation of `list` from the slot `now` falls in.
    static func entries(_ list: [Recipe], from now: Date, zone: TimeZone, count: Int, source: FeedSource? = nil) -> [RecipesEntry] {
        guard !list.isEmpty else { return [RecipesEntry(date: now, end: now, source: source)] }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let slots = RecipeSlots.slots(from: now, count: count + upNextCount, calendar: calendar)
        return (0..<min(count, slots.count)).map { k in
            let slot = slots[k]
            let index = slot.number % list.count
            let next = slots[(k + 1)...].prefix(upNextCount).map { RecipesEntry.UpNext(start: $0.start, recipe: list[$0.number % list.count]) }
            return RecipesEntry(date: slot.start, slot: slot.number, end: slot.end, index: index, count: list.count,
                                recipe: list[index], upNext: next, source: source)
        }
    }

    /// The person's list and where it came from, or the built-in list (source nil).
    func load(file: String) throws(FeedError) -> ([Recipe], FeedSource?) {
        let (path, named) = Feeds.file(named: file, default: "recipes.json", in: configDirectory)
        if !named, let stored = try Feeds.storeValue(Self.storeKey, store: store) {
            do { return (try RecipeBook.decode(stored.value), .store(Self.storeKey)) } catch { throw error.at(Self.storeKey) }
        }
        if !named && !Feeds.exists(path) { return (RecipeBook.builtIn, nil) }
        let text = try Feeds.read(path)
        let name = (path as NSString).lastPathComponent
        do { return (try RecipeBook.parse(text), .file(path)) } catch { throw error.at(name) }
    }
}

/// A recipe every quarter of an hour, from the built-in list or your own.
public struct RecipesWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "recipes", provider: RecipesProvider()) { entry in
            RecipesView(entry: entry)
        }
        .configurationDisplayName("Recipes")
        .description("A recipe every 15 minutes, from a built-in list or your own (file=, default recipes.json; or recipes.list).")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([.text("file", title: "Recipes JSON file (default recipes.json in the config directory)")])
    }
}

struct RecipesView: FeedView {
    static let title = "Recipes"
    let entry: RecipesEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var content: some View {
        if let recipe = entry.recipe {
            layout(recipe)
        } else {
            empty
        }
    }

    /// Where an empty list came from, for "No recipes in …".
    private var listName: String { entry.source?.shortName ?? "the list" }

    @ViewBuilder
    private var empty: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "fork.knife")
                Text("No recipes in \(listName)")
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Label("No recipes", systemImage: "fork.knife").bold()
                Text(listName).foregroundStyle(.secondary).lineLimit(1)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Label("No recipes", systemImage: "fork.knife").bold()
                Text("\(listName) holds an empty list").foregroundStyle(.secondary)
                Spacer(minLength: 0)
                Text(#"Add {"name": "…"} to it"#).foregroundStyle(.tertiary)
            }
        }
    }

    @ViewBuilder
    private func layout(_ recipe: Recipe) -> some View {
        let next = entry.upNext.first
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "fork.knife")
                Text(recipe.timeText.isEmpty ? recipe.name : "\(recipe.name) · \(recipe.timeText)")
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(recipe.name).bold().lineLimit(1)
                HStack(spacing: 1) {
                    Image(systemName: "fork.knife")
                    Text(recipe.factsText.isEmpty ? recipe.summary : recipe.factsText).lineLimit(1)
                }
                if let next {
                    Text("then \(next.recipe.name)").foregroundStyle(.secondary).lineLimit(1)
                }
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                Text(recipe.name).bold().foregroundStyle(.tint).lineLimit(2)
                if !recipe.factsText.isEmpty { Text(recipe.factsText).foregroundStyle(.secondary).lineLimit(1) }
                if !recipe.summary.isEmpty {
                    Text(" ")
                    Text(recipe.summary).lineLimit(3)
                }
                Spacer(minLength: 0)
                if let next {
                    Text("Next · \(clock(next.start))").foregroundStyle(.tertiary)
                    Text(next.recipe.name).foregroundStyle(.secondary).lineLimit(1)
                }
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(recipe.name).bold().foregroundStyle(.tint).lineLimit(1)
                    Spacer(minLength: 0)
                    Text(recipe.factsText).foregroundStyle(.secondary).lineLimit(1).layoutPriority(1)
                }
                if !recipe.summary.isEmpty { Text(recipe.summary).lineLimit(2) }
                if !recipe.ingredients.isEmpty {
                    Text(recipe.ingredients.joined(separator: " · ")).foregroundStyle(.secondary).lineLimit(2)
                }
                Spacer(minLength: 0)
                upNextRows(limit: 3)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(recipe.name).bold().foregroundStyle(.tint).lineLimit(1)
                    Spacer(minLength: 0)
                    Text(recipe.factsText).foregroundStyle(.secondary).lineLimit(1).layoutPriority(1)
                }
                if recipe.ingredients.isEmpty && recipe.steps.isEmpty {
                    // Nothing more to say about this one: the rest of the two hours instead.
                    if !recipe.summary.isEmpty { Text(recipe.summary).lineLimit(6) }
                    Text(" ")
                    upNextRows(limit: RecipesProvider.upNextCount)
                    Spacer(minLength: 0)
                } else {
                    detail(recipe)
                }
            }
        }
    }

    /// The large family's recipe: what it is, its ingredients and method, and what is next.
    @ViewBuilder
    private func detail(_ recipe: Recipe) -> some View {
        if !recipe.summary.isEmpty { Text(recipe.summary).lineLimit(2) }
        if !recipe.ingredients.isEmpty {
            Text(" ")
            Text("Ingredients").bold()
            Text(recipe.ingredients.joined(separator: " · ")).lineLimit(4)
        }
        if !recipe.steps.isEmpty {
            Text(" ")
            Text("Method").bold()
            RecipeSteps(steps: recipe.steps)
        }
        Spacer(minLength: 0)
        upNextRows(limit: 2, header: false)
    }

    /// A row per coming recipe (its time, its name, how long it takes), under "Up next" or,
    /// without `header`, with "Next" in front of the first row.
    private func upNextRows(limit: Int, header: Bool = true) -> some View {
        let rows = entry.upNext.prefix(limit).map { (clock($0.start), $0.recipe) }
        return VStack(alignment: .leading, spacing: 0) {
            if header { Text("Up next").foregroundStyle(.tertiary) }
            ForEach(Array(rows.enumerated()), id: \.offset) { n, row in
                HStack(spacing: 1) {
                    if !header { Text(n == 0 ? "Next" : "    ").foregroundStyle(.tertiary) }
                    Text(row.0).foregroundStyle(.secondary)
                    Text(row.1.name).lineLimit(1)
                    Spacer(minLength: 0)
                    Text(row.1.timeText).foregroundStyle(.secondary).layoutPriority(1)
                }
            }
        }
    }

    /// "10:45" in the view's zone.
    private func clock(_ date: Date) -> String { Feeds.clock(date, in: timeZone) }
}

/// Numbered steps, each wrapping under its own text (a hanging indent).
struct RecipeSteps: View {
    let steps: [String]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(steps.prefix(9).enumerated()), id: \.offset) { n, step in
                HStack(alignment: .top, spacing: 1) {
                    Text("\(n + 1).").foregroundStyle(.secondary)
                    Text(step).lineLimit(2)
                }
            }
        }
    }
}

@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The recipes rotation: slots counted from local midnight, eight entries a timeline, `.atEnd`,
/// the same recipe whenever a reload happens within a quarter hour, midnight and the days
/// clocks change, and the person's own list from a file or the store.
@Suite("Recipes")
struct RecipesTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let utc = TimeZone(identifier: "UTC")!
    static let book = RecipeBook.builtIn

    /// A moment written with its offset: `at("2026-11-22T23:50:00+01:00")`.
    static func at(_ text: String) -> Date {
        guard let date = ISO8601DateFormatter().date(from: text) else { fatalError("bad date in a test: \(text)") }
        return date
    }

    /// A provider reading nothing but the built-in list, counting slots in `zone`.
    static func provider(zone: TimeZone = berlin, store: WidgetSharedStore = FeedWidgetTests.store([:]), directory: String = "/nonexistent-recipes-dir") -> RecipesProvider {
        var p = RecipesProvider()
        p.timeZone = zone
        p.store = store
        p.configDirectory = directory
        return p
    }

    static func timeline(at date: Date, zone: TimeZone = berlin) async throws -> Timeline<RecipesEntry> {
        try await provider(zone: zone).timeline(in: TimelineProviderContext(family: .systemMedium, date: date))
    }

    /// The slot a wall-clock time is in, worked out from the hour and minute (valid on days
    /// without a clock change, where wall time and elapsed time agree).
    static func wallSlot(_ date: Date, _ zone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.hour, .minute], from: date)
        return ((c.hour ?? 0) * 60 + (c.minute ?? 0)) / 15
    }

    // MARK: The rotation

    @Test func eightEntriesOneAQuarterHourApartFromTheSlotNowIsIn() async throws {
        let timeline = try await Self.timeline(at: Self.at("2026-11-22T10:07:00+01:00"))
        #expect(timeline.policy == .atEnd)
        #expect(timeline.entries.count == 8)
        // 10:00 is slot 40; the entries start there, not at the moment asked.
        let first = Self.at("2026-11-22T10:00:00+01:00")
        #expect(timeline.entries.map(\.date) == (0..<8).map { first.addingTimeInterval(Double($0) * 900) })
        #expect(timeline.entries.map(\.slot) == Array(40...47))
        #expect(timeline.entries.map(\.end) == (1...8).map { first.addingTimeInterval(Double($0) * 900) })
        // Recipe k is slot (40 + k) mod 14: 12, 13, then round to the start of the list.
        #expect(Self.book.count == 14)
        #expect(timeline.entries.map(\.index) == [12, 13, 0, 1, 2, 3, 4, 5])
        #expect(timeline.entries.map { $0.recipe?.name } == [12, 13, 0, 1, 2, 3, 4, 5].map { Self.book[$0].name })
        #expect(timeline.entries.allSatisfy { $0.count == 14 && $0.source == nil && $0.problem == nil })
        // Each entry knows the seven recipes after it, with their times.
        #expect(timeline.entries[0].upNext.map(\.recipe.name) == [13, 0, 1, 2, 3, 4, 5].map { Self.book[$0].name })
        #expect(timeline.entries[7].upNext.map(\.start) == (8...14).map { first.addingTimeInterval(Double($0) * 900) })
    }

    @Test func reloadsWithinAQuarterHourShowTheSameRecipe() async throws {
        let a = try await Self.timeline(at: Self.at("2026-11-22T10:07:00+01:00"))
        let b = try await Self.timeline(at: Self.at("2026-11-22T10:14:59+01:00"))
        #expect(a.entries.first?.recipe == b.entries.first?.recipe)
        #expect(a.entries.map(\.date) == b.entries.map(\.date))
        // At 10:15 the rotation moves on by exactly one.
        let c = try await Self.timeline(at: Self.at("2026-11-22T10:15:00+01:00"))
        #expect(c.entries.first?.index == 13)
        #expect(Array(a.entries.dropFirst().map(\.recipe)) == Array(c.entries.prefix(7).map(\.recipe)))
        // A reload at any minute of the day continues where the clock says: its first recipe is
        // the one of the slot the wall clock is in, never the start of the list.
        let midnight = Self.at("2026-11-22T00:00:00+01:00")
        for minute in stride(from: 0, to: 1440, by: 7) {
            let now = midnight.addingTimeInterval(Double(minute) * 60)
            let first = try #require(try await Self.timeline(at: now).entries.first)
            #expect(first.slot == minute / 15 && first.index == (minute / 15) % 14, "at minute \(minute)")
            #expect(first.date <= now && now < first.end)
        }
    }

    @Test func theIndexWrapsAroundAShortList() {
        let three = [Recipe(name: "A"), Recipe(name: "B"), Recipe(name: "C")]
        let entries = RecipesProvider.entries(three, from: Self.at("2026-11-22T10:07:00+01:00"), zone: Self.berlin, count: 8)
        // Slot 40 is 40 mod 3 = 1.
        #expect(entries.map { $0.recipe?.name } == ["B", "C", "A", "B", "C", "A", "B", "C"])
        #expect(entries.last?.upNext.map(\.recipe.name) == ["A", "B", "C", "A", "B", "C", "A"])
        let one = RecipesProvider.entries([Recipe(name: "Only")], from: Self.at("2026-11-22T23:59:00+01:00"), zone: Self.berlin, count: 8)
        #expect(one.allSatisfy { $0.recipe?.name == "Only" && $0.index == 0 })
    }

    @Test func acrossMidnightTheSlotsStartAgainAtZero() async throws {
        // 23:50: the 23:45 slot (95), then the new day's 0, 1, … 6.
        let late = try await Self.timeline(at: Self.at("2026-11-22T23:50:00+01:00"))
        #expect(late.entries.map(\.slot) == [95, 0, 1, 2, 3, 4, 5, 6])
        #expect(late.entries.map(\.index) == [95 % 14, 0, 1, 2, 3, 4, 5, 6])
        #expect(late.entries[0].date == Self.at("2026-11-22T23:45:00+01:00"))
        #expect(late.entries[1].date == Self.at("2026-11-23T00:00:00+01:00"))
        #expect(late.entries[0].end == late.entries[1].date)
        #expect(late.entries[7].date == Self.at("2026-11-23T01:30:00+01:00"))
        // At midnight and five past: slot 0, the first recipe, for both.
        for time in ["2026-11-23T00:00:00+01:00", "2026-11-23T00:05:00+01:00"] {
            let t = try await Self.timeline(at: Self.at(time))
            #expect(t.entries.map(\.slot) == Array(0...7), "\(time)")
            #expect(t.entries.first?.date == Self.at("2026-11-23T00:00:00+01:00"))
            #expect(t.entries.first?.recipe == Self.book[0])
        }
        // Midnight is the zone's: at 23:50 in Berlin it is 22:50 UTC, slot 91 of the UTC day.
        let utc = try await Self.timeline(at: Self.at("2026-11-22T23:50:00+01:00"), zone: Self.utc)
        #expect(utc.entries.map(\.slot) == Array(91...95) + [0, 1, 2])
    }

    /// 29 March 2026 in Berlin has 23 hours (02:00 does not happen), 25 October 2026 has 25
    /// (02:00–03:00 happens twice). Slots count real time since midnight: every slot is 15
    /// minutes long, none is skipped or repeated, and the day has 92 or 100 of them.
    @Test func onTheDaysClocksChangeSlotsCountRealTime() async throws {
        // Spring: at 03:07 summer time, 2 h 07 min have passed since midnight: slot 8.
        let spring = try await Self.timeline(at: Self.at("2026-03-29T03:07:00+02:00"))
        #expect(spring.entries.map(\.slot) == Array(8...15))
        #expect(spring.entries[0].date == Self.at("2026-03-29T03:00:00+02:00"))
        // The hour before the change: 01:45 winter time is slot 7, and its next slot is 03:00.
        let before = try await Self.timeline(at: Self.at("2026-03-29T01:50:00+01:00"))
        #expect(before.entries.map(\.slot) == Array(7...14))
        #expect(before.entries[1].date == Self.at("2026-03-29T03:00:00+02:00"))
        #expect(zip(before.entries, before.entries.dropFirst()).allSatisfy { $1.date.timeIntervalSince($0.date) == 900 })
        // The short day ends with slot 91 at 23:45, then the next day's 0.
        let springNight = try await Self.timeline(at: Self.at("2026-03-29T23:50:00+02:00"))
        #expect(springNight.entries.map(\.slot) == [91, 0, 1, 2, 3, 4, 5, 6])

        // Autumn: 02:30 happens twice; the first is slot 10, the second (an hour later) slot 14.
        let first = try await Self.timeline(at: Self.at("2026-10-25T02:30:00+02:00"))
        let second = try await Self.timeline(at: Self.at("2026-10-25T02:30:00+01:00"))
        #expect(first.entries[0].slot == 10 && second.entries[0].slot == 14)
        #expect(first.entries.map(\.slot) == Array(10...17))
        #expect(zip(first.entries, first.entries.dropFirst()).allSatisfy { $1.date.timeIntervalSince($0.date) == 900 })
        // The long day ends with slot 99 at 23:45, then the next day's 0.
        let autumnNight = try await Self.timeline(at: Self.at("2026-10-25T23:50:00+01:00"))
        #expect(autumnNight.entries.map(\.slot) == [99, 0, 1, 2, 3, 4, 5, 6])
        #expect(autumnNight.entries[1].date == Self.at("2026-10-26T00:00:00+01:00"))
    }

    /// A zone whose day starts at 01:00 because midnight is skipped (Havana moved its clocks at
    /// midnight, 8 March 2026): slot 0 starts at 01:00, and every slot is still 15 minutes.
    @Test func aDayThatStartsAfterMidnightCountsFromItsStart() async throws {
        let havana = try #require(TimeZone(identifier: "America/Havana"))
        let t = try await Self.timeline(at: Self.at("2026-03-08T01:20:00-04:00"), zone: havana)
        #expect(t.entries.first?.slot == 1)
        #expect(t.entries.first?.date == Self.at("2026-03-08T01:15:00-04:00"))
        #expect(zip(t.entries, t.entries.dropFirst()).allSatisfy { $1.date.timeIntervalSince($0.date) == 900 })
    }

    /// The real dashboard, on a manual clock moved a minute at a time from 22:00 to 02:00:
    /// reloads happen only when the timeline runs out (`.atEnd`), and at every minute the recipe
    /// on screen is the one the wall clock's slot names, through midnight.
    @Test func onTheDashboardUnderAManualClockAcrossMidnight() async throws {
        let provider = Self.provider()
        let description = StaticConfiguration(kind: "recipes", provider: provider) { RecipesView(entry: $0) }
            .configurationDisplayName("Recipes").supportedFamilies([.systemMedium])._description
        var environment = EnvironmentValues()
        environment.timeZone = Self.berlin
        let start = Self.at("2026-11-22T22:00:00+01:00")
        let clock = ManualClock(start)
        let d = Dashboard(widgets: [description], placements: [WidgetPlacement(kind: "recipes", family: .systemMedium)],
                          clock: clock, environment: environment)
        let size = CellSize(width: 60, height: 20)
        _ = d.handle(.resize(size))
        await d.settle()
        d.advance()
        var reloads: [Date] = []
        var lastReload = d.instances[0].lastReload?.at
        for minute in 0...240 {
            if minute > 0 {
                clock.advance(by: 60)
                d.advance()
                await d.settle()
            }
            let now = clock.now()
            if let at = d.instances[0].lastReload?.at, at != lastReload {
                reloads.append(at)
                lastReload = at
            }
            let entry = try #require(d.instances[0].currentEntry as? RecipesEntry)
            let slot = Self.wallSlot(now, Self.berlin)
            #expect(entry.slot == slot, "at \(now)")
            #expect(entry.recipe == Self.book[slot % Self.book.count], "at \(now)")
            let screen = d.render(size: size).lines
            let title = try #require(screen.firstIndex { $0.contains("┌ Recipes") })
            #expect(screen[title + 1].contains(Self.book[slot % Self.book.count].name), "at \(now):\n\(screen.joined(separator: "\n"))")
        }
        // 22:00's timeline ends with its 23:45 entry, 23:45's with 01:30: two reloads in four hours.
        #expect(reloads.count == 2, "\(reloads)")
        #expect(reloads.allSatisfy { [Self.at("2026-11-22T23:45:00+01:00"), Self.at("2026-11-23T01:30:00+01:00")].contains(Self.floorMinute($0)) }, "\(reloads)")
    }

    static func floorMinute(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    @Test func previewsAndThePlaceholderAreTheSameOnEveryMachine() async {
        let context = TimelineProviderContext(family: .systemSmall, isPreview: true, date: SampleData.date)
        let preview = await Self.provider(zone: Self.berlin).snapshot(in: context)
        let elsewhere = await Self.provider(zone: TimeZone(identifier: "Asia/Tokyo")!).snapshot(in: context)
        #expect(preview.recipe == elsewhere.recipe)
        // 10:42 UTC is slot 42, and 42 mod 14 is 0.
        #expect(preview.slot == 42 && preview.recipe == Self.book[0])
        #expect(Self.provider().placeholder(in: context).recipe != nil)
    }

    // MARK: The person's own list

    static let list = """
        {"recipes": [
          {"name": "Porridge", "description": "Oats  simmered\\twith milk.", "minutes": 10, "serves": 1,
           "ingredients": ["80 g oats", "300 ml milk", ""], "steps": ["Simmer, stirring, 5 min."], "tags": ["breakfast"]},
          "Cheese on toast",
          {"name": "麻婆豆腐", "minutes": 25, "description": "Silken tofu in a numbing, spicy sauce 🔥"},
          {"name": "Sunday roast", "minutes": 150, "serves": null}
        ]}
        """

    @Test func aListIsReadInEveryDocumentedShape() throws {
        let recipes = try RecipeBook.parse(Self.list)
        #expect(recipes.map(\.name) == ["Porridge", "Cheese on toast", "麻婆豆腐", "Sunday roast"])
        #expect(recipes[0] == Recipe(name: "Porridge", summary: "Oats simmered with milk.", minutes: 10, serves: 1,
                                     ingredients: ["80 g oats", "300 ml milk"], steps: ["Simmer, stirring, 5 min."]))
        #expect(recipes[1] == Recipe(name: "Cheese on toast"))
        #expect(recipes[3].timeText == "2 h 30 min" && recipes[3].serves == nil && recipes[3].factsText == "2 h 30 min")
        #expect(recipes[0].factsText == "10 min · serves 1")
        #expect(Recipe(name: "x", minutes: 60).timeText == "1 h")
        // A bare array is a list too.
        #expect(try RecipeBook.parse(#"["A", {"name": "B"}]"#).map(\.name) == ["A", "B"])
        // Escape sequences in a name never reach the screen.
        let evil = try RecipeBook.decode(.array([.string("Soup\u{1B}[2J now")]))
        #expect(!evil[0].name.contains("\u{1B}"))
    }

    @Test(arguments: [
        ("{\"recipes\": [", "recipes: not JSON: line 1, column 14: expected a value, found the end of the text"),
        ("42", "expected an array of recipes or an object with \"recipes\""),
        ("{\"dishes\": []}", "recipes: missing"),
        ("{\"recipes\": {\"name\": \"A\"}}", "recipes: expected an array of recipes"),
        ("{\"recipes\": [{\"minutes\": 5}]}", "recipes[0].name: missing"),
        ("[\"A\", 7]", "[1]: expected an object with \"name\" (or a string, the name)"),
        ("[{\"name\": \"  \"}]", "[0].name: empty"),
        ("[{\"name\": 3}]", "[0].name: expected a string"),
        ("[{\"name\": \"A\", \"minutes\": \"ten\"}]", "[0].minutes: expected a whole number of minutes (0 or more)"),
        ("[{\"name\": \"A\", \"minutes\": -5}]", "[0].minutes: expected a whole number of minutes (0 or more)"),
        ("[{\"name\": \"A\", \"serves\": 2.5}]", "[0].serves: expected a whole number of people (0 or more)"),
        ("[{\"name\": \"A\", \"ingredients\": \"eggs\"}]", "[0].ingredients: expected an array of strings"),
        ("{\"recipes\": [\"A\", {\"name\": \"B\", \"steps\": [\"Boil.\", 2]}]}", "recipes[1].steps[1]: expected a string"),
        ("[{\"name\": \"A\", \"description\": [\"x\"]}]", "[0].description: expected a string"),
    ])
    func malformedListsSayWhereAndWhat(text: String, message: String) {
        #expect(throws: FeedError(message)) { try RecipeBook.parse(text) }
    }

    @Test func theListComesFromTheFileTheStoreKeyTheDefaultFileOrTheBuiltInList() async throws {
        let dir = try FeedWidgetTests.TempDirectory()
        let context = TimelineProviderContext(family: .systemMedium, date: Self.at("2026-11-22T10:07:00+01:00"))
        var provider = Self.provider(directory: dir.path)
        // Nothing configured: the built-in list.
        var first = try #require(try await provider.timeline(in: context).entries.first)
        #expect(first.source == nil && first.count == 14)
        // The default file.
        try dir.write("recipes.json", Self.list)
        first = try #require(try await provider.timeline(in: context).entries.first)
        #expect(first.source == .file(dir.path + "/recipes.json") && first.count == 4)
        // Slot 40 of a list of four is 0.
        #expect(first.recipe?.name == "Porridge")
        // The store key wins over the default file.
        provider.store = FeedWidgetTests.store([RecipesProvider.storeKey: try JSONValue.parse(#"["Dal", "Soup", "Pie"]"#)])
        first = try #require(try await provider.timeline(in: context).entries.first)
        #expect(first.source == .store("recipes.list") && first.recipe?.name == "Soup")
        // A named file wins over both.
        try dir.write("mine.json", #"["Toast"]"#)
        let named = TimelineProviderContext(family: .systemMedium, date: context.date, parameters: ["file": "mine.json"])
        first = try #require(try await provider.timeline(in: named).entries.first)
        #expect(first.source == .file(dir.path + "/mine.json") && first.recipe?.name == "Toast")
    }

    @Test func problemsShowInTheWidgetInEveryFamilyAndAreRetriedInHalfAnHour() async throws {
        let dir = try FeedWidgetTests.TempDirectory()
        try dir.write("bad.json", "{\"recipes\": [\"A\",\n {\"name\": \"B\", \"minutes\": \"soon\"}]}")
        let provider = Self.provider(directory: dir.path)
        let now = Self.at("2026-11-22T10:07:00+01:00")
        let cases: [(String, String)] = [
            ("bad.json", "bad.json: recipes[1].minutes: expected a whole number of minutes (0 or more)"),
            ("missing.json", "\(dir.path)/missing.json: no such file"),
        ]
        for (file, message) in cases {
            let timeline = try await provider.timeline(in: TimelineProviderContext(family: .systemSmall, date: now, parameters: ["file": file]))
            #expect(timeline.policy == .after(now.addingTimeInterval(30 * 60)))
            let entry = try #require(timeline.entries.first)
            #expect(entry.problem == message)
            for family in RecipesWidget().body._description.supportedFamilies {
                let text = try FeedWidgetTests.panel("recipes", entry, family).joined(separator: "\n")
                #expect(text.contains("⚠"), "\(family)\n\(text)")
            }
            let small = try FeedWidgetTests.panel("recipes", entry, .systemMedium).joined(separator: "\n")
            #expect(small.contains(file), "\(small)")
        }
        // A store value that is not a list names the key.
        let stored = Self.provider(store: FeedWidgetTests.store([RecipesProvider.storeKey: .number(3)]), directory: dir.path)
        let entry = try #require(try await stored.timeline(in: TimelineProviderContext(family: .systemSmall, date: now)).entries.first)
        #expect(entry.problem == "recipes.list: expected an array of recipes or an object with \"recipes\"")
    }

    @Test func anEmptyListSaysSoAndWhere() async throws {
        let dir = try FeedWidgetTests.TempDirectory()
        try dir.write("recipes.json", #"{"recipes": []}"#)
        let now = Self.at("2026-11-22T10:07:00+01:00")
        let timeline = try await Self.provider(directory: dir.path).timeline(in: TimelineProviderContext(family: .systemSmall, date: now))
        #expect(timeline.policy == .after(now.addingTimeInterval(30 * 60)))
        let entry = try #require(timeline.entries.first)
        #expect(entry.recipe == nil && entry.problem == nil)
        for family in RecipesWidget().body._description.supportedFamilies {
            let text = try FeedWidgetTests.panel("recipes", entry, family).joined(separator: "\n")
            #expect(text.contains("No recipes") && text.contains("recipes.json"), "\(family)\n\(text)")
        }
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
    func aListOfYourOwnGolden(family: WidgetFamily) throws {
        // 麻婆豆腐 (wide characters) at 10:30 UTC, slot 42: 42 mod 4 is 2.
        let entries = RecipesProvider.entries(try RecipeBook.parse(Self.list), from: SampleData.date, zone: Self.utc, count: 1,
                                              source: .file("/home/me/.config/widgetdash/recipes.json"))
        #expect(entries[0].recipe?.name == "麻婆豆腐")
        Golden.assertMatches(try FeedWidgetTests.panel("recipes", entries[0], family), named: "recipes-file-\(family.shortName)")
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
    func everyBuiltInRecipeFitsEveryFamily(family: WidgetFamily) throws {
        for index in Self.book.indices {
            let from = Date(timeIntervalSince1970: 1_795_305_600 + Double(index) * 900)      // 22 Nov 2026 00:00 UTC + index slots
            let entry = RecipesProvider.entries(Self.book, from: from, zone: Self.utc, count: 1)[0]
            #expect(entry.recipe == Self.book[index])
            let text = try FeedWidgetTests.panel("recipes", entry, family, now: from).joined(separator: "\n")
            // The name is there (wrapped in small, where a long one takes two lines).
            let words = Self.book[index].name.split(separator: " ")
            #expect(words.allSatisfy { text.contains($0) } || family == .accessoryInline && text.contains(words[0]), "\(family)\n\(text)")
        }
    }
}

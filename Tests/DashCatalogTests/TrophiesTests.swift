@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The trophies widget: the record a script writes (whole, partial, malformed), the signed
/// change, the labelled sample, its policy, and the reload a write to its key causes.
@Suite("Trophies")
struct TrophiesTests {
    static let now = SampleData.date                       // Sunday 22 November 2026, 10:42:17 UTC
    static let families = TrophiesWidget().body._description.supportedFamilies

    static let full = """
        {"wins": 148, "losses": 97, "draws": 12, "trophies": 5412, "change": -8,
         "updated": "2026-11-22T10:17:00Z", "player": "Ana", "recent": "WW L d w",
         "history": [5301, 5330, 5420, 5412], "season": 12}
        """

    static func entry(_ values: [String: JSONValue], key: String = TrophiesProvider.defaultKey, modified: Date = now) -> TrophiesEntry {
        var provider = TrophiesProvider()
        provider.store = FeedWidgetTests.store(values, modified: modified)
        return provider.entry(key: key, at: now)
    }

    // MARK: Decoding

    @Test func aWholeRecordIsRead() throws {
        let record = try TrophyRecord.decode(try JSONValue.parse(Self.full))
        #expect(record == TrophyRecord(wins: 148, losses: 97, draws: 12, trophies: 5412, change: -8,
                                       updated: Date(timeIntervalSince1970: 1_795_342_620), player: "Ana",
                                       recent: [.win, .win, .loss, .draw, .win], history: [5301, 5330, 5420, 5412]))
        #expect(record.played == 257)
        #expect(record.winRate == 148.0 / 257.0)
        // Words and arrays for the recent results; seconds since 1970 for the date.
        let words = try TrophyRecord.decode(try JSONValue.parse(#"{"wins": 1, "recent": ["win", "Loss", "tie", "D"], "updated": 1795342620}"#))
        #expect(words.recent == [.win, .loss, .draw, .draw])
        #expect(words.updated == Date(timeIntervalSince1970: 1_795_342_620))
        // A long history keeps its latest 200; a bad item is named by its place in the array.
        var long = (0..<250).map { JSONValue.number(Double($0)) }
        let kept = try TrophyRecord.decode(.object(["trophies": .number(1), "history": .array(long)]))
        #expect(kept.history == Array(50..<250))
        long[240] = .string("x")
        #expect(throws: FeedError("history[240]: expected a whole number of trophies, found \"x\"")) {
            try TrophyRecord.decode(.object(["trophies": .number(1), "history": .array(long)]))
        }
    }

    @Test func aPartialRecordFillsWhatIsMissing() throws {
        let trophiesOnly = try TrophyRecord.decode(try JSONValue.parse(#"{"trophies": 120}"#))
        #expect(trophiesOnly == TrophyRecord(trophies: 120))
        #expect(trophiesOnly.winRate == nil)
        let gamesOnly = try TrophyRecord.decode(try JSONValue.parse(#"{"wins": 3, "losses": 1, "player": "  ", "change": null}"#))
        #expect(gamesOnly == TrophyRecord(wins: 3, losses: 1))
        // Without "updated" the record is as new as the write.
        let written = Date(timeIntervalSince1970: 1_795_340_000)
        let entry = Self.entry(["trophies.record": try JSONValue.parse(#"{"wins": 3, "losses": 1}"#)], modified: written)
        #expect(entry.record?.updated == written && entry.source == .store("trophies.record") && entry.problem == nil)
        // A partial record still draws in every family, without a sample label or a stray sign.
        for family in Self.families {
            let text = try FeedWidgetTests.panel("trophies", entry, family).joined(separator: "\n")
            #expect(!text.lowercased().contains("sample"), "\(family)\n\(text)")
            #expect(!text.contains("±") && !text.contains("+"), "\(family)\n\(text)")
        }
        let counted = Self.entry(["trophies.record": .object(["trophies": .number(120)])])
        for family in Self.families {
            let text = try FeedWidgetTests.panel("trophies", counted, family).joined(separator: "\n")
            #expect(text.contains("120") || text.contains("┌─┐"), "\(family)\n\(text)")
        }
    }

    @Test(arguments: [
        (#""ten""#, "expected an object such as {\"wins\": 3, \"losses\": 1, \"draws\": 0, \"trophies\": 120, \"change\": 8}"),
        ("[1, 2]", "expected an object such as {\"wins\": 3, \"losses\": 1, \"draws\": 0, \"trophies\": 120, \"change\": 8}"),
        ("{}", "expected at least one of wins, losses, draws, trophies"),
        (#"{"player": "Ana", "change": 3}"#, "expected at least one of wins, losses, draws, trophies"),
        (#"{"wins": -3}"#, "wins: expected a whole number of games (0 or more), found -3"),
        (#"{"wins": 2.5}"#, "wins: expected a whole number of games (0 or more), found 2.5"),
        (#"{"losses": "four"}"#, "losses: expected a whole number of games (0 or more), found \"four\""),
        (#"{"draws": true}"#, "draws: expected a whole number of games (0 or more), found true"),
        (#"{"trophies": 1e12}"#, "trophies: 1000000000000 is too large (at most 1000000000)"),
        (#"{"trophies": 10, "change": "+5"}"#, "change: expected a whole number with a sign (8, -5, 0), found \"+5\""),
        (#"{"wins": 1, "updated": "yesterday"}"#, "updated: expected an ISO-8601 date with a zone (2026-11-22T09:00:00Z), found \"yesterday\""),
        (#"{"wins": 1, "recent": "WWX"}"#, "recent[2]: expected W, L or D (or win, loss, draw), found \"X\""),
        (#"{"wins": 1, "recent": 5}"#, "recent: expected a string of W, L and D or an array of results, found 5"),
        (#"{"wins": 1, "history": [1, "2"]}"#, "history[1]: expected a whole number of trophies, found \"2\""),
        (#"{"wins": 1, "history": {"a": 1}}"#, "history: expected an array of trophy counts, found an object"),
        (#"{"wins": 1, "player": 7}"#, "player: expected a string"),
    ])
    func malformedRecordsSayWhichFieldAndWhatWasExpected(text: String, message: String) throws {
        #expect(throws: FeedError(message)) { try TrophyRecord.decode(try JSONValue.parse(text)) }
    }

    @Test func aMalformedValueShowsTheKeyAndFieldInEveryFamily() throws {
        let entry = Self.entry(["trophies.record": try JSONValue.parse(#"{"wins": "lots"}"#)])
        #expect(entry.record == nil)
        #expect(entry.problem == "trophies.record: wins: expected a whole number of games (0 or more), found \"lots\"")
        for family in Self.families {
            let text = try FeedWidgetTests.panel("trophies", entry, family).joined(separator: "\n")
            #expect(text.contains("⚠"), "\(family)\n\(text)")
        }
        let medium = try FeedWidgetTests.panel("trophies", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("trophies.record: wins:"), "\(medium)")
    }

    // MARK: Showing it

    @Test func theChangeIsSignedWithARealMinus() {
        #expect(TrophyRecord.signed(12) == "+12")
        #expect(TrophyRecord.signed(-8) == "\u{2212}8")
        #expect(TrophyRecord.signed(0) == "±0")
        #expect(TrophyRecord.signed(1204) == "+1,204")
        #expect(TrophyRecord.signed(-1_000_000) == "−1,000,000")
        #expect(TrophyRecord.grouped(999) == "999" && TrophyRecord.grouped(5412) == "5,412")
        #expect(TrophyRecord.compact(99_999) == "99,999" && TrophyRecord.compact(123_456) == "123k")
        #expect(TrophyRecord.compact(12_345_678) == "12.3M" && TrophyRecord.compact(1_000_000_000) == "1000M")
    }

    @Test(arguments: [(-8, "−8"), (12, "+12"), (0, "±0")])
    func theChangeShowsWithItsSignInEveryFamilyThatShowsIt(change: Int, text: String) throws {
        let entry = Self.entry(["trophies.record": .object(["trophies": .number(5412), "wins": .number(1), "change": .number(Double(change))])])
        for family in Self.families {
            let panel = try FeedWidgetTests.panel("trophies", entry, family).joined(separator: "\n")
            #expect(panel.contains(text), "\(family)\n\(panel)")
        }
    }

    @Test func anUnsetKeyShowsTheSampleLabelledInEveryFamily() async throws {
        let entry = Self.entry([:])
        #expect(entry.source == .sample && entry.record == TrophyRecord.sample)
        for family in Self.families {
            let text = try FeedWidgetTests.panel("trophies", entry, family).joined(separator: "\n")
            #expect(text.lowercased().contains("sample"), "\(family)\n\(text)")
        }
        // Real data never says "sample".
        let real = Self.entry(["trophies.record": try JSONValue.parse(Self.full)])
        for family in Self.families {
            let text = try FeedWidgetTests.panel("trophies", real, family).joined(separator: "\n")
            #expect(!text.lowercased().contains("sample"), "\(family)\n\(text)")
        }
        // The gallery shows the sample too.
        let preview = await TrophiesProvider().snapshot(in: TimelineProviderContext(family: .systemSmall, isPreview: true, date: Self.now))
        #expect(preview.source == .sample)
    }

    @Test func lastUpdatedIsTheTimeTodayTheWeekdayThisWeekElseTheDate() throws {
        func updated(_ seconds: TimeInterval) throws -> String {
            let e = Self.entry(["trophies.record": .object(["wins": .number(1), "updated": .number(Self.now.timeIntervalSince1970 - seconds)])])
            return try FeedWidgetTests.panel("trophies", e, .systemMedium)[1]
        }
        #expect(try updated(25 * 60).contains("updated 10:17"))
        #expect(try updated(2 * 86_400).contains("updated Fri 10:42"))
        #expect(try updated(30 * 86_400).contains("updated 23 Oct"))
    }

    @Test func theTimelineIsOneEntryAndAReloadInHalfAnHour() async throws {
        var provider = TrophiesProvider()
        provider.store = FeedWidgetTests.store(["trophies.record": try JSONValue.parse(Self.full),
                                               "chess.blitz": .object(["trophies": .number(1850)])])
        let timeline = try await provider.timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now))
        #expect(timeline.entries.count == 1)
        #expect(timeline.entries[0].date == Self.now)
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(30 * 60)))
        #expect(timeline.entries[0].record?.player == "Ana")
        // key= reads another key.
        let chess = try await provider.timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now, parameters: ["key": "chess.blitz"]))
        #expect(chess.entries[0].record?.trophies == 1850 && chess.entries[0].source == .store("chess.blitz"))
    }

    @Test func aWriteToTheKeyReloadsTheWidget() {
        let widgets = BuiltinWidgets().widgetDescriptions
        let d = Dashboard(widgets: widgets, placements: [WidgetPlacement(kind: "trophies", family: .systemMedium),
                                                         WidgetPlacement(kind: "trophies", family: .systemSmall, parameters: ["key": "chess.blitz"]),
                                                         WidgetPlacement(kind: "recipes", family: .systemSmall)],
                          clock: ManualClock(Self.now))
        #expect(d.instances(affectedBy: .key("trophies.record")) == [0, 1])
        #expect(d.instances(affectedBy: .key("chess.blitz")) == [1])
        #expect(d.instances(affectedBy: .key("recipes.list")) == [2])
    }

    @Test func theResultBarSharesItsWidthInProportion() {
        #expect(ResultBar.cells([148, 97, 12], width: 42) == [24, 16, 2])
        #expect(ResultBar.cells([1, 0, 0], width: 10) == [10, 0, 0])
        // A single draw among many wins still shows.
        #expect(ResultBar.cells([500, 0, 1], width: 20) == [19, 0, 1])
        #expect(ResultBar.cells([0, 0, 0], width: 20) == [0, 0, 0])
        for counts in [[3, 3, 3], [7, 1, 2], [100, 1, 1], [1, 1, 1]] {
            #expect(ResultBar.cells(counts, width: 18).reduce(0, +) == 18)
        }
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func aRecordFromTheStoreGolden(family: WidgetFamily) throws {
        let entry = Self.entry(["trophies.record": try JSONValue.parse(Self.full)])
        Golden.assertMatches(try FeedWidgetTests.panel("trophies", entry, family), named: "trophies-store-\(family.shortName)")
    }
}

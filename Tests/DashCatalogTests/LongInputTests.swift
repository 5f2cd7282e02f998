@testable import DashCatalog
import Foundation
import Testing
import WidgetDash

/// Outside files with enormous fields: a clear error or a skipped line, in linear time.
@Suite(.timeLimit(.minutes(1))) struct LongInputTests {
    @Test func aRecipeNameOfFiveMegabytesIsRefusedWithItsField() throws {
        let name = String(repeating: "a", count: 5_000_000)
        do {
            _ = try RecipeBook.parse(#"[{"name": "\#(name)"}]"#)
            Issue.record("a 5 MB name must be refused")
        } catch {
            #expect(error.message == "[0].name: longer than 4096 bytes (5000000)")
        }
        #expect(throws: FeedError.self) { try RecipeBook.parse(#"{"recipes": ["\#(name)"]}"#) }
        #expect(throws: FeedError.self) { try RecipeBook.parse(#"[{"name": "x", "steps": ["\#(name)"]}]"#) }
        // At the cap it is read (and a panel shows what fits).
        let most = String(repeating: "a", count: RecipeBook.maxTextBytes)
        #expect(try RecipeBook.parse(#"[{"name": "\#(most)"}]"#).first?.name.count == RecipeBook.maxTextBytes)
    }

    @Test func anICSLineOfAMegabyteIsSkippedAndTheRestRead() throws {
        let summary = String(repeating: "b", count: 1_000_000)
        let text = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20261122T090000Z", "SUMMARY:" + summary, "END:VEVENT",
                    "BEGIN:VEVENT", "DTSTART:20261122T100000Z", "SUMMARY:Stand-up", "END:VEVENT", "END:VCALENDAR"].joined(separator: "\r\n")
        let calendar = try ICalendar.parse(text)
        #expect(calendar.events.map(\.title) == ["(no title)", "Stand-up"])
        #expect(calendar.problems == ["line 4: longer than 65536 bytes (skipped)"])
        // Folded into many physical lines, the logical line is just as long.
        let folded = ["BEGIN:VCALENDAR", "BEGIN:VEVENT", "DTSTART:20261122T090000Z", "SUMMARY:x"]
            + Array(repeating: " " + String(repeating: "c", count: 74), count: 14_000) + ["END:VEVENT", "END:VCALENDAR"]
        let long = try ICalendar.parse(folded.joined(separator: "\r\n"))
        #expect(long.events.count == 1 && long.problems.count == 1)
    }
}

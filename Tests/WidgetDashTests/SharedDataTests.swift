import Foundation
import Testing
@testable import WidgetDash

/// The JSON reader, the pushed-timeline format and the author's read API.
@Suite("Shared data")
struct SharedDataTests {
    @Test func parsesEveryKindOfValue() throws {
        let v = try JSONValue.parse(#" {"n": -1.5e2, "s": "a\u00e9\n", "b": [true, false, null], "o": {}} "#)
        #expect(v["n"] == .number(-150))
        #expect(v["s"] == .string("aé\n"))
        #expect(v["b"] == .array([.bool(true), .bool(false), .null]))
        #expect(v["o"] == .object([:]))
        #expect(try JSONValue.parse("71") == .number(71))
        #expect(try JSONValue.parse(#""\ud83d\ude00""#) == .string("😀"))
    }

    @Test func errorsSayWhereTheTextBroke() {
        #expect(throws: JSONParseError(line: 1, column: 9, message: "expected a member name in double quotes, found ','")) {
            try JSONValue.parse(#"{"a": 1,,}"#)
        }
        #expect(throws: JSONParseError(line: 3, column: 3, message: "expected ',' or ']' in the array, found '3'")) {
            try JSONValue.parse("[1,\n 2\n  3]")
        }
        #expect(throws: JSONParseError.self) { try JSONValue.parse(#""never closed"#) }
        #expect(throws: JSONParseError.self) { try JSONValue.parse("01") }
        // Deep nesting is refused, not a stack overflow.
        #expect(throws: JSONParseError.self) { try JSONValue.parse(String(repeating: "[", count: 10_000)) }
    }

    @Test func printedJSONEscapesControlsAndSortsKeys() throws {
        let v = JSONValue.object(["b": .string("\u{1B}[2J\u{07}"), "a": .number(3)])
        #expect(v.jsonText == #"{"a":3,"b":"\u001b[2J\u0007"}"#)
        #expect(try JSONValue.parse(v.jsonText) == v)
        #expect(JSONValue.number(0.5).jsonText == "0.5")
    }

    @Test func timelineFormatWithFieldPaths() throws {
        let t = try SharedTimeline.parse(#"{"entries": [{"date": 1800000000, "value": 2}, {"date": "2026-11-22T09:00:00Z", "value": "x"}], "policy": {"after": "2026-11-22T10:00:00Z"}}"#)
        #expect(t.entries.map(\.value) == [.string("x"), .number(2)])  // sorted by date
        #expect(t.policy == .after(Date(timeIntervalSince1970: 1_795_341_600)))
        #expect(throws: SharedTimelineError.field("entries[1].date", "\"tomorrow\" is not an ISO-8601 date with a zone (e.g. 2026-11-22T09:00:00Z)")) {
            try SharedTimeline.parse(#"{"entries": [{"date": 1, "value": 1}, {"date": "tomorrow", "value": 2}]}"#)
        }
        #expect(throws: SharedTimelineError.field("policy", "expected \"atEnd\", \"never\" or {\"after\": DATE}")) {
            try SharedTimeline.parse(#"{"entries": [], "policy": "sometimes"}"#)
        }
        #expect(throws: SharedTimelineError.field("entries[0].value", "missing")) {
            try SharedTimeline.parse(#"{"entries": [{"date": 1}]}"#)
        }
        // Round trip through the stored form.
        #expect(try SharedTimeline.decode(t.jsonValue) == t)
    }

    @Test func storeReadsAreSanitised() throws {
        #expect(try WidgetSharedStore.shared.value(forKey: "a.b") == nil)  // no backing bound: nothing, no crash
        let backing = WidgetSharedStore.Backing(
            value: { _ in .init(value: .object(["t": .string("ok\u{1B}]0;pwned\u{07}\u{1B}[2Jbell\u{07}")]), modified: Date()) },
            timeline: { _ in SharedTimeline(entries: [.init(date: Date(), value: .string("\u{1B}[31mred"))], policy: .never) })
        // A fixed backing, and the shared store fronting the bound services, both sanitise.
        for store in [WidgetSharedStore(backing: backing), .shared] {
            try WidgetServices(sharedStore: backing).bind { () throws in
                #expect(try store.value(forKey: "a.b")?["t"] == .string("okbell␇"))
                #expect(try store.timeline(named: "a")?.entries.first?.value == .string("red"))
            }
        }
        #expect(try WidgetSharedStore.shared.value(forKey: "a.b") == nil)
    }
}

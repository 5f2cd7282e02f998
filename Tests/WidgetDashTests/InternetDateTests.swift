import Foundation
import Testing
@testable import WidgetDash

/// The one date parser: RFC 3339 forms, bounds, and the inputs that crashed Foundation's.
@Suite struct InternetDateTests {
    static let base = Date(timeIntervalSince1970: 1_795_338_000)  // 2026-11-22T09:00:00Z

    @Test func readsTheInternetDateTimeForms() throws {
        #expect(InternetDate.parse("2026-11-22T09:00:00Z") == Self.base)
        #expect(InternetDate.parse("2026-11-22t09:00:00z") == Self.base)
        #expect(InternetDate.parse("2026-11-22 09:00:00Z") == Self.base)
        #expect(InternetDate.parse("2026-11-22T10:00:00+01:00") == Self.base)
        #expect(InternetDate.parse("2026-11-22T10:00:00+0100") == Self.base)
        #expect(InternetDate.parse("2026-11-22T04:30:00-04:30") == Self.base)
        #expect(InternetDate.parse("2026-11-22T10:00:00+01") == Self.base)
        let half = try #require(InternetDate.parse("2026-11-22T09:00:00.5Z"))
        #expect(abs(half.timeIntervalSince(Self.base) - 0.5) < 1e-6)
        let milli = try #require(InternetDate.parse("2026-11-22T09:00:00.123Z"))
        #expect(abs(milli.timeIntervalSince(Self.base) - 0.123) < 1e-6)
        #expect(InternetDate.parse("1970-01-01T00:00:00Z") == Date(timeIntervalSince1970: 0))
        #expect(InternetDate.parse("2000-02-29T00:00:00Z") == Date(timeIntervalSince1970: 951_782_400))
        #expect(InternetDate.parse("0001-01-01T00:00:00Z") == Date(timeIntervalSince1970: -62_135_596_800))
        #expect(InternetDate.parse("9999-12-31T23:59:59Z") == Date(timeIntervalSince1970: 253_402_300_799))
    }

    /// Foundation's ISO8601DateFormatter trapped (SIGFPE) on 35 fraction digits or more.
    @Test func aLongFractionKeepsNanosecondsAndIgnoresTheRest() throws {
        let long = "2026-11-22T09:00:00." + String(repeating: "9", count: 35) + "Z"
        let date = try #require(InternetDate.parse(long))
        #expect(date > Self.base && date <= Self.base.addingTimeInterval(1))
        #expect(abs(date.timeIntervalSince(Self.base) - 0.999_999_999) < 1e-6)
        // Up to the length cap any number of digits is read; past it the text is no date.
        let most = "2026-11-22T09:00:00." + String(repeating: "1", count: InternetDate.maximumLength - 21) + "Z"
        #expect(most.utf8.count == InternetDate.maximumLength)
        #expect(InternetDate.parse(most) != nil)
        #expect(InternetDate.parse("2026-11-22T09:00:00." + String(repeating: "1", count: 10_000) + "Z") == nil)
        #expect(InternetDate.parse(String(repeating: "2026-11-22T09:00:00Z", count: 1000)) == nil)
    }

    @Test func refusesWhatIsNotADateWithAZone() {
        for text in ["", "2026-11-22", "2026-11-22T09:00:00", "2026-11-22T09:00Z", "2026-13-01T00:00:00Z",
                     "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T09:60:00Z",
                     "2026-11-22T09:00:60Z", "2026-11-22T09:00:00.Z", "2026-11-22T09:00:00+24:00", "2026-11-22T09:00:00Zjunk",
                     "+2026-11-22T09:00:00Z", "20261122T090000Z", "2026-11-22T09:00:00+1", "２０２６-11-22T09:00:00Z",
                     "2026-11-22T09:00:00\u{1B}[2JZ"] {
            #expect(InternetDate.parse(text) == nil, "\(text)")
        }
    }

    @Test func numericDatesOutsideTheYearsOneToNineThousandAreRefused() throws {
        #expect(InternetDate.isInRange(secondsSince1970: 0))
        #expect(InternetDate.isInRange(secondsSince1970: 1_795_338_000))
        for bad in [1e300, -1e300, .infinity, -.infinity, .nan, 253_402_300_800] {
            #expect(!InternetDate.isInRange(secondsSince1970: bad))
        }
        // A pushed timeline with such a date is refused with its field, not drawn as year 5828963.
        let text = #"{"entries": [{"date": 1e300, "value": 1}]}"#
        #expect(throws: SharedTimelineError.self) { try SharedTimeline.parse(text) }
    }

    @Test func pushedTimelinesReadTheLongFraction() throws {
        let long = "2026-11-22T09:00:00." + String(repeating: "9", count: 40) + "Z"
        let timeline = try SharedTimeline.parse(#"{"entries": [{"date": "\#(long)", "value": 1}]}"#)
        #expect(timeline.entries.first.map { abs($0.date.timeIntervalSince(Self.base) - 1) < 1e-6 } == true)
    }

    /// `todo add --due` tries a date parameter's local form first; Calendar clamped a year of
    /// Int.max to 0001-01-01 and the item was taken.
    @Test func aDateParameterRefusesYearsPastNineThousand() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(WidgetParameter.date(from: "2026-11-22T09:00", timeZone: utc) == Self.base)
        #expect(WidgetParameter.date(from: "9999-12-31", timeZone: utc) != nil)
        for text in ["9223372036854775807-01-01", "99999999999999-01-01", "10000-01-01", "0-01-01"] {
            #expect(WidgetParameter.date(from: text, timeZone: utc) == nil, "\(text)")
        }
    }

    /// Activity JSON writes dates by hand instead of through `ISO8601DateFormatter` (which loads
    /// ICU's formatting at every start); the text must be the formatter's, to the millisecond.
    @Test func activityDatesAreWrittenAsTheFormatterWritesThem() {
        let plain = ISO8601DateFormatter()
        plain.timeZone = TimeZone(secondsFromGMT: 0)
        let fractional = ISO8601DateFormatter()
        fractional.timeZone = TimeZone(secondsFromGMT: 0)
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        var seconds: [Double] = [0, -0.5, -0.0005, 0.0005, 0.9995, 0.999_999_9, -1, 951_782_400, 951_868_799.999, 1_795_338_000.25,
                                 -12_212_553_600, -12_212_553_599.001, 253_402_300_799, 253_402_300_799.999,
                                 -62_135_596_800, 253_402_300_800, -62_135_596_800.5, 1e15, -1e15]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let whole = Double(Int64.random(in: -12_300_000_000...253_500_000_000, using: &generator))
            seconds.append(whole)
            seconds.append(whole + Double.random(in: 0..<1, using: &generator))
            seconds.append(whole + Double(Int.random(in: 0..<1000, using: &generator)) / 1000)
        }
        for value in seconds {
            let date = Date(timeIntervalSince1970: value)
            let formatter = date.timeIntervalSince1970.rounded() != date.timeIntervalSince1970 ? fractional : plain
            #expect(ActivityCoding.iso8601(date) == formatter.string(from: date), "\(value)")
        }
        #expect(InternetDate.utcText(Date(timeIntervalSince1970: -12_212_553_601), milliseconds: false) == nil)
        #expect(InternetDate.utcText(Date(timeIntervalSince1970: 253_402_300_800), milliseconds: false) == nil)
        #expect(InternetDate.utcText(Date(timeIntervalSince1970: 1_795_338_000.25), milliseconds: true) == "2026-11-22T09:00:00.250Z")
    }
}

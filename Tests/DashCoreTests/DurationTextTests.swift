import Foundation
import Testing
@testable import DashCore

/// One duration grammar for the config file, widget parameters and scenarios.
@Suite("Duration text")
struct DurationTextTests {
    @Test func unitsCombineAndTakeDecimals() throws {
        #expect(DurationText.parse("1h30m")?.seconds == 5400)
        #expect(DurationText.parse("1.5h")?.seconds == 5400)
        #expect(DurationText.parse("500ms")?.seconds == 0.5)
        #expect(DurationText.parse(" 2D ")?.seconds == 172_800)
        #expect(DurationText.parse("-1h30m")?.seconds == -5400)
        let bare = try #require(DurationText.parse("90"))
        #expect(bare.seconds == 90 && !bare.hasUnit)
        #expect(DurationText.parse("1h30m")?.hasUnit == true)
    }

    @Test func malformedTextIsNotADuration() {
        for text in ["", "-", "m", "5x", "5 s", "1h-30m", "h5", "1..5s", "inf", "soon"] {
            #expect(DurationText.parse(text) == nil, "\(text)")
        }
    }

    /// Each reader keeps its own rule about units and signs, but the same text means the same
    /// time everywhere: `every = "1h30m"` in the config is what a command widget waits.
    @Test func everyReaderAgrees() {
        for text in ["30s", "5m", "1h30m", "1.5h", "2d"] {
            let seconds = DurationText.parse(text)?.seconds
            #expect(ConfigReader.duration(text) == seconds, "\(text)")
            #expect(Scenario.duration(text) == seconds, "\(text)")
            #expect(DurationText.seconds(text) == seconds, "\(text)")
        }
        #expect(ConfigReader.duration("-5m") == nil)
        #expect(Scenario.duration("-5m") == -300)
        #expect(DurationText.seconds("-5m") == nil)
        #expect(ConfigReader.duration("15") == nil && Scenario.duration("15") == nil)
        #expect(DurationText.seconds("15") == 15)
    }

    /// A duration too long to count in whole seconds (`timeout = "1e300"`) is written, not
    /// trapped on, in the messages that quote it.
    @Test func durationsTooLongForWholeSecondsAreWritten() {
        #expect(DurationText.parse("1e300")?.seconds == 1e300)
        #expect(DurationText.describe(1e300) == "1e+300 s")
        #expect(TimelineScheduler.seconds(1e300) == "1e+300 s")
        #expect(DurationText.describe(120) == "2 min" && DurationText.describe(1.5) == "1.5 s")
        #expect(TimelineScheduler.seconds(30) == "30 s")
    }
}

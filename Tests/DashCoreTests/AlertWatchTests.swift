@testable import DashCore
import Testing
import WidgetDash

@Suite("Alerts: what a crossing does")
struct AlertWatchTests {
    static let bell = ["warn": "80", "critical": "95", "alert": "bell"]
    static let activity = ["warn": "80", "critical": "95", "alert": "activity"]

    @Test func crossingUpRingsOncePerCrossingNotPerRedraw() {
        var watch = AlertWatch()
        #expect(watch.observe(widget: "cpu", value: 50, parameters: Self.bell).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 85, parameters: Self.bell) == [.bell])
        // Staying above (the same value drawn again, or another value at the same level) is quiet.
        #expect(watch.observe(widget: "cpu", value: 85, parameters: Self.bell).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 90, parameters: Self.bell).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 99, parameters: Self.bell) == [.bell])
        #expect(watch.observe(widget: "cpu", value: 99, parameters: Self.bell).isEmpty)
        #expect(watch.level(of: "cpu") == .critical)
    }

    @Test func crossingDownIsQuietAndAFreshCrossingRingsAgain() {
        var watch = AlertWatch()
        _ = watch.observe(widget: "cpu", value: 99, parameters: Self.bell)
        #expect(watch.observe(widget: "cpu", value: 85, parameters: Self.bell).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 10, parameters: Self.bell).isEmpty)
        #expect(watch.level(of: "cpu") == .normal)
        #expect(watch.observe(widget: "cpu", value: 81, parameters: Self.bell) == [.bell])
    }

    @Test func belowThresholdsAlertOnFalling() {
        var watch = AlertWatch()
        let p = ["critical": "5", "below": "true", "alert": "bell"]
        #expect(watch.observe(widget: "disk", value: 40, parameters: p).isEmpty)
        #expect(watch.observe(widget: "disk", value: 4, parameters: p) == [.bell])
        #expect(watch.observe(widget: "disk", value: 3, parameters: p).isEmpty)
    }

    @Test func aValueAlreadyPastAtStartAlertsOnceAndNoValueChangesNothing() {
        var watch = AlertWatch()
        #expect(watch.observe(widget: "cpu", value: nil, parameters: Self.bell).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 97, parameters: Self.bell) == [.bell])
        #expect(watch.observe(widget: "cpu", value: nil, parameters: Self.bell).isEmpty)
        #expect(watch.level(of: "cpu") == .critical)
        #expect(watch.observe(widget: "other", value: 97, parameters: [:]).isEmpty)
    }

    @Test func onAlertRunsAtEachChangeOfLevelWithTheValue() {
        var watch = AlertWatch()
        let p = ["warn": "80", "critical": "95", "on_alert": "echo hi"]
        #expect(watch.observe(widget: "cpu", value: 96.5, parameters: p) == [.command("echo hi", environment: [
            "WIDGETDASH_WIDGET": "cpu", "WIDGETDASH_VALUE": "96.5", "WIDGETDASH_LEVEL": "critical", "WIDGETDASH_PREVIOUS_LEVEL": "normal",
        ])])
        #expect(watch.observe(widget: "cpu", value: 97, parameters: p).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 12, parameters: p) == [.command("echo hi", environment: [
            "WIDGETDASH_WIDGET": "cpu", "WIDGETDASH_VALUE": "12", "WIDGETDASH_LEVEL": "normal", "WIDGETDASH_PREVIOUS_LEVEL": "critical",
        ])])
    }

    @Test func theActivityStartsUpdatesAndEndsOnRecovery() {
        var watch = AlertWatch()
        #expect(watch.observe(widget: "cpu", value: 50, parameters: Self.activity).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 85, parameters: Self.activity) == [.showActivity(widget: "cpu", value: 85, level: .warning)])
        #expect(watch.observe(widget: "cpu", value: 85, parameters: Self.activity).isEmpty)
        #expect(watch.observe(widget: "cpu", value: 88, parameters: Self.activity) == [.showActivity(widget: "cpu", value: 88, level: .warning)])
        #expect(watch.observe(widget: "cpu", value: 97, parameters: Self.activity) == [.showActivity(widget: "cpu", value: 97, level: .critical)])
        #expect(watch.observe(widget: "cpu", value: 20, parameters: Self.activity) == [.endActivity(widget: "cpu")])
        #expect(watch.observe(widget: "cpu", value: 10, parameters: Self.activity).isEmpty)
    }
}

import Testing
@testable import WidgetDash

@Suite("Alert thresholds")
struct AlertThresholdTests {
    @Test func risingValuesCrossWarnThenCritical() {
        let t = AlertThreshold(warn: 80, critical: 95)
        #expect(t.level(of: 79.9) == .normal)
        #expect(t.level(of: 80) == .warning)
        #expect(t.level(of: 94) == .warning)
        #expect(t.level(of: 95) == .critical)
        #expect(t.level(of: 1e9) == .critical)
    }

    @Test func fallingValuesCrossWhenBelow() {
        let t = AlertThreshold(warn: 20, critical: 5, below: true)
        #expect(t.level(of: 50) == .normal)
        #expect(t.level(of: 20) == .warning)
        #expect(t.level(of: 5) == .critical)
        #expect(t.level(of: -3) == .critical)
    }

    @Test func oneThresholdAloneAndNonFiniteValues() {
        #expect(AlertThreshold(critical: 10).level(of: 9) == .normal)
        #expect(AlertThreshold(critical: 10).level(of: 10) == .critical)
        #expect(AlertThreshold(warn: 10).level(of: 11) == .warning)
        #expect(AlertThreshold(warn: 10).level(of: .nan) == .normal)
        #expect(AlertThreshold(warn: 10).level(of: .infinity) == .normal)
    }

    @Test func readFromParameters() {
        #expect(AlertThreshold(parameters: [:]) == nil)
        #expect(AlertThreshold(parameters: ["below": "true"]) == nil)
        #expect(AlertThreshold(parameters: ["warn": "80.5", "critical": "95"]) == AlertThreshold(warn: 80.5, critical: 95))
        #expect(AlertThreshold(parameters: ["critical": "5", "below": "true"]) == AlertThreshold(critical: 5, below: true))
        #expect(AlertThreshold(parameters: ["warn": "lots"]) == nil)
    }

    @Test func aWarningPastTheCriticalLevelIsAProblem() {
        #expect(AlertThreshold(warn: 80, critical: 95).problem == nil)
        #expect(AlertThreshold(warn: 96, critical: 95).problem != nil)
        #expect(AlertThreshold(warn: 20, critical: 5, below: true).problem == nil)
        #expect(AlertThreshold(warn: 5, critical: 20, below: true).problem != nil)
    }
}

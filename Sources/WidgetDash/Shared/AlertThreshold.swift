import Foundation

/// How far a watched value has gone: within bounds, past `warn`, or past `critical`.
package enum AlertLevel: Int, Sendable, Comparable, CaseIterable {
    case normal, warning, critical

    package static func < (a: AlertLevel, b: AlertLevel) -> Bool { a.rawValue < b.rawValue }

    /// The word used in the environment of `on_alert` and in the island.
    package var name: String {
        switch self {
        case .normal: "normal"
        case .warning: "warning"
        case .critical: "critical"
        }
    }
}

/// The `warn` and `critical` thresholds of a data, http or prometheus widget, read from its
/// parameters (`warn=80`, `critical=95`, `below=true` for values that must stay high).
///
/// Pure: the widget's view asks it for the level of the value it shows (to tint its panel),
/// and the host asks it what changed between two values (to ring, run or start an activity).
package struct AlertThreshold: Sendable, Equatable {
    package var warn: Double?
    package var critical: Double?
    /// Whether falling to a threshold (rather than rising to it) is the alert.
    package var below: Bool

    package init(warn: Double? = nil, critical: Double? = nil, below: Bool = false) {
        self.warn = warn
        self.critical = critical
        self.below = below
    }

    /// The thresholds a widget's parameters declare, or nil when it declares none.
    package init?(parameters: [String: String]) {
        let warn = parameters["warn"].flatMap(Self.number)
        let critical = parameters["critical"].flatMap(Self.number)
        guard warn != nil || critical != nil else { return nil }
        self.init(warn: warn, critical: critical, below: parameters["below"] == "true")
    }

    /// The level of `value`; a value at a threshold has reached it.
    package func level(of value: Double) -> AlertLevel {
        guard value.isFinite else { return .normal }
        func reached(_ limit: Double?) -> Bool {
            guard let limit else { return false }
            return below ? value <= limit : value >= limit
        }
        if reached(critical) { return .critical }
        if reached(warn) { return .warning }
        return .normal
    }

    /// What is wrong with the pair (a warning beyond the critical level), or nil.
    package var problem: String? {
        guard let warn, let critical else { return nil }
        if below, warn < critical { return "warn (\(Self.show(warn))) is below critical (\(Self.show(critical))); with below = true, warn must be the higher one" }
        if !below, warn > critical { return "warn (\(Self.show(warn))) is above critical (\(Self.show(critical))); warn must be the lower one (or set below = true)" }
        return nil
    }

    /// The keys a widget table may use for thresholds and what crossing them does.
    package static let keys = ["warn", "critical", "below", "alert", "on_alert"]

    static func number(_ text: String) -> Double? {
        guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite else { return nil }
        return n
    }

    package static func show(_ n: Double) -> String { n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n) }
}

/// An entry showing one number that thresholds may watch (data, http and prometheus widgets):
/// the host reads it to ring, run `on_alert` or show the alert activity.
package protocol ThresholdWatchedEntry: TimelineEntry {
    /// The number shown (a sparkline's last), nil when there is none.
    var watchedValue: Double? { get }
    /// The widget's parameters, where its thresholds and alert are.
    var watchedParameters: [String: String] { get }
}

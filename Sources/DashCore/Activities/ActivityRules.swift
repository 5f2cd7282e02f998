import Foundation
import WidgetDash

/// The life of a Live Activity as pure functions of its record and a moment (WIDGETKIT.md §7).
///
/// Nothing is stored about time passing: a record keeps when it started, when `end` was
/// called and how it is to be dismissed, and the state at any moment follows from those. So the
/// dashboard, the CLI and tests under a manual clock always agree, and a dashboard that slept
/// through the eighth hour shows the activity ended the moment it wakes.
///
/// ```
///  pending ──start──▶ active ──staleDate──▶ stale
///                       │  ╲                 │
///                       │   ╲──8 h active────┤
///                     end()                  ▼
///                       └───────────────▶ ended ──policy, at most 4 h──▶ dismissed
/// ```
public enum ActivityRules {
    /// The state of `record` at `now`.
    public static func state(of record: ActivityRecord, at now: Date) -> ActivityState {
        if now >= removalDate(of: record) { return .dismissed }
        if now >= endDate(of: record) { return .ended }
        if now < record.startDate { return .pending }
        if let stale = record.staleDate, now >= stale { return .stale }
        return .active
    }

    /// When the activity ends: when `end` was called, or 8 hours after it started, whichever
    /// comes first.
    public static func endDate(of record: ActivityRecord) -> Date {
        let limit = record.startDate.addingTimeInterval(ActivityLimits.maximumActiveDuration)
        guard let ended = record.ended else { return limit }
        return min(ended, limit)
    }

    /// When the activity leaves every screen. `.default` keeps it until the person removes it or
    /// 4 hours pass; `.after(d)` goes at `d`, at the earliest when it ends, at the latest 4 hours after.
    public static func removalDate(of record: ActivityRecord) -> Date {
        let end = endDate(of: record)
        let latest = end.addingTimeInterval(ActivityLimits.maximumEndedDuration)
        // The policy counts once `end` was called; an activity ended by the 8-hour limit keeps
        // the default.
        guard record.ended != nil else { return latest }
        switch record.dismissalPolicy {
        case .default: return latest
        case .immediate: return end
        case .after(let date): return min(max(date, end), latest)
        }
    }

    /// The next moment after `now` at which the state changes by itself; nil when it never will.
    public static func nextChange(of record: ActivityRecord, after now: Date) -> Date? {
        let candidates: [Date?] = [record.startDate, record.staleDate, endDate(of: record), removalDate(of: record)]
        return candidates.compactMap { $0 }.filter { $0 > now }.min()
    }

    /// True while the activity counts against the limit of how many may run at once.
    public static func isRunning(_ state: ActivityState) -> Bool {
        state == .pending || state == .active || state == .stale
    }

    /// True while an update is accepted.
    public static func acceptsUpdates(_ state: ActivityState) -> Bool { isRunning(state) }

    /// Most relevant first; among equal scores, the one started first.
    public static func ordered(_ records: [ActivityRecord]) -> [ActivityRecord] {
        records.sorted { a, b in
            if a.relevanceScore != b.relevanceScore { return a.relevanceScore > b.relevanceScore }
            return a.sequence < b.sequence
        }
    }

    /// The activities on screen at `now` (neither pending nor dismissed), in order.
    public static func shown(_ records: [ActivityRecord], at now: Date) -> [ActivityRecord] {
        ordered(records.filter { let s = state(of: $0, at: now); return s != .pending && s != .dismissed })
    }

    /// Checks the size of attributes plus state against the limit.
    public static func checkPayload(attributes: Data, state: Data) throws(ActivityAuthorizationError) {
        let size = attributes.count + state.count
        if size > ActivityLimits.maximumPayloadSize {
            throw .attributesTooLarge(size: size, limit: ActivityLimits.maximumPayloadSize)
        }
    }

    /// A dismissal policy as scripts write it: `default`, `immediate`, `after:ISO-8601`.
    public static func parseDismissal(_ text: String) -> ActivityUIDismissalPolicy? {
        switch text {
        case "default": return .default
        case "immediate": return .immediate
        default:
            guard text.hasPrefix("after:"), let date = SharedTimeline.parseISO8601(String(text.dropFirst(6))) else { return nil }
            return .after(date)
        }
    }

    /// The policy as scripts write it (the inverse of ``parseDismissal(_:)``).
    public static func text(of policy: ActivityUIDismissalPolicy) -> String {
        switch policy {
        case .default: "default"
        case .immediate: "immediate"
        case .after(let date): "after:" + ActivityCoding.iso8601(date)
        }
    }
}

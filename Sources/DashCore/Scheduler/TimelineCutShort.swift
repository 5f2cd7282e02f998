import Foundation
import WidgetDash

/// A reload that failed part way: the entries that arrived before the failure, and why the
/// rest did not.
///
/// A widget extension streams its timeline one rendered entry at a time, so a view that traps
/// on its fourth entry has already delivered three. The scheduler shows those at their dates,
/// as any timeline's, and counts the reload as failed: the next try waits until they run out
/// (`runsOut`, the date of the first entry that did not arrive) and then the retry backoff.
/// The timeline's last entry is the one that says the widget stopped, dated `runsOut`.
public struct TimelineCutShort: Error, CustomStringConvertible {
    /// The entries that arrived, then the one that says why the rest did not; it may hold a
    /// placeholder even when no entry arrived.
    public var timeline: ErasedTimeline
    /// When the entries that arrived run out.
    public var runsOut: Date
    /// Why the rest did not arrive.
    public var failure: any Error

    public init(timeline: ErasedTimeline, runsOut: Date, failure: any Error) {
        self.timeline = timeline
        self.runsOut = runsOut
        self.failure = failure
    }

    public var description: String { String(describing: failure) }
}

import Foundation
import WidgetDash

/// What a widget's source said at one moment: what it read, or why there is nothing to show.
///
/// The machine widgets (battery, disks, network, uptime, mail) each read something of this
/// machine and show either the reading or a reason; their entries differ only in that state,
/// so they share this one entry type and name it after themselves.
///
/// ```swift
/// public typealias DiskEntry = SourceEntry<DiskSourceState>
/// let broken = DiskEntry(date: now, state: .unavailable("/proc/self/mounts is not readable"))
/// ```
public struct SourceEntry<Source: SourceState>: TimelineEntry {
    /// The widget's state type, named as each widget's own entry named it (`DiskEntry.State`).
    public typealias State = Source

    public let date: Date
    public let state: State

    public init(date: Date, state: State) {
        self.date = date
        self.state = state
    }

    public var relevance: TimelineEntryRelevance? { state.relevance }
}

/// The state a source-fed widget shows: its reading, the calm "nothing here" cases it knows
/// (no battery, only loopback) and `unavailable` with the reason the source could not be read.
public protocol SourceState: Hashable, Sendable {
    /// The source could not be read; the text says what and why, and is shown in the widget.
    static func unavailable(_ reason: String) -> Self
    /// How much an entry in this state deserves the top of a Smart Stack; nil unless it says.
    var relevance: TimelineEntryRelevance? { get }
}

extension SourceState {
    public var relevance: TimelineEntryRelevance? { nil }

    /// A file of the system that could not be read, said the same way by every widget.
    static func unreadable(_ path: String) -> Self { .unavailable("\(path) is not readable") }
}

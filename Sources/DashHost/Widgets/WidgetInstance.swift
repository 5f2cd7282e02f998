import Foundation
import WidgetDash

/// Why a widget's timeline was asked for.
public enum ReloadReason: String, Hashable, Sendable, Codable {
    /// The first load when the widget appears.
    case initial
    /// The timeline's policy came due (`.atEnd` or `.after`).
    case policy
    /// The user asked (the `r` or `R` key).
    case user
    /// An intent performed from the widget.
    case intent
    /// The theme or color scheme changed.
    case appearance
    /// The first reload after an unlock, for widgets whose data is protected.
    case unlock
    /// WidgetCenter, from inside or from a script.
    case widgetCenter
    /// A retry after a failed or abandoned request.
    case retry
}

/// One widget on screen: its kind and family, its timeline, and where it stands in it.
public final class WidgetInstance {
    public let id: Int
    public let description: WidgetDescription
    public let family: WidgetFamily

    /// The current timeline's entries, sorted by date.
    public private(set) var entries: [any TimelineEntry] = []
    public private(set) var policy: TimelineReloadPolicy = .never
    /// When the current timeline arrived.
    public private(set) var timelineDate: Date?
    /// The index of the entry on screen, nil while only the placeholder can be shown.
    public private(set) var currentIndex: Int?
    public var status: PanelStatus = .loading
    /// The last completed reload: why, when, and how long the provider took.
    public private(set) var lastReload: (reason: ReloadReason, at: Date, seconds: TimeInterval)?

    init(id: Int, description: WidgetDescription, family: WidgetFamily) {
        self.id = id
        self.description = description
        self.family = family
    }

    /// The entry on screen, nil when the placeholder is shown.
    public var currentEntry: (any TimelineEntry)? { currentIndex.map { entries[$0] } }

    /// Takes a new timeline; an empty one keeps what was shown, as in WidgetKit.
    func apply(_ timeline: ErasedTimeline, reason: ReloadReason, at now: Date, seconds: TimeInterval) {
        lastReload = (reason, now, seconds)
        status = .ok
        timelineDate = now
        policy = timeline.policy
        guard !timeline.entries.isEmpty else { return }
        entries = timeline.entries.sorted { $0.date < $1.date }
        currentIndex = nil
        updateCurrentEntry(at: now)
    }

    /// Moves to the entry for `now`: the latest one dated at or before it, else the first.
    /// Returns true when the entry on screen changed.
    @discardableResult
    func updateCurrentEntry(at now: Date) -> Bool {
        guard !entries.isEmpty else { return false }
        var index = 0
        // Entries are sorted; the last one not after `now` wins.
        var lo = 0, hi = entries.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if entries[mid].date <= now { index = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        if entries[0].date > now { index = 0 }
        let changed = index != currentIndex
        currentIndex = index
        return changed
    }

    /// When the next entry takes over, if one is still to come.
    func nextEntryDate(after now: Date) -> Date? {
        entries.first { $0.date > now }?.date
    }

    /// When the timeline's policy asks for a new one (before jitter and budget).
    func policyReloadDate() -> Date? {
        switch policy {
        case .never: return nil
        case .after(let date): return date
        case .atEnd:
            // With no entries there is no end to wait for: ask again in a while.
            if let last = entries.last?.date { return last }
            return timelineDate.map { $0.addingTimeInterval(15 * 60) }
        }
    }
}

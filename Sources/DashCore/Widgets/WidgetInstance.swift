import Foundation
import WidgetDash

/// Why a widget's timeline was asked for.
public enum ReloadReason: String, Hashable, Sendable, Codable, CaseIterable {
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

    /// True when the reload spends the instance's budget.
    ///
    /// Only reloads the system starts on its own (the policy coming due, and retries of a
    /// failed request) are budgeted. Everything a person or the app caused is exempt, as on
    /// iOS: the first load, `r`/`R` and WidgetCenter (the app is in the foreground), intents,
    /// appearance changes and the first reload after an unlock of protected data. Retries are
    /// budgeted so a provider that keeps failing cannot reload more often than a healthy one.
    public var isBudgeted: Bool {
        switch self {
        case .policy, .retry: true
        case .initial, .user, .intent, .appearance, .unlock, .widgetCenter: false
        }
    }
}

/// One widget on screen: its kind and family, its timeline, and where it stands in it.
public final class WidgetInstance {
    public let id: Int
    /// Its widget, configured with the instance's parameters; the platter (`e`) swaps it.
    public internal(set) var description: WidgetDescription {
        didSet { contentRevision &+= 1 }
    }
    public let family: WidgetFamily

    /// Where the instance stands in its timeline, in one value: the scheduler reads and changes
    /// it on every step, and each access to a class's stored property is checked for
    /// exclusivity at run time, so one access per step beats one per field.
    ///
    /// That one access is not checked either (about 90 instructions, two million times in a
    /// simulated day of 10,000 widgets): `timeline` is private, every access is in this file and
    /// ends before the method returns, and the only outside code run during one is an entry's
    /// `date` (while a timeline is sorted), written against WidgetDash, which cannot name a
    /// `WidgetInstance` to reach back. The panel's status and last error live in it too: every
    /// reload reads or writes them, and as stored properties each access was checked.
    @exclusivity(unchecked) private var timeline = TimelineState()

    /// The current timeline's entries, sorted by date.
    public var entries: [any TimelineEntry] { timeline.entries }
    public var policy: TimelineReloadPolicy { timeline.policy }
    /// When the current timeline arrived.
    public var timelineDate: Date? { timeline.date }
    /// The index of the entry on screen, nil while only the placeholder can be shown.
    public var currentIndex: Int? { timeline.currentIndex }
    public var status: PanelStatus {
        get { timeline.status }
        set { timeline.status = newValue }
    }
    /// The last completed reload: why, when, and how long the provider took.
    public var lastReload: (reason: ReloadReason, at: Date, seconds: TimeInterval)? { timeline.lastReload }
    /// The last failure (a thrown error or a time-out), kept until a reload succeeds.
    public internal(set) var lastError: String? {
        get { timeline.lastError }
        set { timeline.lastError = newValue }
    }
    /// A problem with the last timeline the host corrected (too many entries), for the inspector.
    public var warning: String? { timeline.warning }
    /// How many timelines have arrived (the jitter draw uses it).
    public var timelineCount: Int { timeline.count }
    /// The placeholder the last answer brought (a widget extension's), shown instead of asking
    /// the provider when no entry can be shown; nil: the provider's.
    public private(set) var placeholder: (any TimelineEntry)? {
        didSet { contentRevision &+= 1 }
    }
    /// Counts the changes to what the panel's view is made of besides the timeline: the widget
    /// (configured anew) and the placeholder.
    private(set) var contentRevision = 0

    /// What the panel's view is made from, as a value that changes whenever it does: the
    /// timeline (each arrival counts), the entry shown, the widget and the placeholder.
    var contentKey: ContentKey { ContentKey(timeline: timeline.count, entry: timeline.currentIndex, revision: contentRevision) }

    /// See ``contentKey``.
    struct ContentKey: Equatable {
        var timeline: Int
        var entry: Int?
        var revision: Int
    }

    init(id: Int, description: WidgetDescription, family: WidgetFamily) {
        self.id = id
        self.description = description
        self.family = family
    }

    /// The entry on screen, nil when the placeholder is shown.
    public var currentEntry: (any TimelineEntry)? { timeline.currentIndex.map { timeline.entries[$0] } }

    /// Takes a new timeline; an empty one keeps what was shown, as in WidgetKit.
    ///
    /// Entries out of order are sorted; more than `entryLimit` are cut to the earliest ones,
    /// with a warning kept for the inspector. `dates`, when the caller made the entries and
    /// has them, are the entries' dates in their order (the simulator's).
    func apply(_ timeline: ErasedTimeline, reason: ReloadReason, at now: Date, seconds: TimeInterval, entryLimit: Int = .max,
               dates: UnsafeBufferPointer<Date>? = nil) {
        status = .ok
        lastError = nil
        keepPlaceholder(of: timeline)
        self.timeline.apply(timeline, reason: reason, at: now, seconds: seconds, entryLimit: entryLimit, dates: dates)
    }

    /// Keeps the placeholder `timeline` brought, if any (it arrives on the loop, with the
    /// timeline's delivery, like everything else the instance shows).
    func keepPlaceholder(of timeline: ErasedTimeline) {
        // Asked first: most timelines bring none, and even an empty optional existential is
        // destroyed through its type's witnesses.
        guard timeline.hasPlaceholder else { return }
        if let placeholder = timeline.placeholder { self.placeholder = placeholder }
    }

    /// Moves to the entry for `now`: the latest one dated at or before it, else the first.
    /// Returns true when the entry on screen changed.
    @discardableResult
    func updateCurrentEntry(at now: Date) -> Bool { timeline.updateCurrentEntry(at: now) }

    /// The entries' dates, sorted (the scheduler keeps a copy, to search on every step without
    /// reaching into the instance).
    var entryDates: [Date] { timeline.entryDates }

    /// Starts bringing the timeline state into the cache, for the scheduler's step after this
    /// one (see `TimelineScheduler.State.fetchAhead`).
    @inline(__always)
    func fetchTimelineAhead() {
        withUnsafeMutablePointer(to: &timeline) { state in
            // Every line of it: a delivery writes fields from the first to the last.
            for offset in stride(from: 0, to: MemoryLayout<TimelineState>.size, by: 64) {
                FetchAhead.line(UnsafeRawPointer(state) + offset)
            }
        }
    }

    /// What the scheduler needs to date the next policy reload, read in one access: the
    /// policy's date (before jitter and budget), whether the policy is `.after` (jittered), and
    /// how many timelines have arrived (the jitter draw uses it).
    func policyReload() -> (date: Date?, isAfter: Bool, timelineCount: Int) {
        // Field by field: a copy of the whole state would retain each of its arrays and strings.
        if case .after = timeline.policy { return (timeline.policyReloadDate(), true, timeline.count) }
        return (timeline.policyReloadDate(), false, timeline.count)
    }
}

/// An instance's timeline and its place in it, and what its panel says.
struct TimelineState {
    var status: PanelStatus = .loading
    var lastError: String?
    var entries: [any TimelineEntry] = []
    /// The entries' dates, kept beside them: the scheduler searches them on every step, and
    /// reading a date through the existential each time is measurably slower.
    var entryDates: [Date] = []
    var policy: TimelineReloadPolicy = .never
    var date: Date?
    var currentIndex: Int?
    var lastReload: (reason: ReloadReason, at: Date, seconds: TimeInterval)?
    var warning: String?
    var count = 0

    mutating func apply(_ timeline: ErasedTimeline, reason: ReloadReason, at now: Date, seconds: TimeInterval, entryLimit: Int,
                        dates: UnsafeBufferPointer<Date>? = nil) {
        lastReload = (reason, now, seconds)
        warning = nil
        date = now
        count += 1
        policy = timeline.policy
        guard !timeline.entries.isEmpty else { return }
        // The dates go into the last timeline's storage (the scheduler lets go of its copy
        // first): a new array per timeline was an allocation and a free per reload.
        // A stable check first: most providers already send their entries in order. Dates the
        // caller already has are copied, not read entry by entry through the existential.
        let arrived = timeline.entries.count
        var inOrder = if let dates, dates.count == arrived { Self.fill(&entryDates, from: dates) } else { false }
        if !inOrder { inOrder = Self.fill(&entryDates, with: timeline.entries) }
        if inOrder && arrived <= entryLimit {
            // Taken as they came: a sorted copy held beside them was a retain and a release.
            entries = timeline.entries
        } else {
            var sorted = timeline.entries
            if !inOrder {
                sorted.sort { $0.date < $1.date }
                Self.fill(&entryDates, with: sorted)
            }
            if sorted.count > entryLimit {
                warning = "timeline of \(sorted.count) entries cut to \(entryLimit)"
                sorted.removeLast(sorted.count - max(1, entryLimit))
                entryDates.removeLast(entryDates.count - sorted.count)
            }
            entries = sorted
        }
        currentIndex = nil
        updateCurrentEntry(at: now)
    }

    /// Replaces `dates` with the entries' dates, keeping its storage; true when they are in
    /// order (each no earlier than the one before).
    @discardableResult
    private static func fill(_ dates: inout [Date], with entries: [any TimelineEntry]) -> Bool {
        entries.withUnsafeBufferPointer { source in fill(&dates, count: source.count) { source[$0].date } }
    }

    /// Replaces `dates` with `source` (dates the caller already has), keeping its storage; true
    /// when they are in order.
    private static func fill(_ dates: inout [Date], from source: UnsafeBufferPointer<Date>) -> Bool {
        fill(&dates, count: source.count) { source[$0] }
    }

    /// Replaces `dates` with `count` dates read by `date`, keeping its storage; true when they
    /// are in order.
    ///
    /// Written through buffers: appending one by one checked the storage's uniqueness and
    /// capacity for every date.
    @inline(__always)
    private static func fill(_ dates: inout [Date], count: Int, from date: (Int) -> Date) -> Bool {
        if dates.count != count {
            dates.removeAll(keepingCapacity: true)
            dates.append(contentsOf: repeatElement(Date(timeIntervalSinceReferenceDate: 0), count: count))
        }
        var ordered = true
        dates.withUnsafeMutableBufferPointer { target in
            for k in 0..<count {
                let next = date(k)
                target[k] = next
                if k > 0 && !(target[k - 1] <= next) { ordered = false }
            }
        }
        return ordered
    }

    @discardableResult
    mutating func updateCurrentEntry(at now: Date) -> Bool {
        // The dates, not the entries: they are as many, and the scheduler moves from entry to
        // entry without touching the entries' own storage (a cache miss on most steps).
        guard !entryDates.isEmpty else { return false }
        var index = 0
        // Entries are sorted; the last one not after `now` wins.
        var lo = 0, hi = entryDates.count - 1
        while lo <= hi {
            let mid = (lo + hi) / 2
            if entryDates[mid] <= now { index = mid; lo = mid + 1 } else { hi = mid - 1 }
        }
        let changed = index != currentIndex
        currentIndex = index
        return changed
    }

    /// The first of sorted `dates` after `now` (binary search).
    static func firstDate(after now: Date, in dates: [Date]) -> Date? {
        dates.withUnsafeBufferPointer { dates in
            // Both ends stay within 0...count, so the arithmetic cannot overflow: unchecked, as
            // the scheduler searches on every step.
            var lo = 0, hi = dates.count
            while lo < hi {
                let mid = (lo &+ hi) >> 1
                if dates[mid] <= now { lo = mid &+ 1 } else { hi = mid }
            }
            return lo < dates.count ? dates[lo] : nil
        }
    }

    /// When the policy asks for a new timeline (before jitter and budget).
    func policyReloadDate() -> Date? {
        switch policy {
        case .never: return nil
        case .after(let date): return date
        case .atEnd:
            // With no entries there is no end to wait for: ask again in a while. The last
            // entry's date is read from the dates kept beside the entries (the same, in order),
            // not by copying the entry out through its existential.
            if let last = entryDates.last { return last }
            return date.map { $0.addingTimeInterval(15 * 60) }
        }
    }
}

import Foundation
import Synchronization
import WidgetDash

/// How many Live Activities may run at once, as the config file says now: the shell sets it
/// whenever it reads the config, and the store's backing reads it when an intent starts one, so
/// the dashboard never reads the config a second time for it.
public final class ActivityMaximum: Sendable {
    private let value: Mutex<Int>

    public init(_ count: Int = ActivityLimits.defaultMaximumCount) { value = Mutex(count) }

    public var count: Int { value.withLock { $0 } }

    public func set(_ count: Int) { value.withLock { $0 = count } }
}

/// Where a dashboard's Live Activities come from: the shared store, or a test's list.
public struct ActivitySource: Sendable {
    /// Every activity not dismissed (called off the run loop).
    public var load: @Sendable () throws -> [ActivityRecord]
    /// The person removes an activity from the lock screen.
    public var dismiss: @Sendable (String) throws -> Void

    public init(load: @escaping @Sendable () throws -> [ActivityRecord], dismiss: @escaping @Sendable (String) throws -> Void) {
        self.load = load
        self.dismiss = dismiss
    }
}

/// The run loop's view of the Live Activities: what the store holds, which one is expanded,
/// alerts, and what was drawn where (for keys and clicks).
///
/// Loads run off the loop and come back through a mailbox, as providers' timelines do. Time
/// needs no loads: a record says when it goes stale, ends and leaves, and ``deadline(now:)``
/// wakes the loop at those moments. Kept by the shell across dashboards rebuilt on a config
/// change, so an expanded island stays open.
public final class ActivityController {
    /// The activity types the bundle knows, by ``ActivityDescription/activityType``.
    public let descriptions: [String: ActivityDescription]
    let source: ActivitySource?

    /// Every activity the last load found (not dismissed then), in start order.
    public private(set) var records: [ActivityRecord] = []
    /// Why the last load failed (the store is damaged or unreadable); the lock screen says so
    /// above the cards it still has.
    public private(set) var loadProblem: String?

    private let mailbox = LoopMailbox<ActivityLoad>()
    private var loading: Task<Void, Never>?
    private var loadAgain = false

    /// The activity opened in the island: by the person (`x`, a click: until Esc) or by an
    /// alert (until `until`).
    public struct Expansion: Equatable, Sendable {
        public var id: String
        public var byPerson: Bool
        public var until: Date?
        public var alert: AlertConfiguration?
    }
    public internal(set) var expansion: Expansion?
    /// The alert date last seen per activity, so each alert expands the island once.
    private var seenAlerts: [String: Date] = [:]
    /// The lock screen's banner: an alert while locked.
    public internal(set) var banner: (alert: AlertConfiguration, until: Date)?
    /// Real seconds an alert keeps the island open (or its banner up).
    public var alertSeconds: TimeInterval = 5
    /// When this controller was made, in real time: alerts sent before it are not shown.
    let startedAt: Date

    // What the last frame drew, in screen coordinates.
    var islandRect: CellRect?
    var islandElements: [InteractiveElement] = []
    var islandFocus = FocusRing()
    var cards: [(id: String, rect: CellRect, elements: [InteractiveElement])] = []
    var cardFocus = FocusRing()

    private var viewCache: [String: (version: Int, stale: Bool, views: Result<ActivityViews, ActivityPayloadError>)] = [:]

    public init(descriptions: [ActivityDescription], source: ActivitySource?, startedAt: Date = Date()) {
        self.startedAt = startedAt
        self.descriptions = Dictionary(descriptions.map { ($0.activityType, $0) }, uniquingKeysWith: { first, _ in first })
        self.source = source
        reload()
    }

    /// Sets the function that wakes the run loop when a load has answered.
    public func setWaker(_ wake: @escaping @Sendable () -> Void) { mailbox.setWaker(wake) }

    /// Reads the activities again (a script changed one); a load already running is followed
    /// by one more, so the last change is never missed.
    public func reload() {
        guard let source else { return }
        if loading != nil {
            loadAgain = true
            return
        }
        let mailbox = self.mailbox
        loading = Task.detached {
            let result: Result<[ActivityRecord], LoadFailure>
            do { result = .success(try source.load()) } catch { result = .failure(LoadFailure(message: "\(error)")) }
            mailbox.post(ActivityLoad(result: result))
        }
    }

    /// The person removes ended activities from the lock screen (`x`, as clearing a
    /// notification): they go from the screen at once, and from the store off the loop.
    public func dismiss(_ ids: [String]) {
        guard !ids.isEmpty else { return }
        records.removeAll { ids.contains($0.id) }
        guard let source else { return }
        let removal = Task.detached {
            for id in ids { try? source.dismiss(id) }
        }
        dismissals.append(removal)
    }

    /// Dismissals on their way to the store, so tests and tools can wait for them.
    private var dismissals: [Task<Void, Never>] = []

    /// Waits for the dismissals in flight (tests and tools).
    public func settleDismissals() async {
        for task in dismissals { await task.value }
        dismissals.removeAll()
    }

    /// Waits for the load in flight and takes it in (tests and tools).
    public func settle(now: Date, speed: Double = 1) async {
        while let task = loading {
            await task.value
            _ = advance(now: now, speed: speed)
        }
    }

    /// Sets the activities directly (tests, previews).
    public func setRecords(_ records: [ActivityRecord], now: Date, speed: Double = 1) {
        take(records, now: now, speed: speed)
    }

    /// Takes in finished loads and ends what has timed out; true when the screen changed.
    public func advance(now: Date, speed: Double) -> Bool {
        var changed = false
        for load in mailbox.drain() {
            loading = nil
            switch load.result {
            case .success(let records):
                take(records, now: now, speed: speed)
                loadProblem = nil
            case .failure(let failure):
                loadProblem = failure.message
            }
            changed = true
            if loadAgain {
                loadAgain = false
                reload()
            }
        }
        if let e = expansion, let until = e.until, now >= until {
            expansion = nil
            changed = true
        }
        if let e = expansion, !inIsland(at: now).contains(where: { $0.id == e.id }) {
            expansion = nil
            changed = true
        }
        if let b = banner, now >= b.until {
            banner = nil
            changed = true
        }
        if let next = records.compactMap({ ActivityRules.nextChange(of: $0, after: now.addingTimeInterval(-1)) }).min(), next <= now {
            changed = true
        }
        return changed
    }

    private func take(_ new: [ActivityRecord], now: Date, speed: Double) {
        records = new
        let ids = Set(new.map(\.id))
        viewCache = viewCache.filter { ids.contains($0.key) }
        seenAlerts = seenAlerts.filter { ids.contains($0.key) }
        for record in new {
            guard let alert = record.alert, let sent = record.alertDate, seenAlerts[record.id] != sent else { continue }
            seenAlerts[record.id] = sent
            // An alert sent before this dashboard started is history, not news. Both dates are
            // real time (scripts stamp alerts with the wall clock), so time travel does not
            // make a fresh alert look old.
            if sent < startedAt { continue }
            let until = now.addingTimeInterval(alertSeconds * speed)
            if expansion?.byPerson != true { expansion = Expansion(id: record.id, byPerson: false, until: until, alert: alert) }
            banner = (alert, until)
        }
    }

    /// The next moment something about the activities changes by itself: a state change, the
    /// end of an alert (a live timer on screen is the frame's: ``Frame/nextRedraw``). Nil:
    /// nothing to wait for.
    public func deadline(now: Date) -> Date? {
        var dates = records.compactMap { ActivityRules.nextChange(of: $0, after: now) }
        if let until = expansion?.until { dates.append(until) }
        if let until = banner?.until { dates.append(until) }
        return dates.min()
    }

    /// The activities on screen at `now`, most relevant first: the lock screen's cards.
    public func shown(at now: Date) -> [ActivityRecord] { ActivityRules.shown(records, at: now) }

    /// The activities the island may show: running ones only. As on the phone, an ended
    /// activity leaves the island at once and stays on the lock screen until it is dismissed.
    public func inIsland(at now: Date) -> [ActivityRecord] {
        shown(at: now).filter { ActivityRules.state(of: $0, at: now) != .ended }
    }

    /// The views of `record` at `now`, made once per update and once more when it turns stale.
    public func views(for record: ActivityRecord, at now: Date) -> Result<ActivityViews, ActivityPayloadError> {
        let stale = ActivityRules.state(of: record, at: now) == .stale
        if let cached = viewCache[record.id], cached.version == record.version, cached.stale == stale { return cached.views }
        let result: Result<ActivityViews, ActivityPayloadError>
        if let description = descriptions[record.activityType] {
            do throws(ActivityPayloadError) { result = .success(try description.views(record, stale)) } catch { result = .failure(error) }
        } else {
            result = .failure(ActivityPayloadError(what: "type", message: "no activity type \"\(record.activityType)\" in this build"))
        }
        viewCache[record.id] = (record.version, stale, result)
        return result
    }

    /// Views that stand in for an activity whose views cannot be made: its type and the problem.
    static func fallbackViews(for record: ActivityRecord, problem: ActivityPayloadError) -> ActivityViews {
        let name = TextSanitizer.sanitize(record.activityType, keepNewlines: false)
        let island = DynamicIsland {
            DynamicIslandExpandedRegion(.leading) { Label(name, systemImage: "exclamationmark.triangle") }
            DynamicIslandExpandedRegion(.bottom) { Text(problem.description).foregroundStyle(.secondary).lineLimit(2) }
        } compactLeading: {
            Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
        } compactTrailing: {
            Text(name).lineLimit(1)
        } minimal: {
            Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
        }
        let card = VStack(alignment: .leading, spacing: 0) {
            Label(name, systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
            Text(problem.description).foregroundStyle(.secondary).lineLimit(3)
        }
        return ActivityViews(lockScreen: AnyView(card), island: island, backgroundTint: nil)
    }

    /// The views, or the stand-in when they cannot be made.
    func viewsOrFallback(for record: ActivityRecord, at now: Date) -> ActivityViews {
        switch views(for: record, at: now) {
        case .success(let views): views
        case .failure(let problem): Self.fallbackViews(for: record, problem: problem)
        }
    }

    /// The activity the island expands for `x`: the most relevant one.
    func toggleExpansion(at now: Date) -> Bool {
        if expansion != nil {
            expansion = nil
            islandFocus.clear()
            return true
        }
        guard let top = inIsland(at: now).first else { return false }
        expansion = Expansion(id: top.id, byPerson: true, until: nil, alert: nil)
        islandFocus.clear()
        return true
    }
}

/// One answer of a load.
struct ActivityLoad: Sendable {
    var result: Result<[ActivityRecord], LoadFailure>
}

/// Why a load failed, as a message.
struct LoadFailure: Error {
    var message: String
}

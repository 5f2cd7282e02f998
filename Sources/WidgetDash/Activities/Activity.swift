import Foundation
import Synchronization

/// One Live Activity as the system keeps it: its type, attributes and state as canonical JSON,
/// and the moments that decide its ``ActivityState``.
public struct ActivityRecord: Hashable, Sendable, Identifiable {
    public var id: String
    /// The attributes type's ``ActivityAttributes/activityType``.
    public var activityType: String
    /// ``ActivityCoding/encode(_:)`` of the attributes and of the current content state.
    public var attributes: Data
    public var state: Data
    public var staleDate: Date?
    public var relevanceScore: Double
    /// When it was asked for, and when it becomes active (later for a scheduled start).
    public var requested: Date
    public var startDate: Date
    /// When `end` was called; nil while it runs (it still ends by itself after 8 hours).
    public var ended: Date?
    public var dismissalPolicy: ActivityUIDismissalPolicy
    /// The last update's alert, and when it was sent.
    public var alert: AlertConfiguration?
    public var alertDate: Date?
    /// Start order, for ties in relevance: the one started first wins.
    public var sequence: Int
    /// Grows with every change, so a host redraws only what changed.
    public var version: Int

    public init(id: String, activityType: String, attributes: Data, state: Data, staleDate: Date? = nil, relevanceScore: Double = 0,
                requested: Date, startDate: Date? = nil, ended: Date? = nil, dismissalPolicy: ActivityUIDismissalPolicy = .default,
                alert: AlertConfiguration? = nil, alertDate: Date? = nil, sequence: Int = 0, version: Int = 1) {
        self.id = id
        self.activityType = activityType
        self.attributes = attributes
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
        self.requested = requested
        self.startDate = startDate ?? requested
        self.ended = ended
        self.dismissalPolicy = dismissalPolicy
        self.alert = alert
        self.alertDate = alertDate
        self.sequence = sequence
        self.version = version
    }

    /// The bytes the payload limit counts: attributes plus state, encoded.
    public var payloadSize: Int { attributes.count + state.count }
}

/// Starts, changes and lists Live Activities for the API; the host hands in what does the work
/// with its ``WidgetServices``.
///
/// The author API stays pure, as with ``WidgetCenter``: with no backing bound (a snapshot,
/// a test), requests fail with ``ActivityAuthorizationError/unsupported(_:)`` and the lists are
/// empty. `widgetdash run` gives a backing over the shared store, so an activity started by
/// an intent is the same one `widgetdash activity list` shows.
public final class ActivitySystem: Sendable {
    /// The system of the services bound to the calling task (the host's).
    public static let shared = ActivitySystem()

    /// What the host does for activities. Not for widget authors.
    public struct Backing: Sendable {
        /// Starts an activity (`start` nil: now); throws ``ActivityAuthorizationError``.
        public var request: @Sendable (_ type: String, _ attributes: Data, _ state: Data, _ staleDate: Date?, _ relevance: Double, _ start: Date?) throws -> ActivityRecord
        /// Replaces the state (and stale date and relevance), with an optional alert.
        public var update: @Sendable (_ id: String, _ state: Data, _ staleDate: Date?, _ relevance: Double, _ alert: AlertConfiguration?) throws -> Void
        /// Ends an activity, with a final state when given.
        public var end: @Sendable (_ id: String, _ state: Data?, _ staleDate: Date?, _ relevance: Double?, _ dismissal: ActivityUIDismissalPolicy) throws -> Void
        /// The activities of a type that are not dismissed, each with its state now.
        public var activities: @Sendable (_ type: String) -> [(record: ActivityRecord, state: ActivityState)]

        public init(
            request: @escaping @Sendable (String, Data, Data, Date?, Double, Date?) throws -> ActivityRecord,
            update: @escaping @Sendable (String, Data, Date?, Double, AlertConfiguration?) throws -> Void,
            end: @escaping @Sendable (String, Data?, Date?, Double?, ActivityUIDismissalPolicy) throws -> Void,
            activities: @escaping @Sendable (String) -> [(record: ActivityRecord, state: ActivityState)]
        ) {
            self.request = request
            self.update = update
            self.end = end
            self.activities = activities
        }
    }

    /// A fixed backing, or nil to use the bound services' one.
    private let fixed: Backing?

    /// The system of the bound services, as ``shared`` is.
    public init() { fixed = nil }

    /// A system that always uses `backing`, whatever is bound (tests).
    public init(backing: Backing) { fixed = backing }

    var current: Backing? { fixed ?? WidgetServices.current.activities }
}

/// A running Live Activity, as ActivityKit's `Activity`: start one with ``request(attributes:content:start:)``,
/// change it with ``update(_:alertConfiguration:)``, finish it with ``end(_:dismissalPolicy:)``.
///
/// ```swift
/// let activity = try Activity.request(
///     attributes: DeliveryAttributes(orderNumber: "1042", item: "Margherita"),
///     content: ActivityContent(state: .init(status: "Baking", eta: eta, driver: nil), staleDate: nil))
/// await activity.update(ActivityContent(state: .init(status: "On its way", eta: eta, driver: "Sam"), staleDate: nil),
///                       alertConfiguration: AlertConfiguration(title: "On its way", body: "Sam has your pizza"))
/// await activity.end(nil, dismissalPolicy: .after(.now + 600))
/// ```
///
/// As in ActivityKit, `update` and `end` do not throw: one the system refuses (too large, or
/// the activity has ended) is dropped. ``lastError`` keeps why, for those who want to know.
public final class Activity<Attributes: ActivityAttributes>: Sendable, Identifiable {
    public let id: String
    public let attributes: Attributes
    private let system: ActivitySystem
    private let latest: Mutex<(content: ActivityContent<Attributes.ContentState>, state: ActivityState, error: String?)>

    init(id: String, attributes: Attributes, content: ActivityContent<Attributes.ContentState>, state: ActivityState, system: ActivitySystem) {
        self.id = id
        self.attributes = attributes
        self.system = system
        latest = Mutex((content, state, nil))
    }

    /// The content last seen for this activity (refreshed by ``activities`` and ``refresh()``).
    public var content: ActivityContent<Attributes.ContentState> { latest.withLock { $0.content } }

    /// The state last seen (refreshed by ``activities`` and ``refresh()``).
    public var activityState: ActivityState { latest.withLock { $0.state } }

    /// Why the last `update` or `end` was refused; nil when it went through.
    public var lastError: String? { latest.withLock { $0.error } }

    /// Starts a Live Activity, or throws ``ActivityAuthorizationError`` (too large, too many
    /// running, no host). `start` schedules it for later (it is `pending` until then).
    public static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>, start: Date? = nil) throws -> Activity<Attributes> {
        try request(attributes: attributes, content: content, start: start, system: .shared)
    }

    static func request(attributes: Attributes, content: ActivityContent<Attributes.ContentState>, start: Date?, system: ActivitySystem) throws -> Activity<Attributes> {
        guard let backing = system.current else { throw ActivityAuthorizationError.noHost }
        let record = try backing.request(Attributes.activityType, try ActivityCoding.encode(attributes), try ActivityCoding.encode(content.state),
                                         content.staleDate, content.relevanceScore, start)
        let state: ActivityState = record.startDate > record.requested ? .pending : .active
        return Activity(id: record.id, attributes: attributes, content: content, state: state, system: system)
    }

    /// The activities of this type that are not dismissed, most relevant first.
    public static var activities: [Activity<Attributes>] { activities(in: .shared) }

    static func activities(in system: ActivitySystem) -> [Activity<Attributes>] {
        guard let backing = system.current else { return [] }
        return backing.activities(Attributes.activityType).compactMap { record, state in
            guard let attributes = try? ActivityCoding.decode(Attributes.self, from: record.attributes, what: "attributes"),
                  let content = content(of: record) else { return nil }
            return Activity(id: record.id, attributes: attributes, content: content, state: state, system: system)
        }
    }

    /// A stored record's content, or nil when its state no longer decodes into this type.
    private static func content(of record: ActivityRecord) -> ActivityContent<Attributes.ContentState>? {
        guard let state = try? ActivityCoding.decode(Attributes.ContentState.self, from: record.state, what: "state") else { return nil }
        return ActivityContent(state: state, staleDate: record.staleDate, relevanceScore: record.relevanceScore)
    }

    /// Reads this activity's content and state again from the system.
    public func refresh() {
        guard let backing = system.current else { return }
        guard let (record, state) = backing.activities(Attributes.activityType).first(where: { $0.record.id == id }) else {
            latest.withLock { $0.state = .dismissed }
            return
        }
        if let content = Self.content(of: record) {
            latest.withLock { $0.content = content; $0.state = state }
        }
    }

    /// Replaces the content; with an alert, the Dynamic Island expands for a few seconds (the
    /// lock screen shows a banner). Refused when too large or ended (see ``lastError``).
    public func update(_ content: ActivityContent<Attributes.ContentState>, alertConfiguration: AlertConfiguration? = nil) async {
        perform {
            try $0.update(id, try ActivityCoding.encode(content.state), content.staleDate, content.relevanceScore, alertConfiguration)
            latest.withLock { $0.content = content }
        }
    }

    /// Ends the activity, with a final content when given; it leaves the screen as the policy says.
    public func end(_ content: ActivityContent<Attributes.ContentState>?, dismissalPolicy: ActivityUIDismissalPolicy = .default) async {
        perform {
            try $0.end(id, try content.map { try ActivityCoding.encode($0.state) }, content?.staleDate, content?.relevanceScore, dismissalPolicy)
            latest.withLock {
                if let content { $0.content = content }
                $0.state = dismissalPolicy == .immediate ? .dismissed : .ended
            }
        }
    }

    private func perform(_ body: (ActivitySystem.Backing) throws -> Void) {
        guard let backing = system.current else {
            latest.withLock { $0.error = ActivityAuthorizationError.noHost.description }
            return
        }
        do {
            try body(backing)
            latest.withLock { $0.error = nil }
        } catch {
            latest.withLock { $0.error = "\(error)" }
        }
    }
}

import DashCore
import Foundation
import GRDB
import WidgetDash

/// Live Activities in the shared store: scripts (through the CLI) and intents (through
/// `ActivitySystem`) start, update and end them here, and every running dashboard reads them.
///
/// Each change is one write transaction: the checks (size, the limit of running activities,
/// the state) and the write happen under SQLite's write lock, so two scripts starting an
/// activity at once cannot both take the last place, and a refused change writes nothing.
/// Activities past their removal date are deleted by the next write.
extension SharedStore {
    /// Starts an activity and returns it; `start` later than `now` schedules it (pending).
    ///
    /// Throws ``ActivityAuthorizationError/attributesTooLarge(size:limit:)`` when attributes
    /// plus state exceed 4,096 bytes, ``ActivityAuthorizationError/globalMaximumExceeded(limit:)``
    /// when `maximumCount` activities are pending, active or stale already.
    public func requestActivity(type: String, attributes: Data, state: Data, staleDate: Date? = nil, relevance: Double = 0,
                                start: Date? = nil, now: Date = Date(), maximumCount: Int = ActivityLimits.defaultMaximumCount) throws -> ActivityRecord {
        try ActivityRules.checkPayload(attributes: attributes, state: state)
        return try pool.write { db in
            let existing = try Self.removeDismissed(db, now: now)
            let running = existing.filter { ActivityRules.isRunning(ActivityRules.state(of: $0, at: now)) }.count
            guard running < maximumCount else { throw ActivityAuthorizationError.globalMaximumExceeded(limit: maximumCount) }
            let sequence = (existing.map(\.sequence).max() ?? 0) + 1
            let record = ActivityRecord(id: UUID().uuidString.lowercased(), activityType: type, attributes: attributes, state: state,
                                        staleDate: staleDate, relevanceScore: relevance, requested: now, startDate: max(now, start ?? now),
                                        sequence: sequence, version: 1)
            try Self.insert(record, db)
            return record
        }
    }

    /// Replaces an activity's state; `relevance` nil keeps the score it had. An alert expands the
    /// island for a moment on every dashboard.
    @discardableResult
    public func updateActivity(id: String, state: Data, staleDate: Date?, relevance: Double? = nil, alert: AlertConfiguration? = nil,
                               now: Date = Date()) throws -> ActivityRecord {
        try pool.write { db in
            _ = try Self.removeDismissed(db, now: now)
            guard var record = try Self.fetch(id, db) else { throw ActivityUpdateError.unknownActivity(id) }
            guard ActivityRules.acceptsUpdates(ActivityRules.state(of: record, at: now)) else { throw ActivityUpdateError.ended(record.id) }
            try ActivityRules.checkPayload(attributes: record.attributes, state: state)
            record.state = state
            record.staleDate = staleDate
            if let relevance { record.relevanceScore = relevance }
            record.alert = alert
            record.alertDate = alert == nil ? nil : now
            record.version += 1
            try Self.insert(record, db)
            return record
        }
    }

    /// Ends an activity (with a final state when given) and sets how it is dismissed. Ending
    /// one that has ended already only changes its final state and dismissal.
    @discardableResult
    public func endActivity(id: String, state: Data? = nil, staleDate: Date? = nil, relevance: Double? = nil,
                            dismissal: ActivityUIDismissalPolicy = .default, now: Date = Date()) throws -> ActivityRecord {
        try pool.write { db in
            _ = try Self.removeDismissed(db, now: now)
            guard var record = try Self.fetch(id, db) else { throw ActivityUpdateError.unknownActivity(id) }
            if let state {
                try ActivityRules.checkPayload(attributes: record.attributes, state: state)
                record.state = state
                record.staleDate = staleDate
            }
            if let relevance { record.relevanceScore = relevance }
            if record.ended == nil { record.ended = min(now, ActivityRules.endDate(of: record)) }
            record.dismissalPolicy = dismissal
            record.alert = nil
            record.alertDate = nil
            record.version += 1
            if ActivityRules.state(of: record, at: now) == .dismissed {
                try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [record.id])
            } else {
                try Self.insert(record, db)
            }
            return record
        }
    }

    /// The person removes an activity from the screen: it ends now (if it had not) and goes.
    public func dismissActivity(id: String, now: Date = Date()) throws {
        try endActivity(id: id, dismissal: .immediate, now: now)
    }

    /// Every activity not dismissed at `now`, in start order.
    public func activities(at now: Date = Date()) throws -> [ActivityRecord] {
        try pool.read { db in
            try Self.fetchAll(db).filter { ActivityRules.state(of: $0, at: now) != .dismissed }
        }
    }

    /// Every activity stored, whatever its state: a dashboard on a travelling clock decides for
    /// itself what is dismissed at its "now".
    public func allActivities() throws -> [ActivityRecord] {
        try pool.read { db in try Self.fetchAll(db) }
    }

    /// The activity `text` names: its id, or a prefix of one id (at least 4 characters), as git
    /// takes commit ids. Throws ``ActivityUpdateError`` for none or several.
    public func activity(matching text: String, now: Date = Date()) throws -> ActivityRecord {
        let wanted = text.lowercased()
        let records = try activities(at: now)
        if let exact = records.first(where: { $0.id == wanted }) { return exact }
        let matches = wanted.count >= 4 ? records.filter { $0.id.hasPrefix(wanted) } : []
        switch matches.count {
        case 1: return matches[0]
        case 0: throw ActivityUpdateError.unknownActivity(text)
        default: throw ActivityUpdateError.ambiguousID(text, matches.map(\.id))
        }
    }

    /// The full id of the activity `text` names (see ``activity(matching:now:)``).
    public func resolveActivityID(_ text: String, now: Date = Date()) throws -> String {
        try activity(matching: text, now: now).id
    }

    // MARK: Rows

    /// Deletes the activities whose removal date has passed; returns the rest.
    private static func removeDismissed(_ db: Database, now: Date) throws -> [ActivityRecord] {
        var kept: [ActivityRecord] = []
        for record in try fetchAll(db) {
            if ActivityRules.state(of: record, at: now) == .dismissed {
                try db.execute(sql: "DELETE FROM activity WHERE id = ?", arguments: [record.id])
            } else {
                kept.append(record)
            }
        }
        return kept
    }

    private static func fetch(_ id: String, _ db: Database) throws -> ActivityRecord? {
        try Row.fetchOne(db, sql: "SELECT * FROM activity WHERE id = ?", arguments: [id]).flatMap(record)
    }

    private static func fetchAll(_ db: Database) throws -> [ActivityRecord] {
        try Row.fetchAll(db, sql: "SELECT * FROM activity ORDER BY seq").compactMap(record)
    }

    private static func insert(_ r: ActivityRecord, _ db: Database) throws {
        try db.execute(sql: """
            INSERT OR REPLACE INTO activity (id, type, attributes, state, stale, relevance, requested, start, ended, dismissal,
                                             alert_title, alert_body, alert_date, seq, version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [
                r.id, r.activityType, String(decoding: r.attributes, as: UTF8.self), String(decoding: r.state, as: UTF8.self),
                r.staleDate?.timeIntervalSince1970, r.relevanceScore, r.requested.timeIntervalSince1970, r.startDate.timeIntervalSince1970,
                r.ended?.timeIntervalSince1970, ActivityRules.text(of: r.dismissalPolicy),
                r.alert?.title, r.alert?.body, r.alertDate?.timeIntervalSince1970, r.sequence, r.version,
            ])
    }

    /// A row as a record; nil for a row this build cannot read (skipped rather than fatal).
    private static func record(_ row: Row) -> ActivityRecord? {
        guard let id = row["id"] as String?, let type = row["type"] as String?,
              let attributes = row["attributes"] as String?, let state = row["state"] as String?,
              let requested = row["requested"] as Double?, let start = row["start"] as Double?,
              let dismissalText = row["dismissal"] as String?, let dismissal = ActivityRules.parseDismissal(dismissalText) else { return nil }
        func date(_ column: String) -> Date? { (row[column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        var alert: AlertConfiguration?
        if let title = row["alert_title"] as String?, let body = row["alert_body"] as String? { alert = AlertConfiguration(title: title, body: body) }
        return ActivityRecord(
            id: id, activityType: type, attributes: Data(attributes.utf8), state: Data(state.utf8), staleDate: date("stale"),
            relevanceScore: row["relevance"] as Double? ?? 0, requested: Date(timeIntervalSince1970: requested),
            startDate: Date(timeIntervalSince1970: start), ended: date("ended"), dismissalPolicy: dismissal,
            alert: alert, alertDate: date("alert_date"), sequence: row["seq"] as Int? ?? 0, version: row["version"] as Int? ?? 1)
    }
}

extension LazySharedStore {
    /// A backing for ``ActivitySystem`` over this store, opened on first use: intents and Swift
    /// code start and change activities here, in real time, as scripts do; `changed` tells
    /// dashboards (this one and others) about each change.
    public func activityBacking(maximum: ActivityMaximum, changed: @escaping @Sendable (String) -> Void) -> ActivitySystem.Backing {
        ActivitySystem.Backing(
            request: { [self] type, attributes, state, stale, relevance, start in
                let record = try store().requestActivity(type: type, attributes: attributes, state: state, staleDate: stale,
                                                         relevance: relevance, start: start, now: Date(), maximumCount: maximum.count)
                changed(record.id)
                return record
            },
            update: { [self] id, state, stale, relevance, alert in
                try store().updateActivity(id: id, state: state, staleDate: stale, relevance: relevance, alert: alert, now: Date())
                changed(id)
            },
            end: { [self] id, state, stale, relevance, dismissal in
                try store().endActivity(id: id, state: state, staleDate: stale, relevance: relevance, dismissal: dismissal, now: Date())
                changed(id)
            },
            activities: { [self] type in
                let now = Date()
                let records = (try? store().activities(at: now)) ?? []
                return ActivityRules.ordered(records.filter { $0.activityType == type }).map { ($0, ActivityRules.state(of: $0, at: now)) }
            }
        )
    }
}

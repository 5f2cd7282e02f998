import DashCore
import Foundation
import GRDB
import Synchronization
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The shared store: JSON values under `KIND.KEY` keys and pushed timelines, in SQLite.
///
/// ```swift
/// let store = try SharedStore.open(at: StoreLocation.resolve(dataDirectory: nil))
/// try store.set("cpu.temp", to: .number(71))
/// try store.value(forKey: "cpu.temp")?.value  // .number(71)
/// ```
///
/// A GRDB `DatabasePool` in WAL mode, so the dashboard reads while scripts write, and writers
/// in several processes wait for each other (busy time-out) instead of failing. The directory
/// is made 0700 and the file 0600 (SQLite gives its -wal and -shm files the same mode). The
/// schema version is SQLite's `user_version`; migrations run in one write transaction, and a
/// store written by a newer widgetdash is refused without being changed.
public final class SharedStore: Sendable {
    /// The schema this build writes.
    public static let schemaVersion = 3

    public let location: StoreLocation
    /// Set when opening had to move a damaged file aside: what happened, for the user.
    public let notice: String?
    // DatabasePool is Sendable: GRDB serialises writes and hands out readers itself.
    let pool: DatabasePool

    private init(location: StoreLocation, pool: DatabasePool, notice: String?) {
        self.location = location
        self.pool = pool
        self.notice = notice
    }

    /// Opens (creating if needed) the store at `location`.
    ///
    /// A file that is not an SQLite database is renamed `store.sqlite.damaged-DATE` (with its
    /// -wal/-shm) and a fresh store is made; ``notice`` says so. A newer schema throws
    /// ``SharedStoreError/newerSchema(found:supported:path:)`` before anything is written.
    public static func open(at location: StoreLocation) throws(SharedStoreError) -> SharedStore {
        let file = location.storeFile
        do { try makePrivateDirectory(location.dataDirectory) } catch {
            throw .unusable(file.path, "cannot create its directory: \(error.localizedDescription)")
        }
        var notice: String?
        switch inspectHeader(file) {
        case .missing:
            // Created here with 0600 so SQLite (which copies the mode to -wal/-shm) never
            // makes a world-readable file under a permissive umask.
            let fd = Glibc.open(file.path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) }
        case .database(let version):
            if version > schemaVersion { throw .newerSchema(found: version, supported: schemaVersion, path: file.path) }
        case .notADatabase:
            notice = try moveAside(file)
        }
        do {
            let pool = try makePool(file)
            try migrate(pool, path: file.path)
            return SharedStore(location: location, pool: pool, notice: notice)
        } catch let error as SharedStoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB || error.resultCode == .SQLITE_CORRUPT {
            // The header looked right but the file is damaged: same cure as a foreign file.
            guard notice == nil else { throw .unusable(file.path, error.message ?? "\(error)") }
            let moved = try moveAside(file)
            do {
                let pool = try makePool(file)
                try migrate(pool, path: file.path)
                return SharedStore(location: location, pool: pool, notice: moved)
            } catch {
                throw .unusable(file.path, "\(error)")
            }
        } catch {
            throw .unusable(file.path, "\(error)")
        }
    }

    // MARK: Values

    /// The value of `key` and when it was written, or nil.
    public func value(forKey key: String) throws -> WidgetSharedStore.StoredValue? {
        try pool.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT json, modified FROM value WHERE key = ?", arguments: [key]) else { return nil }
            return try Self.stored(row)
        }
    }

    /// Stores `value` under `key` (`KIND.KEY`), stamped with the current time.
    public func set(_ key: String, to value: JSONValue, at date: Date = Date()) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO value (key, json, modified) VALUES (?, ?, ?)",
                           arguments: [key, value.jsonText, date.timeIntervalSince1970])
        }
    }

    /// Removes `key`; false when it was not there.
    @discardableResult
    public func unset(_ key: String) throws -> Bool {
        try pool.write { db in
            try db.execute(sql: "DELETE FROM value WHERE key = ?", arguments: [key])
            return db.changesCount > 0
        }
    }

    /// Every key, sorted; only those of `kind` (`kind.…`) when given.
    public func keys(kind: String? = nil) throws -> [String] {
        try pool.read { db in
            if let kind {
                // A range instead of LIKE: `_` in a kind is a LIKE wildcard, and the range uses the index.
                return try String.fetchAll(db, sql: "SELECT key FROM value WHERE key >= ? AND key < ? ORDER BY key",
                                           arguments: [kind + ".", kind + "/"])
            }
            return try String.fetchAll(db, sql: "SELECT key FROM value ORDER BY key")
        }
    }

    // MARK: Timelines

    /// Stores a timeline for `name` (a kind), replacing the previous one.
    public func push(_ timeline: SharedTimeline, for name: String, at date: Date = Date()) throws {
        try pool.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO timeline (name, json, pushed) VALUES (?, ?, ?)",
                           arguments: [name, timeline.jsonValue.jsonText, date.timeIntervalSince1970])
        }
    }

    /// Removes the timeline pushed for `name`, so its widgets show their keys again.
    public func removeTimeline(named name: String) throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM timeline WHERE name = ?", arguments: [name]) }
    }

    /// The timeline last pushed for `name`, or nil.
    public func timeline(named name: String) throws -> SharedTimeline? {
        let text = try pool.read { db in
            try String.fetchOne(db, sql: "SELECT json FROM timeline WHERE name = ?", arguments: [name])
        }
        guard let text else { return nil }
        do { return try SharedTimeline.parse(text) } catch {
            throw SharedStoreError.unusable(location.storeFile.path, "the timeline of \(name) is damaged: \(error)")
        }
    }

    /// The backing for ``WidgetSharedStore`` that reads this store.
    public var backing: WidgetSharedStore.Backing {
        WidgetSharedStore.Backing(value: { [self] in try value(forKey: $0) }, timeline: { [self] in try timeline(named: $0) })
    }

    /// A backing over `opened`, which opens the store on the first read that finds a store file
    /// (shared with the process's other users, the activities), so a dashboard whose widgets
    /// read keys nobody has set yet never pays for SQLite; an error to open is reported by every
    /// read (in the panels).
    public static func lazyBacking(_ opened: LazySharedStore) -> WidgetSharedStore.Backing {
        var backing = WidgetSharedStore.Backing(
            value: { key in try opened.existingStore()?.value(forKey: key) },
            timeline: { name in try opened.existingStore()?.timeline(named: name) }
        )
        // A write from widget code is `widgetdash set` (or `unset`): checked, stored, and told
        // to every dashboard, this one included, which reloads the widgets that show the key.
        backing.set = { key, value in
            if let problem = StoreKey.problem(withKey: key) { throw WidgetSharedStore.ReadError(problem) }
            let changed: Bool
            if let value { try opened.store().set(key, to: value); changed = true } else { changed = try opened.store().unset(key) }
            if changed { StoreNotifier.post([.key(key)], location: opened.location) }
        }
        return backing
    }

    // MARK: Opening

    private enum Header { case missing, database(version: Int), notADatabase }

    /// Reads the first 100 bytes: SQLite's magic string and `user_version` (offset 60, big
    /// endian), so a newer or foreign file is recognised without opening it with SQLite.
    private static func inspectHeader(_ file: URL) -> Header {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return .missing }
        defer { try? handle.close() }
        let bytes = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        if bytes.isEmpty { return .missing }  // an empty file is what SQLite makes of a new store
        guard bytes.count == 100, bytes.starts(with: Array("SQLite format 3\0".utf8)) else { return .notADatabase }
        let version = bytes[60..<64].reduce(0) { $0 << 8 | Int($1) }
        return .database(version: version)
    }

    private static func moveAside(_ file: URL) throws(SharedStoreError) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        let aside = file.path + ".damaged-" + stamp
        guard rename(file.path, aside) == 0 else {
            throw .unusable(file.path, "it is not a database and could not be moved aside: \(String(cString: strerror(errno)))")
        }
        for suffix in ["-wal", "-shm"] { _ = rename(file.path + suffix, aside + suffix) }
        let fd = Glibc.open(file.path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
        return "\(file.path) was not a widgetdash store; moved it to \(aside) and started a new, empty store"
    }

    private static func makePool(_ file: URL) throws -> DatabasePool {
        var configuration = Configuration()
        // Writers in other processes hold the lock for milliseconds; wait rather than fail.
        configuration.busyMode = .timeout(10)
        configuration.maximumReaderCount = 2
        configuration.label = "widgetdash.store"
        return try DatabasePool(path: file.path, configuration: configuration)
    }

    /// The migrations, by the version they bring the schema to.
    private static let migrations: [(version: Int, sql: String)] = [
        (1, """
            CREATE TABLE value (key TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL, modified REAL NOT NULL) WITHOUT ROWID;
            CREATE TABLE timeline (name TEXT PRIMARY KEY NOT NULL, json TEXT NOT NULL, pushed REAL NOT NULL) WITHOUT ROWID;
            """),
        // Live Activities (see SharedStore+Activities.swift).
        (2, """
            CREATE TABLE activity (
                id TEXT PRIMARY KEY NOT NULL,
                type TEXT NOT NULL,
                attributes TEXT NOT NULL,
                state TEXT NOT NULL,
                stale REAL,
                relevance REAL NOT NULL,
                requested REAL NOT NULL,
                start REAL NOT NULL,
                ended REAL,
                dismissal TEXT NOT NULL,
                alert_title TEXT,
                alert_body TEXT,
                alert_date REAL,
                seq INTEGER NOT NULL,
                version INTEGER NOT NULL
            ) WITHOUT ROWID;
            """),
        // The network widgets' last good answers, by URL (see SharedStore+HTTPCache.swift).
        (3, """
            CREATE TABLE IF NOT EXISTS http_cache (url TEXT PRIMARY KEY NOT NULL, status INTEGER NOT NULL, body BLOB NOT NULL, fetched REAL NOT NULL) WITHOUT ROWID;
            """),
    ]

    private static func migrate(_ pool: DatabasePool, path: String) throws {
        let current = try pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") ?? 0 }
        if current == schemaVersion { return }
        try pool.write { db in
            // Read again inside the write lock: another process may have migrated meanwhile,
            // and the header read before opening may predate a WAL not yet checkpointed.
            let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            if version > schemaVersion { throw SharedStoreError.newerSchema(found: version, supported: schemaVersion, path: path) }
            for migration in migrations where migration.version > version {
                try db.execute(sql: migration.sql)
            }
            try db.execute(sql: "PRAGMA user_version = \(schemaVersion)")
        }
    }

    private static func stored(_ row: Row) throws -> WidgetSharedStore.StoredValue {
        let text: String = row["json"]
        let modified: Double = row["modified"]
        let value: JSONValue
        do { value = try JSONValue.parse(text) } catch { value = .string(text) }
        return WidgetSharedStore.StoredValue(value: value, modified: Date(timeIntervalSince1970: modified))
    }
}

/// Why the store cannot be used.
public enum SharedStoreError: Error, Equatable, CustomStringConvertible {
    /// The store was written by a newer widgetdash; it is left as it is.
    case newerSchema(found: Int, supported: Int, path: String)
    /// The store cannot be opened or created.
    case unusable(String, String)

    public var description: String {
        switch self {
        case .newerSchema(let found, let supported, let path):
            "\(path) has schema version \(found), newer than this widgetdash understands (\(supported)); it was not changed. Use a newer widgetdash, or another --data-dir."
        case .unusable(let path, let why):
            "cannot use the store \(path): \(why)"
        }
    }
}

/// Opens a store once, on first use, from any thread.
public final class LazySharedStore: Sendable {
    public let location: StoreLocation
    private let state = Mutex<Result<SharedStore, SharedStoreError>?>(nil)

    public init(location: StoreLocation) { self.location = location }

    /// The store, opened on the first call.
    public func store() throws -> SharedStore {
        try state.withLock { state in
            if let state { return state }
            let result = Result { () throws(SharedStoreError) in try SharedStore.open(at: location) }
            // A failure is kept only for a newer schema, which will not fix itself; others retry.
            if case .failure(.unusable) = result { return result } else { state = result }
            return result
        }.get()
    }

    /// The store if it is open or its file exists, else nil: with no file there is nothing to
    /// read, and opening would only create an empty store and load SQLite (1.2 MB resident in
    /// an idle dashboard whose only data widget shows sample data until a script sets a key).
    /// The first `set` creates the file; its notification makes the readers ask again.
    public func existingStore() throws -> SharedStore? {
        let opened = state.withLock { state -> Bool in
            if case .success = state { return true } else { return false }
        }
        guard opened || FileManager.default.fileExists(atPath: location.storeFile.path) else { return nil }
        return try store()
    }
}

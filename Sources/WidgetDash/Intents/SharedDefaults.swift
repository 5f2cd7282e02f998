import Foundation
import Synchronization

/// A value kept in the widgets' shared state: what an intent writes and a provider reads.
public enum WidgetStateValue: Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case strings([String])
}

extension WidgetStateValue: Codable {
    // Plain JSON values (true, 3, 2.5, "x", ["a"]), so the state file reads like settings.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else { self = .strings(try c.decode([String].self)) }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .bool(let b): try c.encode(b)
        case .int(let i): try c.encode(i)
        case .double(let d): try c.encode(d)
        case .string(let s): try c.encode(s)
        case .strings(let a): try c.encode(a)
        }
    }
}

/// Where shared widget state is kept: the host hands one in with its ``WidgetServices`` (a
/// file in the data directory); widgets never see it, they use ``WidgetSharedDefaults``.
///
/// Implementations must make ``modify(_:_:)`` atomic (also against other processes, such as
/// `widgetdash todo add`), and persist before it returns.
public protocol WidgetStateStore: Sendable {
    /// The values of a suite as they are now.
    func values(in suite: String) -> [String: WidgetStateValue]
    /// Changes a suite in one step (read, change, write) and returns its new values.
    @discardableResult
    func modify(_ suite: String, _ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue]
}

/// Keeps state in memory only: the backing when no host gave one (tests, snapshots).
public final class InMemoryWidgetStateStore: WidgetStateStore {
    private let suites = Mutex<[String: [String: WidgetStateValue]]>([:])
    public init() {}
    public func values(in suite: String) -> [String: WidgetStateValue] { suites.withLock { $0[suite] ?? [:] } }
    public func modify(_ suite: String, _ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue] {
        suites.withLock { all in
            var values = all[suite] ?? [:]
            change(&values)
            all[suite] = values
            return values
        }
    }
}

/// State a widget shares between its intents and its provider, as an App Group's
/// `UserDefaults(suiteName:)`: an intent writes, the reloaded timeline reads.
///
/// ```swift
/// let defaults = WidgetSharedDefaults(suiteName: "counter")
/// defaults.modify { $0["count"] = .int(($0["count"]?.intValue ?? 0) + 1) }
/// let count = defaults.integer(forKey: "count")
/// ```
///
/// Where it is kept is the host's business (a JSON file in the data directory today); the
/// values survive a restart of the dashboard. Safe to use from any task; it reads the store of
/// the ``WidgetServices`` bound to the task.
public struct WidgetSharedDefaults: Sendable {
    /// The suite: one widget's (or one app's) namespace of keys.
    public let suiteName: String

    public init(suiteName: String) { self.suiteName = suiteName }

    private var store: any WidgetStateStore { WidgetServices.current.sharedDefaults }

    /// Every value of the suite.
    public var values: [String: WidgetStateValue] { store.values(in: suiteName) }

    /// The value for `key`, nil when unset.
    public func value(forKey key: String) -> WidgetStateValue? { values[key] }

    /// The integer for `key`, 0 when unset or not a number.
    public func integer(forKey key: String) -> Int { value(forKey: key)?.intValue ?? 0 }

    /// The Boolean for `key`, false when unset.
    public func bool(forKey key: String) -> Bool { value(forKey: key)?.boolValue ?? false }

    /// The number for `key`, nil when unset or not a number.
    public func double(forKey key: String) -> Double? { value(forKey: key)?.doubleValue }

    /// The string for `key`, nil when unset or not a string.
    public func string(forKey key: String) -> String? {
        if case .string(let s) = value(forKey: key) { return s }
        return nil
    }

    /// The strings for `key`, empty when unset.
    public func strings(forKey key: String) -> [String] {
        if case .strings(let a) = value(forKey: key) { return a }
        return []
    }

    /// Sets (or with nil removes) the value for `key`.
    public func set(_ value: WidgetStateValue?, forKey key: String) {
        store.modify(suiteName) { $0[key] = value }
    }

    /// Changes several keys in one atomic step (a counter's read-add-write cannot lose a tap).
    @discardableResult
    public func modify(_ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue] {
        store.modify(suiteName, change)
    }

    /// A `Codable` value kept as JSON text under `key`; nil when unset or unreadable.
    public func decoded<T: Decodable>(_ type: T.Type, forKey key: String) -> T? {
        guard let text = string(forKey: key) else { return nil }
        return try? JSONDecoder().decode(T.self, from: Data(text.utf8))
    }

    /// Encodes `value` as JSON text under `key`.
    public func encode<T: Encodable>(_ value: T, forKey key: String) throws {
        let text = String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        set(.string(text), forKey: key)
    }
}

extension WidgetStateValue {
    /// The value as an integer, when it is a number.
    public var intValue: Int? {
        switch self {
        case .int(let i): i
        case .double(let d) where d.isFinite && abs(d) < 1e15: Int(d)
        default: nil
        }
    }
    /// The value as a number, when it is one.
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }
    /// The value as a Boolean, when it is one.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }
}

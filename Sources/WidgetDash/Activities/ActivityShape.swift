import Foundation

/// What a `Decodable` type's JSON holds, found by running its `init(from:)` against a probe
/// that answers every field with a stand-in and writes down what was asked.
///
/// ```swift
/// ActivityShape.fields(of: TimerAttributes.ContentState.self)  // ["endsAt: Date", "paused: Bool", "pausedAt: Date?"]
/// ```
///
/// How an extension tells the host what an activity type's attributes and state take (the
/// host cannot see the types). Nil when the probe learns nothing: a custom `init(from:)` that
/// refuses the stand-ins, or a type that is not a keyed object.
package enum ActivityShape {
    package static func fields<T: Decodable>(of type: T.Type) -> [String]? {
        let notes = ProbeNotes()
        _ = try? T(from: ProbeDecoder(notes: notes))
        return notes.fields.isEmpty ? nil : notes.fields
    }
}

/// What the probe was asked, in order. Used by one synchronous decode, never shared.
private final class ProbeNotes {
    var fields: [String] = []
    /// The key whose `decodeNil` was asked last: the next decode of it is an optional's.
    var optionalKey: String?
}

private struct ProbeDecoder: Decoder {
    let notes: ProbeNotes
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyed<Key>(notes: notes))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProbeRefused() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw ProbeRefused() }
}

/// The probe does not go below the top level: a nested type is named, not opened.
private struct ProbeRefused: Error {}

private struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let notes: ProbeNotes
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool {
        notes.optionalKey = key.stringValue
        return false
    }

    /// Notes the field and answers the stand-in.
    private func note<T>(_ key: Key, _ type: T.Type, _ value: T) -> T {
        record(key, type)
        return value
    }

    private func record(_ key: Key, _ type: Any.Type) {
        let optional = notes.optionalKey == key.stringValue
        notes.optionalKey = nil
        notes.fields.append("\(key.stringValue): \(Self.name(of: type))\(optional ? "?" : "")")
    }

    static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "String"
        case is Bool.Type: "Bool"
        case is Date.Type: "Date"
        case is URL.Type: "URL"
        case is any BinaryInteger.Type: "Int"
        case is any BinaryFloatingPoint.Type: "Double"
        default: String(describing: type)
        }
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { note(key, type, false) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { note(key, type, "") }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { note(key, type, 0) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { note(key, type, 0) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { note(key, type, 0) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { note(key, type, 0) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { note(key, type, 0) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { note(key, type, 0) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { note(key, type, 0) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { note(key, type, 0) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { note(key, type, 0) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { note(key, type, 0) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { note(key, type, 0) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { note(key, type, 0) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if T.self == Date.self, let date = Date(timeIntervalSince1970: 0) as? T { return note(key, type, date) }
        if T.self == URL.self, let url = URL(string: "https://example.com") as? T { return note(key, type, url) }
        record(key, type)
        // An enum of cases stands in with its first; a nested object with what the probe makes
        // of it (its own fields are not listed). Anything else ends the probe: the fields noted
        // so far stand.
        func first<C: CaseIterable>(_: C.Type) -> Any? { C.allCases.first }
        if let cases = T.self as? any CaseIterable.Type, let value = first(cases) as? T { return value }
        return try T(from: ProbeDecoder(notes: ProbeNotes()))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw ProbeRefused()
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw ProbeRefused() }
    func superDecoder() throws -> any Decoder { throw ProbeRefused() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw ProbeRefused() }
}

import Foundation

/// Decodes a `Decodable` value from a parsed ``JSONValue``, with the coding path in every error.
///
/// Foundation's `JSONDecoder` reports a number that does not fit the field (`1.5` or `2^63` for
/// an `Int`) as "The given data was not valid JSON." with no path at all; this decoder says
/// `homeScore: expected a whole number, found 1.5`. Numbers are Doubles here, so whole numbers
/// past 2^53 lose digits: it is for reading scripts' small payloads and for finding where a
/// `JSONDecoder` failed, not for bulk data. Dates are ISO-8601 with a zone (``InternetDate``)
/// or seconds since 1970.
package struct JSONValueDecoder {
    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try Node(value: value, codingPath: []).decodeValue(T.self)
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// One value and where it sits: the decoder, and the single-value container, of that value.
private struct Node: Decoder, SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: JSONValue].self) }
        return KeyedDecodingContainer(Keyed<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([JSONValue].self) }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if value == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "found null"))
        }
        switch type {
        case is String.Type:
            guard case .string(let s) = value else { throw mismatch(T.self) }
            return try cast(s)
        case is Bool.Type:
            guard case .bool(let b) = value else { throw mismatch(T.self) }
            return try cast(b)
        case is Double.Type: return try cast(number())
        case is Float.Type: return try cast(Float(number()))
        case is Int.Type: return try cast(try whole(Int.self))
        case is Int64.Type: return try cast(try whole(Int64.self))
        case is Int32.Type: return try cast(try whole(Int32.self))
        case is Int16.Type: return try cast(try whole(Int16.self))
        case is Int8.Type: return try cast(try whole(Int8.self))
        case is UInt.Type: return try cast(try whole(UInt.self))
        case is UInt64.Type: return try cast(try whole(UInt64.self))
        case is UInt32.Type: return try cast(try whole(UInt32.self))
        case is UInt16.Type: return try cast(try whole(UInt16.self))
        case is UInt8.Type: return try cast(try whole(UInt8.self))
        case is Date.Type: return try cast(date())
        default: return try T(from: self)
        }
    }

    private func cast<T, U>(_ value: U) throws -> T {
        guard let result = value as? T else { throw mismatch(T.self) }
        return result
    }

    private func number() throws -> Double {
        guard case .number(let n) = value else { throw mismatch(Double.self) }
        return n
    }

    private func whole<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard let result = I(exactly: try number()) else { throw mismatch(I.self) }
        return result
    }

    private func date() throws -> Date {
        switch value {
        case .number(let seconds) where InternetDate.isInRange(secondsSince1970: seconds):
            return Date(timeIntervalSince1970: seconds)
        case .string(let text):
            if let date = InternetDate.parse(text) { return date }
        default: break
        }
        throw mismatch(Date.self)
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "found \(DecodingErrorText.sketch(of: value))"))
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func node(_ key: Key) throws -> Node {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "missing"))
        }
        return Node(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try node(key).decodeNil() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try Node(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try node(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try node(key).unkeyedContainer() }

    func superDecoder() throws -> any Decoder { Node(value: .object(members), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder { try node(key) }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let items: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> Node {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath + [AnyKey(intValue: currentIndex)], debugDescription: "the array ends"))
        }
        defer { currentIndex += 1 }
        return Node(value: items[currentIndex], codingPath: codingPath + [AnyKey(intValue: currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        try next().container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }

    mutating func superDecoder() throws -> any Decoder { try next() }
}

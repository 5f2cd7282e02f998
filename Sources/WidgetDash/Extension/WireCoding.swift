import Foundation

/// `Decodable` values from a ``WireJSON`` value, as Foundation's `JSONDecoder` reads them with
/// `.secondsSince1970` dates: numbers convert when they fit exactly (`2.0` is an `Int`), a
/// `Date` is a number of seconds, `Data` is base64, a `URL` is its string.
package enum WireDecoder {
    package static func decode<T: Decodable>(_ type: T.Type, from value: WireJSON) throws -> T {
        try WireDecodingNode(value: value, codingPath: []).decodeValue(T.self)
    }
}

/// `Encodable` values as a ``WireJSON`` value, as Foundation's `JSONEncoder` writes them with
/// `.secondsSince1970` dates (and its defaults for the rest).
package enum WireEncoder {
    package static func encode(_ value: some Encodable) throws -> WireJSON {
        let root = WireEncodingBox()
        try WireEncodingNode(box: root, codingPath: []).encodeValue(value)
        return root.json()
    }
}

/// A coding key for array positions and dictionary keys.
private struct WireKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

// MARK: Decoding

/// One value and where it sits: its decoder and its single-value container.
private struct WireDecodingNode: Decoder, SingleValueDecodingContainer {
    let value: WireJSON
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch([String: Any].self) }
        return KeyedDecodingContainer(WireKeyedDecoding<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw mismatch([Any].self) }
        return WireUnkeyedDecoding(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
    func decodeNil() -> Bool { value == .null }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeValue(type) }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        switch type {
        case is String.Type:
            guard case .string(let s) = value else { throw mismatch(T.self) }
            return try cast(s)
        case is Bool.Type:
            guard case .bool(let b) = value else { throw mismatch(T.self) }
            return try cast(b)
        case is Double.Type: return try cast(try floating(Double.self))
        case is Float.Type: return try cast(try floating(Float.self))
        case is Int.Type: return try cast(try integer(Int.self))
        case is Int64.Type: return try cast(try integer(Int64.self))
        case is Int32.Type: return try cast(try integer(Int32.self))
        case is Int16.Type: return try cast(try integer(Int16.self))
        case is Int8.Type: return try cast(try integer(Int8.self))
        case is UInt.Type: return try cast(try integer(UInt.self))
        case is UInt64.Type: return try cast(try integer(UInt64.self))
        case is UInt32.Type: return try cast(try integer(UInt32.self))
        case is UInt16.Type: return try cast(try integer(UInt16.self))
        case is UInt8.Type: return try cast(try integer(UInt8.self))
        case is Date.Type: return try cast(Date(timeIntervalSince1970: try floating(Double.self)))
        case is Data.Type:
            guard case .string(let text) = value else { throw mismatch(T.self) }
            guard let data = Data(base64Encoded: text) else { throw corrupted("Encountered Data is not valid Base64.") }
            return try cast(data)
        case is URL.Type:
            guard case .string(let text) = value else { throw mismatch(T.self) }
            guard let url = URL(string: text) else { throw corrupted("Invalid URL string.") }
            return try cast(url)
        default:
            return try T(from: self)
        }
    }

    private func cast<T, U>(_ value: U) throws -> T {
        guard let result = value as? T else { throw mismatch(T.self) }
        return result
    }

    private func floating<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
        guard case .number(let text) = value else { throw mismatch(F.self) }
        guard let n = F(text), n.isFinite else { throw corrupted("Number \(text) does not fit in \(F.self).") }
        return n
    }

    /// An integer: the text exactly, or a number with a fraction or exponent that is whole.
    private func integer<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let text) = value else { throw mismatch(I.self) }
        if let n = I(text) { return n }
        guard let d = Double(text), let n = I(exactly: d) else { throw corrupted("Number \(text) is not representable in \(I.self).") }
        return n
    }

    func mismatch(_ expected: Any.Type) -> DecodingError {
        if value == .null {
            return .valueNotFound(expected, .init(codingPath: codingPath, debugDescription: "Cannot get \(expected) -- found null value instead"))
        }
        return .typeMismatch(expected, .init(codingPath: codingPath, debugDescription: "Expected to decode \(expected) but found \(kind) instead."))
    }

    func corrupted(_ message: String) -> DecodingError { .dataCorrupted(.init(codingPath: codingPath, debugDescription: message)) }

    private var kind: String {
        switch value {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

private struct WireKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: WireJSON]
    let codingPath: [any CodingKey]
    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func node(_ key: Key) throws -> WireDecodingNode {
        guard let value = members[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath, debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return WireDecodingNode(value: value, codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { try node(key).decodeNil() }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try node(key).decodeValue(type) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = members[key.stringValue], value != .null else { return nil }
        return try WireDecodingNode(value: value, codingPath: codingPath + [key]).decodeValue(type)
    }

    func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) throws -> KeyedDecodingContainer<N> {
        try node(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { try node(key).unkeyedContainer() }
    func superDecoder() throws -> any Decoder {
        WireDecodingNode(value: members["super"] ?? .null, codingPath: codingPath + [WireKey(stringValue: "super")])
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try node(key) }
}

private struct WireUnkeyedDecoding: UnkeyedDecodingContainer {
    let items: [WireJSON]
    let codingPath: [any CodingKey]
    var currentIndex = 0
    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next(_ type: Any.Type) throws -> WireDecodingNode {
        let path = codingPath + [WireKey(intValue: currentIndex)]
        guard !isAtEnd else { throw DecodingError.valueNotFound(type, .init(codingPath: path, debugDescription: "Unkeyed container is at end.")) }
        defer { currentIndex += 1 }
        return WireDecodingNode(value: items[currentIndex], codingPath: path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(T.self).decodeValue(type) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) throws -> KeyedDecodingContainer<N> {
        try next([String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next([Any].self).unkeyedContainer() }
    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}

// MARK: Encoding

/// What one encoder or container has written: a value, or the members or items of one being
/// filled (a class, so that containers handed out write into it in place).
private final class WireEncodingBox {
    var value: WireJSON?
    var members: [String: WireEncodingBox]?
    var items: [WireEncodingBox]?

    /// The box of member `key`, making this an object.
    func member(_ key: String) -> WireEncodingBox {
        if members == nil { becomeObject() }
        if let box = members?[key] { return box }
        let box = WireEncodingBox()
        members?[key] = box
        return box
    }

    /// A box for the next item, making this an array.
    func append() -> WireEncodingBox {
        if items == nil { becomeArray() }
        let box = WireEncodingBox()
        items?.append(box)
        return box
    }

    func becomeObject() {
        if members == nil { (value, members, items) = (nil, [:], nil) }
    }

    func becomeArray() {
        if items == nil { (value, members, items) = (nil, nil, []) }
    }

    func set(_ json: WireJSON) { (value, members, items) = (json, nil, nil) }

    func json() -> WireJSON {
        if let value { return value }
        if let items { return .array(items.map { $0.json() }) }
        // An object, or a value that encoded nothing (which Foundation's encoder writes as {}).
        return .object((members ?? [:]).mapValues { $0.json() })
    }
}

/// The encoder of one value, and its single-value container.
private struct WireEncodingNode: Encoder, SingleValueEncodingContainer {
    let box: WireEncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.becomeObject()
        return KeyedEncodingContainer(WireKeyedEncoding<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.becomeArray()
        return WireUnkeyedEncoding(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }
    func encodeNil() { box.set(.null) }
    func encode<T: Encodable>(_ value: T) throws { try encodeValue(value) }

    func encodeValue<T: Encodable>(_ value: T) throws {
        switch value {
        case let s as String: box.set(.string(s))
        case let b as Bool: box.set(.bool(b))
        case let d as Double: box.set(try number(WireJSON.number(d), value))
        case let f as Float: box.set(try number(WireJSON.number(f), value))
        case let date as Date: box.set(try number(WireJSON.number(date.timeIntervalSince1970), value))
        case let data as Data: box.set(.string(data.base64EncodedString()))
        case let url as URL: box.set(.string(url.absoluteString))
        // Concrete types, not `as any FixedWidthInteger`: a cast to a protocol looks the type's
        // conformance up in every conformance record of the program, once per type encoded.
        case let n as Int: box.set(.number(String(n)))
        case let n as Int64: box.set(.number(String(n)))
        case let n as Int32: box.set(.number(String(n)))
        case let n as Int16: box.set(.number(String(n)))
        case let n as Int8: box.set(.number(String(n)))
        case let n as UInt: box.set(.number(String(n)))
        case let n as UInt64: box.set(.number(String(n)))
        case let n as UInt32: box.set(.number(String(n)))
        case let n as UInt16: box.set(.number(String(n)))
        case let n as UInt8: box.set(.number(String(n)))
        default: try value.encode(to: self)
        }
    }

    private func number(_ json: WireJSON?, _ value: Any) throws -> WireJSON {
        guard let json else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath, debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        return json
    }
}

private struct WireKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: WireEncodingBox
    let codingPath: [any CodingKey]

    private func node(_ key: Key) -> WireEncodingNode {
        WireEncodingNode(box: box.member(key.stringValue), codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { node(key).encodeNil() }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try node(key).encodeValue(value) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type, forKey key: Key) -> KeyedEncodingContainer<N> {
        node(key).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { node(key).unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { WireEncodingNode(box: box.member("super"), codingPath: codingPath + [WireKey(stringValue: "super")]) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { node(key) }
}

private struct WireUnkeyedEncoding: UnkeyedEncodingContainer {
    let box: WireEncodingBox
    let codingPath: [any CodingKey]
    var count: Int { box.items?.count ?? 0 }

    private func next() -> WireEncodingNode {
        let path = codingPath + [WireKey(intValue: count)]
        return WireEncodingNode(box: box.append(), codingPath: path)
    }

    mutating func encodeNil() throws { next().encodeNil() }
    mutating func encode<T: Encodable>(_ value: T) throws { try next().encodeValue(value) }

    mutating func nestedContainer<N: CodingKey>(keyedBy type: N.Type) -> KeyedEncodingContainer<N> { next().container(keyedBy: type) }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { next().unkeyedContainer() }
    mutating func superEncoder() -> any Encoder { next() }
}

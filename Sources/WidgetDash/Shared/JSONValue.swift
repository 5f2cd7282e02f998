import Foundation

/// A JSON value: what the shared store holds and what scripts push.
///
/// ```swift
/// let value = try JSONValue.parse(#"{"temp": 71.5, "ok": true}"#)
/// value["temp"]?.doubleValue  // 71.5
/// value.jsonText               // {"ok":true,"temp":71.5}
/// ```
///
/// Numbers are `Double`s (as in JavaScript), so integers are exact up to 2^53. Objects keep no
/// key order; ``jsonText`` writes keys sorted so the same value always prints the same way.
public enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The member `key` of an object; nil for anything else or a missing member.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }

    /// The number, or a string that reads as one ("71.5"); nil otherwise.
    public var doubleValue: Double? {
        switch self {
        case .number(let n): return n
        case .string(let s): return Double(s.trimmingCharacters(in: .whitespaces))
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The string itself, or the value written as short text (numbers without a trailing ".0").
    public var displayText: String {
        switch self {
        case .null: return ""
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return Self.format(n)
        case .string(let s): return s
        case .array(let items): return items.map(\.displayText).joined(separator: ", ")
        case .object: return jsonText
        }
    }

    /// The value as compact JSON, keys sorted; control characters are escaped, so the text is
    /// safe to print to a terminal.
    public var jsonText: String {
        var out = ""
        write(into: &out)
        return out
    }

    /// The same value with every string (and object key) passed through ``TextSanitizer``.
    public func sanitized() -> JSONValue {
        switch self {
        case .string(let s): return .string(TextSanitizer.sanitize(s))
        case .array(let items): return .array(items.map { $0.sanitized() })
        case .object(let members):
            var clean: [String: JSONValue] = [:]
            for (k, v) in members { clean[TextSanitizer.sanitize(k, keepNewlines: false)] = v.sanitized() }
            return .object(clean)
        default: return self
        }
    }

    /// A number as JSON writes it: integral values without a fraction, others shortest.
    static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) < 9_007_199_254_740_992 { return String(Int64(n)) }
        return "\(n)"
    }

    private func write(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(into: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                Self.writeString(key, into: &out)
                out += ":"
                members[key]?.write(into: &out)
            }
            out += "}"
        }
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // C0, DEL and C1 controls are escaped so printed JSON can never drive a terminal.
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

/// Where and why a JSON text could not be read.
public struct JSONParseError: Error, Equatable, CustomStringConvertible {
    /// 1-based line and column (in characters) of the offending character.
    public var line: Int
    public var column: Int
    public var message: String

    public var description: String { "line \(line), column \(column): \(message)" }
}

extension JSONValue {
    /// Parses JSON text (RFC 8259: any value at the top level); errors say where it broke.
    ///
    /// Nesting is limited to 256 levels, so hostile input cannot exhaust the stack.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.document()
    }

    /// Parses UTF-8 bytes as JSON.
    public static func parse(bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }
}

/// A recursive-descent reader over UTF-8 bytes that tracks its position for error messages.
private struct JSONParser {
    let bytes: [UInt8]
    var i = 0
    var depth = 0
    static let maxDepth = 256

    init(bytes: [UInt8]) {
        // A UTF-8 byte-order mark is allowed before the text, as many editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { self.bytes = Array(bytes.dropFirst(3)) } else { self.bytes = bytes }
    }

    mutating func document() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw error("expected a JSON value, found the end of the text") }
        let value = try self.value()
        skipSpace()
        if i < bytes.count { throw error("unexpected \(found()) after the JSON value") }
        return value
    }

    mutating func value() throws(JSONParseError) -> JSONValue {
        skipSpace()
        guard i < bytes.count else { throw error("expected a value, found the end of the text") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value, found \(found())")
        }
    }

    mutating func object() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var members: [String: JSONValue] = [:]
        skipSpace()
        if peek(UInt8(ascii: "}")) { i += 1; depth -= 1; return .object(members) }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else { throw error("expected a member name in double quotes, found \(found())") }
            let key = try string()
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the member name, found \(found())") }
            i += 1
            members[key] = try value()
            skipSpace()
            if peek(UInt8(ascii: ",")) { i += 1; continue }
            if peek(UInt8(ascii: "}")) { i += 1; break }
            throw error("expected ',' or '}' in the object, found \(found())")
        }
        depth -= 1
        return .object(members)
    }

    mutating func array() throws(JSONParseError) -> JSONValue {
        try enter()
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) { i += 1; depth -= 1; return .array(items) }
        while true {
            items.append(try value())
            skipSpace()
            if peek(UInt8(ascii: ",")) { i += 1; continue }
            if peek(UInt8(ascii: "]")) { i += 1; break }
            throw error("expected ',' or ']' in the array, found \(found())")
        }
        depth -= 1
        return .array(items)
    }

    mutating func string() throws(JSONParseError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                i += 1
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code), bytes[i...].starts(with: [0x5C, UInt8(ascii: "u")]) {
                        i += 2
                        let low = try hex4()
                        if (0xDC00...0xDFFF).contains(low) {
                            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            out.append(contentsOf: Array("\u{FFFD}".utf8))
                            code = low
                        }
                    }
                    // A lone surrogate is not a scalar: it becomes U+FFFD, as invalid UTF-8 does.
                    let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
                    out.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    i -= 1
                    throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))' in a string")
                }
            case 0x00..<0x20:
                throw error("a control character must be escaped in a string")
            default:
                out.append(b)
                i += 1
            }
        }
        i = start
        throw error("this string is never closed (missing '\"')")
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw error("expected four hex digits after \\u") }
        var code: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[i]
            let digit: UInt32
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(b - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(b - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(b - UInt8(ascii: "A") + 10)
            default: throw error("expected four hex digits after \\u, found \(found())")
            }
            code = code * 16 + digit
            i += 1
        }
        return code
    }

    mutating func number() throws(JSONParseError) -> Double {
        let start = i
        if peek(UInt8(ascii: "-")) { i += 1 }
        guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit, found \(found())") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw error("a number may not start with 0") }
        } else {
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit after '.', found \(found())") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else { throw error("expected a digit in the exponent, found \(found())") }
            while i < bytes.count, isDigit(bytes[i]) { i += 1 }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        guard let n = Double(text), n.isFinite else {
            i = start
            throw error("the number \(text) is out of range")
        }
        return n
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        let w = Array(word.utf8)
        guard bytes[i...].starts(with: w) else { throw error("expected a value, found \(found())") }
        i += w.count
    }

    mutating func enter() throws(JSONParseError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nested more than \(Self.maxDepth) levels deep") }
    }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[i]) { i += 1 }
    }

    func peek(_ b: UInt8) -> Bool { i < bytes.count && bytes[i] == b }
    func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    /// What is at the current position, quoted for a message ("'x'", "the end of the text").
    func found() -> String {
        guard i < bytes.count else { return "the end of the text" }
        let end = min(bytes.count, i + 4)
        let scalar = String(decoding: bytes[i..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        if scalar.value < 0x20 || scalar.value == 0x7F { return String(format: "U+%04X", scalar.value) }
        return "'\(TextSanitizer.sanitize(String(Character(scalar)), keepNewlines: false))'"
    }

    func error(_ message: String) -> JSONParseError {
        var line = 1
        var lineStart = 0
        for k in 0..<min(i, bytes.count) where bytes[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        let column = String(decoding: bytes[lineStart..<min(i, bytes.count)], as: UTF8.self).count + 1
        return JSONParseError(line: line, column: column, message: message)
    }
}

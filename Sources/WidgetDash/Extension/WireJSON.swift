import Foundation

/// A JSON value as the extension protocol reads and writes it, with a reader and a writer of
/// its own rather than Foundation's `JSONDecoder`/`JSONEncoder`.
///
/// Why not Foundation's: a reload is the only time an idle dashboard with an extension widget
/// runs JSON code, and Foundation's coders pull in pages of generic machinery (its scanner,
/// `JSONWriter`, `DataProtocol`, Set algebra) spread over the binary; this is a few small
/// functions that idle.order packs with the rest (docs/DECISIONS.md, "The extension protocol
/// reads and writes its JSON itself"). Numbers keep their text, so an integer is read exactly
/// (unlike ``JSONValue``'s Doubles), and the writer prints what Foundation's encoder printed
/// with `.sortedKeys` and `.withoutEscapingSlashes`, byte for byte.
package enum WireJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number as written (validated JSON number syntax).
    case number(String)
    case string(String)
    case array([WireJSON])
    case object([String: WireJSON])

    /// Where and why a line is not JSON.
    package struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// Byte offset of the offending byte.
        package var offset: Int
        package var message: String
        package var description: String { "at byte \(offset): \(message)" }
    }

    /// Nesting deeper than this is refused, so hostile input cannot exhaust the stack.
    package static let maximumDepth = 512

    /// Reads one JSON text (RFC 8259; any value at the top level, white space around it).
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws(ParseError) -> WireJSON {
        var reader = WireJSONReader(bytes: Array(bytes))
        return try reader.document()
    }

    /// The value as compact JSON: object keys sorted, `/` not escaped, control characters as
    /// `\n`-style or `\u00XX` escapes, as Foundation's encoder writes them.
    package var bytes: [UInt8] {
        var out: [UInt8] = []
        write(into: &out)
        return out
    }

    private func write(into out: inout [UInt8]) {
        switch self {
        case .null: out += Array("null".utf8)
        case .bool(let b): out += Array((b ? "true" : "false").utf8)
        case .number(let text): out += Array(text.utf8)
        case .string(let s): Self.write(string: s, into: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                item.write(into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.write(string: key, into: &out)
                out.append(UInt8(ascii: ":"))
                members[key]?.write(into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func write(string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += [0x5C, 0x22]
            case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
            case 0x08: out += [0x5C, UInt8(ascii: "b")]
            case 0x0C: out += [0x5C, UInt8(ascii: "f")]
            case 0x0A: out += [0x5C, UInt8(ascii: "n")]
            case 0x0D: out += [0x5C, UInt8(ascii: "r")]
            case 0x09: out += [0x5C, UInt8(ascii: "t")]
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// A floating-point number as Foundation's encoder writes it: the shortest text that reads
    /// back the same, without a trailing `.0`; nil for infinities and NaN, which JSON lacks.
    package static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> WireJSON? {
        guard value.isFinite else { return nil }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }
}

/// A recursive-descent reader over UTF-8 bytes.
private struct WireJSONReader {
    let bytes: [UInt8]
    var i = 0
    var depth = 0

    mutating func document() throws(WireJSON.ParseError) -> WireJSON {
        let value = try self.value()
        skipSpace()
        if i < bytes.count { throw error("unexpected \(found()) after the value") }
        return value
    }

    mutating func value() throws(WireJSON.ParseError) -> WireJSON {
        skipSpace()
        guard i < bytes.count else { throw error("expected a value, found the end") }
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

    mutating func object() throws(WireJSON.ParseError) -> WireJSON {
        try enter()
        var members: [String: WireJSON] = [:]
        skipSpace()
        if take(UInt8(ascii: "}")) { depth -= 1; return .object(members) }
        repeat {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a member name, found \(found())") }
            let key = try string()
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw error("expected ':', found \(found())") }
            members[key] = try value()
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "}")) else { throw error("expected ',' or '}', found \(found())") }
        depth -= 1
        return .object(members)
    }

    mutating func array() throws(WireJSON.ParseError) -> WireJSON {
        try enter()
        var items: [WireJSON] = []
        skipSpace()
        if take(UInt8(ascii: "]")) { depth -= 1; return .array(items) }
        repeat {
            items.append(try value())
            skipSpace()
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")) else { throw error("expected ',' or ']', found \(found())") }
        depth -= 1
        return .array(items)
    }

    /// A string; invalid UTF-8 and lone surrogates become U+FFFD, as Swift strings do.
    mutating func string() throws(WireJSON.ParseError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while i < bytes.count {
            let b = bytes[i]
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { break }
                let e = bytes[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"): try escapedScalar(into: &out)
                default:
                    i -= 1
                    throw error("invalid escape in a string")
                }
            case 0x00..<0x20:
                i -= 1
                throw error("an unescaped control character in a string")
            default:
                out.append(b)
            }
        }
        i = start
        throw error("a string that is never closed")
    }

    /// After `\u`: one scalar, or a surrogate pair written as two escapes.
    mutating func escapedScalar(into out: inout [UInt8]) throws(WireJSON.ParseError) {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code), i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") {
            i += 2
            let low = try hex4()
            if (0xDC00...0xDFFF).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else {
                out += Array("\u{FFFD}".utf8)
                code = low
            }
        }
        out += Array(String(Unicode.Scalar(code) ?? "\u{FFFD}").utf8)
    }

    mutating func hex4() throws(WireJSON.ParseError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let digit = hexValue(bytes[i]) else { throw error("expected four hex digits after \\u") }
            code = code << 4 | digit
            i += 1
        }
        return code
    }

    func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// A number's text, checked against JSON's grammar (no leading zeros, `+`, `.5` or `5.`).
    mutating func number() throws(WireJSON.ParseError) -> String {
        let start = i
        _ = take(UInt8(ascii: "-"))
        if take(UInt8(ascii: "0")) {
            if digits() > 0 { throw error("a number with a leading zero") }
        } else if digits() == 0 {
            throw error("expected a digit, found \(found())")
        }
        if take(UInt8(ascii: ".")), digits() == 0 { throw error("expected a digit after '.', found \(found())") }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            if digits() == 0 { throw error("expected a digit in the exponent, found \(found())") }
        }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Skips digits; how many.
    mutating func digits() -> Int {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        return i - start
    }

    mutating func literal(_ word: StaticString) throws(WireJSON.ParseError) {
        let count = word.utf8CodeUnitCount
        let matches = i + count <= bytes.count && word.withUTF8Buffer { bytes[i..<i + count].elementsEqual($0) }
        guard matches else { throw error("expected a value, found \(found())") }
        i += count
    }

    mutating func enter() throws(WireJSON.ParseError) {
        i += 1
        depth += 1
        if depth > WireJSON.maximumDepth { throw error("nested more than \(WireJSON.maximumDepth) levels deep") }
    }

    mutating func take(_ b: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == b else { return false }
        i += 1
        return true
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    /// The byte at the current position, for a message (printable, or its hex).
    func found() -> String {
        guard i < bytes.count else { return "the end" }
        let b = bytes[i]
        return (0x21..<0x7F).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x" + String(b, radix: 16, uppercase: true)
    }

    func error(_ message: String) -> WireJSON.ParseError { WireJSON.ParseError(offset: i, message: message) }
}

/// A reader for the part of TOML that theme files use, which keeps the line of every key.
///
/// Supported: `# comments`, `[table]` and `[dotted.table]` headers, `key = value` with bare or
/// quoted keys, and values that are basic strings (`"…"` with `\"`, `\\`, `\n`, `\t`, `\uXXXX`),
/// literal strings (`'…'`), integers and booleans. Anything else (arrays, inline tables,
/// floats, dates, multi-line strings) is refused with the line it is on and what was expected,
/// so a theme author is never left guessing. TOMLKit was the other choice; see
/// docs/DECISIONS.md for why this one won (values need their line numbers for semantic errors).
///
/// ```swift
/// let doc = try TOMLSubset.parse("[dark]\nbackground = \"#111318\"\n", file: "x.toml")
/// doc.value(at: "dark.background")   // .string("#111318") on line 2
/// ```
public enum TOMLSubset {
    /// A value a key can hold.
    public enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case boolean(Bool)

        /// What kind of value this is, for messages ("a string").
        public var kindName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .boolean: "a boolean"
            }
        }
    }

    /// A key's value and the line it was given on (1-based).
    public struct Entry: Hashable, Sendable {
        public var value: Value
        public var line: Int
    }

    /// A parsed document: dotted key paths to entries, and the line of each table header.
    public struct Document: Sendable {
        /// Every key, by its full dotted path ("dark.tokens.secondary").
        public var entries: [String: Entry] = [:]
        /// Every table, by its dotted path, with the line of its header.
        public var tables: [String: Int] = [:]
        /// Keys in the order they appeared (for deterministic messages).
        public var order: [String] = []

        public func value(at path: String) -> Entry? { entries[path] }
    }

    /// A syntax error: the line, and what was expected there.
    public struct SyntaxError: Error, Hashable, Sendable {
        public var line: Int
        public var message: String
    }

    /// Parses `text`; throws the first ``SyntaxError``.
    public static func parse(_ text: String) throws(SyntaxError) -> Document {
        var doc = Document()
        var table: [String] = []
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Substring(rawLine)
            if line.hasSuffix("\r") { line = line.dropLast() }
            var scanner = Scanner(text: line, line: lineNumber)
            scanner.skipSpaces()
            if scanner.atEndOrComment { continue }
            if scanner.peek == "[" {
                scanner.advance()
                if scanner.peek == "[" {
                    throw SyntaxError(line: lineNumber, message: "expected a table header like [dark]; arrays of tables ([[…]]) are not supported")
                }
                let path = try scanner.keyPath(terminator: "]")
                guard scanner.peek == "]" else { throw SyntaxError(line: lineNumber, message: "expected ] to close the table header") }
                scanner.advance()
                scanner.skipSpaces()
                guard scanner.atEndOrComment else { throw SyntaxError(line: lineNumber, message: "expected the end of the line after the table header") }
                let name = path.joined(separator: ".")
                if doc.tables[name] != nil {
                    throw SyntaxError(line: lineNumber, message: "table [\(name)] is defined twice (first on line \(doc.tables[name] ?? 0))")
                }
                if doc.entries[name] != nil {
                    throw SyntaxError(line: lineNumber, message: "[\(name)] is already a key on line \(doc.entries[name]?.line ?? 0)")
                }
                // Parent tables exist implicitly; remember the first line that mentions them.
                for i in 1..<path.count where doc.tables[path[0..<i].joined(separator: ".")] == nil {
                    doc.tables[path[0..<i].joined(separator: ".")] = lineNumber
                }
                doc.tables[name] = lineNumber
                table = path
                continue
            }
            let key = try scanner.keyPath(terminator: "=")
            guard scanner.peek == "=" else { throw SyntaxError(line: lineNumber, message: "expected = after the key \"\(key.joined(separator: "."))\"") }
            scanner.advance()
            scanner.skipSpaces()
            let value = try scanner.value()
            scanner.skipSpaces()
            guard scanner.atEndOrComment else {
                throw SyntaxError(line: lineNumber, message: "expected the end of the line after the value (a comment starts with #)")
            }
            let full = table + key
            let name = full.joined(separator: ".")
            if let previous = doc.entries[name] {
                throw SyntaxError(line: lineNumber, message: "key \"\(name)\" is defined twice (first on line \(previous.line))")
            }
            if let tableLine = doc.tables[name] {
                throw SyntaxError(line: lineNumber, message: "key \"\(name)\" is already a table on line \(tableLine)")
            }
            doc.entries[name] = Entry(value: value, line: lineNumber)
            doc.order.append(name)
        }
        return doc
    }

    /// Walks one line.
    private struct Scanner {
        let chars: [Character]
        var index = 0
        let line: Int

        init(text: Substring, line: Int) {
            chars = Array(text)
            self.line = line
        }

        var peek: Character? { index < chars.count ? chars[index] : nil }
        var atEndOrComment: Bool { peek == nil || peek == "#" }
        mutating func advance() { index += 1 }
        mutating func skipSpaces() { while peek == " " || peek == "\t" { advance() } }

        func error(_ message: String) -> SyntaxError { SyntaxError(line: line, message: message) }

        /// `a.b."c d"` up to (not including) the terminator.
        mutating func keyPath(terminator: Character) throws(SyntaxError) -> [String] {
            var parts: [String] = []
            while true {
                skipSpaces()
                guard let c = peek else { throw error("expected a key") }
                if c == "\"" || c == "'" {
                    advance()
                    let part = try quoted(c)
                    guard !part.isEmpty else { throw error("expected a non-empty key") }
                    parts.append(part)
                } else {
                    var part = ""
                    while let c = peek, c.isASCII, c.isLetter || c.isNumber || c == "-" || c == "_" {
                        part.append(c)
                        advance()
                    }
                    guard !part.isEmpty else {
                        throw error(c == terminator ? "expected a key before \(terminator)" : "expected a key (letters, digits, - and _), found \"\(c)\"")
                    }
                    parts.append(part)
                }
                skipSpaces()
                if peek == "." { advance(); continue }
                return parts
            }
        }

        /// The rest of a quoted string whose opening quote was consumed.
        mutating func quoted(_ quote: Character) throws(SyntaxError) -> String {
            var out = ""
            while let c = peek {
                advance()
                if c == quote {
                    if quote == "\"", out.isEmpty, peek == "\"" { throw error("expected a one-line string; multi-line strings (\"\"\") are not supported") }
                    return out
                }
                if c == "\\" && quote == "\"" {
                    guard let e = peek else { break }
                    advance()
                    switch e {
                    case "\"": out.append("\"")
                    case "\\": out.append("\\")
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "u":
                        var hex = ""
                        for _ in 0..<4 { if let h = peek { hex.append(h); advance() } }
                        guard hex.count == 4, let v = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(v) else {
                            throw error("expected four hex digits after \\u")
                        }
                        out.unicodeScalars.append(scalar)
                    default: throw error("expected an escape (\\\" \\\\ \\n \\t \\uXXXX), found \\\(e)")
                    }
                    continue
                }
                out.append(c)
            }
            throw error("expected \(quote) to close the string")
        }

        mutating func value() throws(SyntaxError) -> Value {
            guard let c = peek else { throw error("expected a value after =") }
            switch c {
            case "\"", "'":
                advance()
                return .string(try quoted(c))
            case "[": throw error("expected a string, integer or boolean; arrays are not supported")
            case "{": throw error("expected a string, integer or boolean; inline tables are not supported")
            default:
                var word = ""
                while let c = peek, c != " ", c != "\t", c != "#" { word.append(c); advance() }
                if word == "true" { return .boolean(true) }
                if word == "false" { return .boolean(false) }
                let digits = String(word.filter { $0 != "_" })
                if let n = Int(digits) { return .integer(n) }
                throw error("expected a string (in quotes), an integer or true/false, found \(word)")
            }
        }
    }
}

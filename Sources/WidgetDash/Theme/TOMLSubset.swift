/// A reader for the part of TOML that theme files use, which keeps the line of every key.
///
/// Supported: `# comments`, `[table]` and `[dotted.table]` headers, `key = value` with bare or
/// quoted keys, and values that are basic strings (`"…"` with `\"`, `\\`, `\n`, `\t`, `\uXXXX`),
/// literal strings (`'…'`), integers and booleans. Anything else (arrays, inline tables,
/// floats, dates, multi-line strings) is refused with the line it is on and what was expected,
/// so a theme author is never left guessing. TOMLKit was the other choice; see
/// docs/DECISIONS.md for why this one won (values need their line numbers for semantic errors).
/// The config file asks for two more ``Features``: arrays (`widgets = ["clock@small", …]`,
/// over several lines if need be) and arrays of tables (`[[page]]`); themes never do.
///
/// ```swift
/// let doc = try TOMLSubset.parse("[dark]\nbackground = \"#111318\"\n", file: "x.toml")
/// doc.value(at: "dark.background")   // .string("#111318") on line 2
/// ```
package enum TOMLSubset {
    /// A value a key can hold.
    package enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case boolean(Bool)

        /// What kind of value this is, for messages ("a string").
        package var kindName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .boolean: "a boolean"
            }
        }
    }

    /// A key's value and the line it was given on (1-based).
    package struct Entry: Hashable, Sendable {
        package var value: Value
        package var line: Int
    }

    /// A parsed document: dotted key paths to entries, and the line of each table header.
    package struct Document: Sendable {
        /// Every key, by its full dotted path ("dark.tokens.secondary").
        package var entries: [String: Entry] = [:]
        /// Every table, by its dotted path, with the line of its header.
        package var tables: [String: Int] = [:]
        /// Keys in the order they appeared (for deterministic messages).
        package var order: [String] = []

        /// Arrays (only with ``Features/arrays``), by full dotted path.
        package var arrays: [String: ArrayEntry] = [:]
        /// Arrays of tables (only with ``Features/arrayTables``): the line of each `[[name]]`
        /// header, by name. Keys inside the n-th one have the path `name[n].key`.
        package var arrayTables: [String: [Int]] = [:]

        package func value(at path: String) -> Entry? { entries[path] }
    }

    /// An array's elements, each with its line, and where the array closes.
    ///
    /// The positions let a tool insert an element into the file text without rewriting the
    /// rest of it (the gallery adds a widget to a page this way, keeping the user's comments).
    package struct ArrayEntry: Hashable, Sendable {
        /// The elements with their lines.
        package var elements: [Element]
        /// The line of the key.
        package var line: Int
        /// The line and column (0-based, in characters) of the closing `]`.
        package var closeLine: Int
        package var closeColumn: Int

        /// One element of an array.
        package struct Element: Hashable, Sendable {
            package var value: Value
            package var line: Int
            /// The column (0-based, in characters) of the element's first character, so a
            /// message can point at it (`file:line:column`).
            package var column: Int
            /// The column (0-based, in characters) just after the element's last character.
            package var endColumn: Int
            /// True when a comma follows the element.
            package var hasComma: Bool
        }
    }

    /// Syntax beyond what themes need; themes keep refusing it, with the same messages.
    package struct Features: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// `key = ["a", "b"]`, one line or several, of strings, integers and booleans.
        package static let arrays = Features(rawValue: 1)
        /// `[[name]]` headers.
        package static let arrayTables = Features(rawValue: 2)
    }

    /// A syntax error: the line, and what was expected there.
    package struct SyntaxError: Error, Hashable, Sendable {
        package var line: Int
        package var message: String
    }

    /// Parses `text`; throws the first ``SyntaxError``.
    package static func parse(_ text: String, features: Features = []) throws(SyntaxError) -> Document {
        var doc = Document()
        var table: [String] = []
        let lines: [Substring] = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : Substring(line)
        }
        var lineIndex = 0
        while lineIndex < lines.count {
            let lineNumber = lineIndex + 1
            var scanner = Scanner(text: lines[lineIndex], line: lineNumber)
            lineIndex += 1
            scanner.skipSpaces()
            if scanner.atEndOrComment { continue }
            if scanner.peek == "[" {
                scanner.advance()
                if scanner.peek == "[" {
                    guard features.contains(.arrayTables) else {
                        throw SyntaxError(line: lineNumber, message: "expected a table header like [dark]; arrays of tables ([[…]]) are not supported")
                    }
                    scanner.advance()
                    let path = try scanner.keyPath(terminator: "]")
                    guard scanner.peek == "]" else { throw SyntaxError(line: lineNumber, message: "expected ]] to close the header") }
                    scanner.advance()
                    guard scanner.peek == "]" else { throw SyntaxError(line: lineNumber, message: "expected ]] to close the header") }
                    scanner.advance()
                    scanner.skipSpaces()
                    guard scanner.atEndOrComment else { throw SyntaxError(line: lineNumber, message: "expected the end of the line after the header") }
                    // Only top-level arrays of tables: `[[page]]`, not `[[a.b]]`, which is all a
                    // config needs and keeps paths unambiguous.
                    guard path.count == 1 else { throw SyntaxError(line: lineNumber, message: "expected a single name in [[…]], found \(path.joined(separator: "."))") }
                    let name = path[0]
                    if let tableLine = doc.tables[name] ?? doc.entries[name]?.line {
                        throw SyntaxError(line: lineNumber, message: "[[\(name)]] is already a table or key on line \(tableLine)")
                    }
                    doc.arrayTables[name, default: []].append(lineNumber)
                    table = ["\(name)[\((doc.arrayTables[name]?.count ?? 1) - 1)]"]
                    continue
                }
                let path = try scanner.keyPath(terminator: "]")
                guard scanner.peek == "]" else { throw SyntaxError(line: lineNumber, message: "expected ] to close the table header") }
                scanner.advance()
                scanner.skipSpaces()
                guard scanner.atEndOrComment else { throw SyntaxError(line: lineNumber, message: "expected the end of the line after the table header") }
                let name = path.joined(separator: ".")
                if let headers = doc.arrayTables[path[0]] {
                    throw SyntaxError(line: lineNumber, message: "[\(name)] cannot follow [[\(path[0])]] on line \(headers[0]); tables inside arrays of tables are not supported")
                }
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
            var array: ArrayEntry?
            var value = Value.boolean(false)
            if scanner.peek == "[", features.contains(.arrays) {
                scanner.advance()
                array = try parseArray(&scanner, lines: lines, lineIndex: &lineIndex, keyLine: lineNumber)
            } else {
                value = try scanner.value()
            }
            scanner.skipSpaces()
            guard scanner.atEndOrComment else {
                throw SyntaxError(line: scanner.line, message: "expected the end of the line after the value (a comment starts with #)")
            }
            let full = table + key
            let name = full.joined(separator: ".")
            if let previous = doc.entries[name]?.line ?? doc.arrays[name]?.line {
                throw SyntaxError(line: lineNumber, message: "key \"\(name)\" is defined twice (first on line \(previous))")
            }
            if let array {
                doc.arrays[name] = array
                doc.order.append(name)
                continue
            }
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

    /// The rest of an array whose `[` the scanner just consumed, continuing on the following
    /// lines until its `]`; the scanner is left just after the `]`.
    private static func parseArray(_ scanner: inout Scanner, lines: [Substring], lineIndex: inout Int, keyLine: Int) throws(SyntaxError) -> ArrayEntry {
        var elements: [ArrayEntry.Element] = []
        while true {
            scanner.skipSpaces()
            if scanner.atEndOrComment {
                guard lineIndex < lines.count else { throw SyntaxError(line: keyLine, message: "expected ] to close the array opened here") }
                scanner = Scanner(text: lines[lineIndex], line: lineIndex + 1)
                lineIndex += 1
                continue
            }
            if scanner.peek == "]" {
                let close = (scanner.line, scanner.index)
                scanner.advance()
                return ArrayEntry(elements: elements, line: keyLine, closeLine: close.0, closeColumn: close.1)
            }
            if let last = elements.last, !last.hasComma {
                throw scanner.error("expected , between array elements or ] to close the array")
            }
            if scanner.peek == "[" { throw scanner.error("expected a string, integer or boolean; nested arrays are not supported") }
            let (line, column) = (scanner.line, scanner.index)
            let value = try scanner.value(stoppingAt: [",", "]"])
            var element = ArrayEntry.Element(value: value, line: line, column: column, endColumn: scanner.index, hasComma: false)
            scanner.skipSpaces()
            if scanner.peek == "," {
                scanner.advance()
                element.hasComma = true
            }
            elements.append(element)
        }
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

        mutating func value(stoppingAt stops: Set<Character> = []) throws(SyntaxError) -> Value {
            guard let c = peek else { throw error("expected a value after =") }
            switch c {
            case "\"", "'":
                advance()
                return .string(try quoted(c))
            case "[": throw error("expected a string, integer or boolean; arrays are not supported")
            case "{": throw error("expected a string, integer or boolean; inline tables are not supported")
            default:
                var word = ""
                while let c = peek, c != " ", c != "\t", c != "#", !stops.contains(c) { word.append(c); advance() }
                if word == "true" { return .boolean(true) }
                if word == "false" { return .boolean(false) }
                let digits = String(word.filter { $0 != "_" })
                if let n = Int(digits) { return .integer(n) }
                throw error("expected a string (in quotes), an integer or true/false, found \(word)")
            }
        }
    }
}

/// The TOML 1.0 parser behind ``TOML``: one pass over the UTF-8 bytes, each byte looked at a
/// bounded number of times, so the time is linear in the input.
///
/// Tables are built as reference boxes while parsing, because TOML lets a later header add to
/// a table opened earlier (`[a.b]` after `[a]`, `[[a]]` elements); each box records how it was
/// made, which is what the rules on redefining tables and keys turn on.
struct TOMLParser {
    let bytes: [UInt8]
    let limits: TOML.Limits
    var i = 0
    var line = 1
    var lineStart = 0
    /// A column already counted on the current line, so counting the next one starts there.
    private var counted: (lineStart: Int, offset: Int, column: Int) = (-1, 0, 0)

    init(bytes: [UInt8], limits: TOML.Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// How a table came to be; it decides what may add to it later.
    enum Made { case header, implicit, dotted, inline }

    final class TableBox {
        var made: Made
        var line: Int
        var column: Int
        var items: [String: Item] = [:]
        var keys: [String] = []
        let depth: Int
        init(made: Made, line: Int, column: Int, depth: Int) {
            self.made = made
            self.line = line
            self.column = column
            self.depth = depth
        }
        func set(_ key: String, _ item: Item) {
            if items.updateValue(item, forKey: key) == nil { keys.append(key) }
        }
    }

    /// An array of tables made by `[[…]]` headers, which later headers may extend.
    final class ArrayBox {
        var tables: [TableBox] = []
        let line: Int
        init(line: Int) { self.line = line }
    }

    enum Item {
        case value(TOML.Node)
        case table(TableBox)
        case tables(ArrayBox)
    }

    // MARK: Bytes and positions

    var atEnd: Bool { i >= bytes.count }
    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }
    func peek(_ ahead: Int) -> UInt8? { i + ahead < bytes.count ? bytes[i + ahead] : nil }

    /// The column (0-based, in characters) of byte `offset` on the line starting at `start`; 0 for
    /// an offset before the line (a position kept from an earlier line, which callers must not
    /// pass, but which must not stop the program reading a config).
    mutating func column(of offset: Int, lineStart start: Int) -> Int {
        guard offset >= start else { return 0 }
        var (from, column) = (start, 0)
        if counted.lineStart == start, counted.offset <= offset { (from, column) = (counted.offset, counted.column) }
        let slice = bytes[min(from, bytes.count)..<min(offset, bytes.count)]
        column += slice.allSatisfy { $0 < 0x80 } ? slice.count : String(decoding: slice, as: UTF8.self).count
        counted = (start, offset, column)
        return column
    }

    mutating func error(_ message: String, at offset: Int? = nil) -> TOML.SyntaxError {
        TOML.SyntaxError(line: line, column: column(of: offset ?? i, lineStart: lineStart) + 1, message: message)
    }

    /// What the next byte reads as in a message.
    var found: String {
        guard let c = peek else { return "the end of the file" }
        switch c {
        case 0x0A, 0x0D: return "the end of the line"
        case 0x22: return "'\"'"
        case 0x20...0x7E: return "\"\(Character(Unicode.Scalar(c)))\""
        default: return "byte 0x" + (c < 0x10 ? "0" : "") + String(c, radix: 16, uppercase: true)
        }
    }

    mutating func skipSpaces() { while let c = peek, c == 0x20 || c == 0x09 { i += 1 } }

    /// Consumes one line break (LF or CRLF) if there is one.
    mutating func newline() throws(TOML.SyntaxError) -> Bool {
        if peek == 0x0A {
            i += 1
        } else if peek == 0x0D {
            guard peek(1) == 0x0A else { throw error("expected a line feed after a carriage return") }
            i += 2
        } else {
            return false
        }
        line += 1
        lineStart = i
        return true
    }

    /// A `#` comment up to (not including) the line break.
    mutating func comment() throws(TOML.SyntaxError) {
        guard peek == 0x23 else { return }
        while let c = peek, c != 0x0A {
            if c == 0x0D, peek(1) == 0x0A { return }
            if (c < 0x20 && c != 0x09) || c == 0x7F { throw error("expected no control characters in a comment") }
            i += 1
        }
    }

    /// Spaces, an optional comment, then a line break or the end of the file.
    mutating func endOfLine(after what: String) throws(TOML.SyntaxError) {
        skipSpaces()
        try comment()
        if atEnd { return }
        guard try newline() else { throw error("expected the end of the line after \(what) (a comment starts with #), found \(found)") }
    }

    /// Whitespace, comments and line breaks, as allowed between array elements.
    mutating func skipBlank() throws(TOML.SyntaxError) {
        while true {
            skipSpaces()
            try comment()
            guard try newline() else { return }
        }
    }

    // MARK: The document

    /// Checks the caps and the encoding before parsing, so no limit is found half-way.
    mutating func checkShape() throws(TOML.SyntaxError) {
        guard bytes.count <= limits.maximumBytes else {
            throw TOML.SyntaxError(line: 0, message: "expected at most \(limits.maximumBytes) bytes, found \(bytes.count)")
        }
        var (lineNumber, start, index) = (1, 0, 0)
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                index += UTF8.width(scalar)
                if scalar == "\n" {
                    guard index - 1 - start <= limits.maximumLineBytes else {
                        throw TOML.SyntaxError(line: lineNumber, message: "expected at most \(limits.maximumLineBytes) bytes on a line, found \(index - 1 - start)")
                    }
                    lineNumber += 1
                    start = index
                }
            case .emptyInput:
                guard index - start <= limits.maximumLineBytes else {
                    throw TOML.SyntaxError(line: lineNumber, message: "expected at most \(limits.maximumLineBytes) bytes on a line, found \(index - start)")
                }
                return
            case .error:
                throw TOML.SyntaxError(line: lineNumber, message: "expected UTF-8 text, found a byte that is not UTF-8")
            }
        }
    }

    mutating func parseDocument() throws(TOML.SyntaxError) -> TOML.Table {
        try checkShape()
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (i, lineStart) = (3, 3) }   // a byte order mark
        let root = TableBox(made: .header, line: 1, column: 0, depth: 0)
        var current = root
        while !atEnd {
            skipSpaces()
            try comment()
            if atEnd { continue }
            if try newline() { continue }
            if peek == 0x5B {
                current = try header(root: root)
                try endOfLine(after: "the table header")
            } else {
                try keyValue(into: current, depth: current.depth)
                try endOfLine(after: "the value")
            }
        }
        return Self.table(root)
    }

    /// A `[table]` or `[[array]]` header; returns the table the following keys go into.
    mutating func header(root: TableBox) throws(TOML.SyntaxError) -> TableBox {
        let (start, column) = (i, column(of: i, lineStart: lineStart))
        i += 1
        let isArray = peek == 0x5B
        if isArray { i += 1 }
        let path = try key()
        skipSpaces()
        let close = isArray ? "]]" : "]"
        guard peek == 0x5D, !isArray || peek(1) == 0x5D else { throw error("expected \(close) to close the \(isArray ? "header" : "table header"), found \(found)") }
        i += isArray ? 2 : 1
        let name = path.map(\.name).joined(separator: ".")
        var table = root
        for (n, part) in path.dropLast().enumerated() {
            switch table.items[part.name] {
            case nil:
                let made = TableBox(made: .implicit, line: line, column: column, depth: n + 1)
                table.set(part.name, .table(made))
                table = made
            case .table(let box) where box.made != .inline: table = box
            case .tables(let array):
                guard let last = array.tables.last else { throw error("expected a table at \(part.name)", at: start) }
                table = last
            case .table, .value:
                throw error("[\(name)] cannot add to \"\(path[...n].map(\.name).joined(separator: "."))\", a value given on line \(Self.line(of: table.items[part.name]))", at: part.offset)
            }
        }
        guard let last = path.last else { throw error("expected a key", at: start) }
        let existing = table.items[last.name]
        if isArray {
            switch existing {
            case nil:
                let array = ArrayBox(line: line)
                table.set(last.name, .tables(array))
                let made = TableBox(made: .header, line: line, column: column, depth: path.count)
                array.tables.append(made)
                return made
            case .tables(let array):
                let made = TableBox(made: .header, line: line, column: column, depth: path.count)
                array.tables.append(made)
                return made
            case .table, .value:
                throw error("[[\(name)]] is already a table or key on line \(Self.line(of: existing))", at: start)
            }
        }
        switch existing {
        case nil:
            let made = TableBox(made: .header, line: line, column: column, depth: path.count)
            table.set(last.name, .table(made))
            return made
        case .table(let box) where box.made == .implicit:
            (box.made, box.line, box.column) = (.header, line, column)
            return box
        case .table(let box) where box.made == .header:
            throw error("table [\(name)] is defined twice (first on line \(box.line))", at: start)
        case .table(let box):
            throw error("table [\(name)] is already defined by the key on line \(box.line)", at: start)
        case .tables(let array):
            throw error("[\(name)] is already an array of tables ([[\(name)]] on line \(array.line))", at: start)
        case .value(let node):
            throw error("[\(name)] is already a key on line \(node.line)", at: start)
        }
    }

    static func line(of item: Item?) -> Int {
        switch item {
        case .value(let node): node.line
        case .table(let box): box.line
        case .tables(let array): array.line
        case nil: 0
        }
    }

    /// One part of a dotted key, with the byte it starts at.
    struct KeyPart {
        var name: String
        var offset: Int
    }

    /// `a.b."c d"`: bare or quoted keys joined by dots, spaces around the dots allowed.
    mutating func key() throws(TOML.SyntaxError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            skipSpaces()
            let start = i
            switch peek {
            case 0x22:
                guard !(peek(1) == 0x22 && peek(2) == 0x22) else { throw error("expected a key; a key cannot be a multi-line string") }
                i += 1
                parts.append(KeyPart(name: try basicString(), offset: start))
            case 0x27:
                guard !(peek(1) == 0x27 && peek(2) == 0x27) else { throw error("expected a key; a key cannot be a multi-line string") }
                i += 1
                parts.append(KeyPart(name: try literalString(), offset: start))
            default:
                while let c = peek, Self.isBare(c) { i += 1 }
                guard i > start else { throw error("expected a key (letters, digits, - and _, or a quoted key), found \(found)") }
                parts.append(KeyPart(name: String(decoding: bytes[start..<i], as: UTF8.self), offset: start))
            }
            guard parts.count <= limits.maximumDepth else { throw error("expected a key at most \(limits.maximumDepth) levels deep", at: start) }
            skipSpaces()
            guard peek == 0x2E else { return parts }
            i += 1
        }
    }

    static func isBare(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x5F
    }

    /// `key = value`, put into `table` (dotted keys making the tables between).
    mutating func keyValue(into table: TableBox, depth: Int) throws(TOML.SyntaxError) {
        let path = try key()
        let name = path.map(\.name).joined(separator: ".")
        guard peek == 0x3D else { throw error("expected = after the key \"\(name)\", found \(found)") }
        i += 1
        skipSpaces()
        let keyLine = line
        var target = table
        for (n, part) in path.dropLast().enumerated() {
            switch target.items[part.name] {
            case nil:
                let made = TableBox(made: .dotted, line: keyLine, column: column(of: part.offset, lineStart: lineStart), depth: target.depth + 1)
                target.set(part.name, .table(made))
                target = made
            case .table(let box) where box.made == .dotted: target = box
            case let item:
                let prefix = path[...n].map(\.name).joined(separator: ".")
                throw error("key \"\(name)\" cannot add to \"\(prefix)\", already defined on line \(Self.line(of: item))", at: part.offset)
            }
        }
        guard let last = path.last else { return }
        // Checked before the value is read: a value may run over several lines (an array, a
        // multi-line string), and the error points at the key, on the line being read now.
        switch target.items[last.name] {
        case nil: break
        case .table(let box): throw error("key \"\(name)\" is already a table on line \(box.line)", at: last.offset)
        case let item: throw error("key \"\(name)\" is defined twice (first on line \(Self.line(of: item)))", at: last.offset)
        }
        target.set(last.name, .value(try value(depth: target.depth + 1)))
    }

    /// The frozen value of a finished table box.
    static func table(_ box: TableBox) -> TOML.Table {
        var table = TOML.Table()
        for key in box.keys {
            switch box.items[key] {
            case .value(let node): table.append(key, node)
            case .table(let inner):
                table.append(key, TOML.Node(value: .table(Self.table(inner)), line: inner.line, column: inner.column, endLine: inner.line, endColumn: inner.column))
            case .tables(let array):
                let nodes = array.tables.map { TOML.Node(value: .table(Self.table($0)), line: $0.line, column: $0.column, endLine: $0.line, endColumn: $0.column) }
                table.append(key, TOML.Node(value: .array(nodes), line: array.line, column: 0, endLine: array.line, endColumn: 0))
            case nil: continue
            }
        }
        return table
    }
}

/// A TOML 1.0 reader that keeps the line and column of every value.
///
/// Config files and theme files are read with it. It takes the whole of TOML 1.0 (checked by
/// the `TOMLCompliance` tests against the toml-test suite) and keeps, for every value, where
/// it was written, so a semantic error ("unknown widget kind") points at the value the way a
/// syntax error does: `file:line:column: what was expected`. Parsing is linear in the input
/// and bounded by ``Limits`` (file size, line length, nesting depth), each refused with a
/// clear message. docs/DECISIONS.md says why this is not TOMLKit.
///
/// ```swift
/// let doc = try TOML.parse("[dark]\nbackground = \"#111318\"\n")
/// doc.value(at: "dark.background")   // .string("#111318") on line 2, column 13
/// ```
package enum TOML {
    /// A value a key can hold.
    package indirect enum Value: Hashable, Sendable {
        case string(String)
        case integer(Int)
        case float(Double)
        case boolean(Bool)
        case dateTime(DateTime)
        case array([Node])
        case table(Table)

        /// What kind of value this is, for messages ("a string").
        package var kindName: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .float: "a float"
            case .boolean: "a boolean"
            case .dateTime(let d): d.kind.name
            case .array: "an array"
            case .table: "a table"
            }
        }
    }

    /// A value with where it was written.
    package struct Node: Hashable, Sendable {
        package var value: Value
        /// The line (1-based) and column (0-based, in characters) of the value's first character.
        package var line: Int
        package var column: Int
        /// The line and column (0-based, in characters) just after the value's last character.
        package var endLine: Int
        package var endColumn: Int
        /// True when the value is an array element followed by a comma.
        package var hasComma = false
    }

    /// A table: its keys in the order they were written, and their values.
    package struct Table: Hashable, Sendable {
        package private(set) var keys: [String] = []
        private var nodes: [String: Node] = [:]

        package init() {}

        package subscript(key: String) -> Node? { nodes[key] }

        mutating func append(_ key: String, _ node: Node) {
            if nodes.updateValue(node, forKey: key) == nil { keys.append(key) }
        }
    }

    /// An offset date-time, local date-time, local date or local time, kept as RFC 3339 text
    /// (`T` between date and time, `Z` in capitals) since nothing here computes with them.
    package struct DateTime: Hashable, Sendable {
        package enum Kind: Hashable, Sendable {
            case offsetDateTime, localDateTime, localDate, localTime

            var name: String {
                switch self {
                case .offsetDateTime: "a date-time"
                case .localDateTime: "a local date-time"
                case .localDate: "a date"
                case .localTime: "a time"
                }
            }
        }

        package var kind: Kind
        package var text: String
    }

    /// The caps every parse runs under; past one, the parse stops with a ``SyntaxError``.
    package struct Limits: Hashable, Sendable {
        /// The most bytes a file may have.
        package var maximumBytes: Int
        /// The most bytes one line may have.
        package var maximumLineBytes: Int
        /// The deepest tables, arrays and inline tables may nest (a key `a.b.c` is three deep).
        package var maximumDepth: Int

        package init(maximumBytes: Int = 1 << 20, maximumLineBytes: Int = 64 << 10, maximumDepth: Int = 64) {
            self.maximumBytes = maximumBytes
            self.maximumLineBytes = maximumLineBytes
            self.maximumDepth = maximumDepth
        }

        /// A megabyte, lines of 64 KiB, 64 levels: far beyond any config or theme a person writes.
        package static let standard = Limits()
    }

    /// A syntax error: where, and what was expected there.
    package struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The line (1-based); 0 when the problem is the file as a whole.
        package var line: Int
        /// The column (1-based, in characters); 0 when the problem is the whole line.
        package var column: Int
        package var message: String

        package init(line: Int, column: Int = 0, message: String) {
            self.line = line
            self.column = column
            self.message = message
        }

        /// `line:column: message`.
        package var description: String {
            line == 0 ? message : column == 0 ? "\(line): \(message)" : "\(line):\(column): \(message)"
        }
    }

    /// Parses `text` into its root table; throws the first ``SyntaxError``.
    package static func parseTable(_ text: String, limits: Limits = .standard) throws(SyntaxError) -> Table {
        try parseTable(bytes: Array(text.utf8), limits: limits)
    }

    /// Parses UTF-8 bytes (refusing any that are not UTF-8) into the root table.
    package static func parseTable(bytes: [UInt8], limits: Limits = .standard) throws(SyntaxError) -> Table {
        var parser = TOMLParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    /// Parses `text` into a ``Document``, the view the config and theme readers use.
    package static func parse(_ text: String, limits: Limits = .standard) throws(SyntaxError) -> Document {
        Document(root: try parseTable(text, limits: limits))
    }
}

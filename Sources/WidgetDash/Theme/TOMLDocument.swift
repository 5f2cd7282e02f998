extension TOML {
    /// A key's value and where it was written.
    package struct Entry: Hashable, Sendable {
        package var value: Value
        /// The line (1-based) of the key and its value.
        package var line: Int
        /// The column (0-based, in characters) of the value's first character.
        package var column: Int

        package init(value: Value, line: Int, column: Int = 0) {
            self.value = value
            self.line = line
            self.column = column
        }
    }

    /// An array's elements, each with its place, and where the array closes.
    ///
    /// The positions let a tool insert an element into the file text without rewriting the
    /// rest of it (the gallery adds a widget to a page this way, keeping the user's comments).
    package struct ArrayEntry: Hashable, Sendable {
        /// The elements with their lines.
        package var elements: [Element]
        /// The line of the key.
        package var line: Int
        /// The column (0-based, in characters) of the opening `[`.
        package var column: Int
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

    /// A parsed document seen as dotted key paths, which is how the readers look keys up.
    ///
    /// Every table, inline or not, is spread into paths (`scheduler = { budget = 60 }` gives
    /// `scheduler.budget`, as `[scheduler]` with `budget = 60` does). An array whose elements
    /// are all tables (`[[page]]` headers, or `page = [{ … }]`) is an array of tables: keys in
    /// its n-th table have the path `page[n].key`. Any other array is in ``arrays``.
    package struct Document: Sendable {
        /// The tree the paths were taken from.
        package var root = Table()
        /// Every key holding neither a table nor an array, by its full dotted path.
        package var entries: [String: Entry] = [:]
        /// Every table, by its dotted path, with the line it was opened on.
        package var tables: [String: Int] = [:]
        /// Keys of ``entries`` and ``arrays`` in the order they were written.
        package var order: [String] = []
        /// Arrays that are not arrays of tables, by full dotted path.
        package var arrays: [String: ArrayEntry] = [:]
        /// Arrays of tables: the line of each table, by path.
        package var arrayTables: [String: [Int]] = [:]

        package init() {}

        /// The paths of `root`.
        package init(root: Table) {
            self.root = root
            var placed: [(line: Int, column: Int, path: String)] = []
            spread(root, prefix: "", into: &placed)
            order = placed.sorted { ($0.line, $0.column) < ($1.line, $1.column) }.map(\.path)
        }

        package func value(at path: String) -> Entry? { entries[path] }

        private mutating func spread(_ table: Table, prefix: String, into placed: inout [(line: Int, column: Int, path: String)]) {
            for key in table.keys {
                guard let node = table[key] else { continue }
                let path = prefix.isEmpty ? key : prefix + "." + key
                switch node.value {
                case .table(let inner):
                    tables[path] = node.line
                    spread(inner, prefix: path, into: &placed)
                case .array(let elements) where !elements.isEmpty && elements.allSatisfy({ if case .table = $0.value { true } else { false } }):
                    arrayTables[path] = elements.map(\.line)
                    for (i, element) in elements.enumerated() {
                        guard case .table(let inner) = element.value else { continue }
                        spread(inner, prefix: "\(path)[\(i)]", into: &placed)
                    }
                case .array(let elements):
                    arrays[path] = ArrayEntry(
                        elements: elements.map {
                            ArrayEntry.Element(value: $0.value, line: $0.line, column: $0.column, endColumn: $0.endColumn, hasComma: $0.hasComma)
                        },
                        line: node.line, column: node.column, closeLine: node.endLine, closeColumn: max(0, node.endColumn - 1))
                    placed.append((node.line, node.column, path))
                default:
                    entries[path] = Entry(value: node.value, line: node.line, column: node.column)
                    placed.append((node.line, node.column, path))
                }
            }
        }
    }
}

import Foundation
import WidgetDash

/// Reads `config.toml`: the home pages, the lock screen, the theme, the lock and the scheduler.
///
/// ```toml
/// theme = "dark"
/// extensions = ["~/.local/bin/weather-widgets"]
/// [scheduler]
/// budget = 60
/// jitter = "1m"
/// [lock]
/// auto_lock = "10m"
/// screen = ["calendar@rectangular", "clock@inline"]
/// [activities]
/// max = 5
/// [[page]]
/// widgets = ["clock@small", "system@small | calendar@small", "calendar@medium"]
/// ```
///
/// Every problem is collected (not just the first) with its line and what was expected, and
/// whatever is sound is still read, so `config check` can list them all at once. A syntax
/// error stops the reading at its line, as there is no telling what the rest means.
public struct ConfigReader {
    /// The widgets placements may name (the built-in bundle).
    public var widgets: [WidgetDescription]
    public var resolvers: PlacementResolverRegistry

    public init(widgets: [WidgetDescription], resolvers: PlacementResolverRegistry = .standard) {
        self.widgets = widgets
        self.resolvers = resolvers
    }

    static let topKeys = ["theme", "scheme", "extensions"]
    static let tables: [String: [String]] = [
        "scheduler": ["budget", "jitter"],
        "lock": ["auto_lock", "screen"],
        "activities": ["max"],
        "terminal": ["graphemes"],
        "sources": NetworkSettings.defaultSources.keys.sorted(),
        "weather": NetworkSettings.weatherKeys,
    ]
    static let pageKeys = ["widgets", "name"]
    /// The tables a config may hold, as messages list them: `[scheduler], …, [[page]] or [[widget]]`.
    static let tableList = (["scheduler", "lock", "activities"] + tables.keys.filter { !["scheduler", "lock", "activities"].contains($0) }.sorted())
        .map { "[\($0)]" }.joined(separator: ", ") + ", [[page]] or [[widget]]"

    /// Reads config text; `file` names it in messages.
    public func parse(_ text: String, file: String) -> ConfigLoad {
        switch Self.document(text, file: file) {
        case .success(let doc): return read(doc, file: file)
        case .failure(let problem): return Self.unreadable(problem, file: file)
        }
    }

    /// The TOML document of config text, or its syntax error at its line and column.
    static func document(_ text: String, file: String) -> Result<TOML.Document, ConfigProblem> {
        do { return .success(try TOML.parse(text)) } catch {
            return .failure(ConfigProblem(file: file, line: error.line, column: error.column > 0 ? error.column : nil, message: error.message))
        }
    }

    /// The load of a file that does not parse: nothing read, and the reason.
    static func unreadable(_ problem: ConfigProblem, file: String) -> ConfigLoad {
        var config = DashConfig()
        config.file = file
        return ConfigLoad(config: config, problems: [problem])
    }

    /// Reads a config's parsed TOML document; `file` names it in messages.
    func read(_ doc: TOML.Document, file: String) -> ConfigLoad {
        var config = DashConfig()
        config.file = file
        var problems: [ConfigProblem] = []
        var placed: [ConfigLoad.PlacedWidget] = []
        func problem(_ line: Int, _ message: String, column: Int? = nil, warning: Bool = false) {
            problems.append(ConfigProblem(file: file, line: line, column: column, message: message, isWarning: warning))
        }
        /// A problem pointing at `entry`'s value.
        func problem(_ entry: TOML.Entry, _ message: String) { problem(entry.line, message, column: entry.column + 1) }

        // Unknown keys and tables first, in file order, so a typo is reported where it is.
        var reportedTables = Set<String>()
        for path in doc.order {
            let line = doc.entries[path]?.line ?? doc.arrays[path]?.line ?? 0
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 1 {
                if !Self.topKeys.contains(path) {
                    problem(line, "unknown key \"\(path)\" (expected one of: \(Self.topKeys.joined(separator: ", ")), or a table \(Self.tableList))")
                }
                continue
            }
            let (table, key) = (parts[0], parts[1])
            if table.hasPrefix("page[") {
                if !Self.pageKeys.contains(key) { problem(line, "unknown key \"\(key)\" in [[page]] (expected: widgets, name)" + Self.topKeyHint(key)) }
            } else if table.hasPrefix("widget[") {
                continue // the resolver's business
            } else if let keys = Self.tables[table] {
                if !keys.contains(key) { problem(line, "unknown key \"\(key)\" in [\(table)] (expected: \(keys.joined(separator: ", ")))" + Self.topKeyHint(key)) }
            } else if !reportedTables.contains(table) {
                reportedTables.insert(table)
                problem(doc.tables[table] ?? line, "unknown table [\(table)] (expected \(Self.tableList))")
            }
        }
        for (table, line) in doc.tables.sorted(by: { $0.value < $1.value }) where table.hasPrefix("page[") {
            let name = table.drop { $0 != "." }.dropFirst()
            problem(line, "unknown table \"\(name)\" in [[page]] (expected the keys widgets, name)")
        }
        for (table, line) in doc.tables.sorted(by: { $0.value < $1.value })
        where Self.tables[table] == nil && !reportedTables.contains(table) && !table.contains(".") {
            problem(line, "unknown table [\(table)] (expected \(Self.tableList))")
        }
        for (name, lines) in doc.arrayTables where name != "page" && name != "widget" {
            problem(lines[0], "unknown array of tables [[\(name)]] (expected [[page]] or [[widget]])")
        }

        /// The single value at `path`; an array or table there is a problem saying `expected`.
        func scalar(_ path: String, expected: String) -> TOML.Entry? {
            if let array = doc.arrays[path] {
                problem(array.line, "\(expected), found an array", column: array.column + 1)
            } else if let line = doc.tables[path] ?? doc.arrayTables[path]?.first {
                problem(line, "\(expected), found a table")
            }
            return doc.entries[path]
        }
        func string(_ path: String) -> (String, TOML.Entry)? {
            let expected = "expected a string for \"\(path)\""
            guard let entry = scalar(path, expected: expected) else { return nil }
            guard case .string(let s) = entry.value else {
                problem(entry, "\(expected), found \(entry.value.kindName)")
                return nil
            }
            return (s, entry)
        }

        let extensions = Self.extensions(in: doc, file: file)
        config.extensions = extensions.entries
        problems += extensions.problems
        if let (theme, entry) = string("theme") {
            if Self.isThemeName(theme) { config.theme = theme } else {
                problem(entry, "expected a theme name (letters, digits, - and _, at most \(Self.maximumNameLength)) or a path to a .toml file for \"theme\", found \(Self.show(entry.value))")
            }
        }
        if let (scheme, entry) = string("scheme") {
            if let s = ColorScheme(rawValue: scheme) { config.scheme = s } else { problem(entry, "expected light or dark for \"scheme\", found \"\(scheme)\"") }
        }
        let budgetExpected = "expected a whole number from 0 to \(Self.maximumBudget) for \"budget\" (reloads per widget per 24 hours)"
        if let entry = scalar("scheduler.budget", expected: budgetExpected) {
            if case .integer(let n) = entry.value, (0...Self.maximumBudget).contains(n) { config.budget = n } else {
                problem(entry, "\(budgetExpected), found \(Self.show(entry.value))")
            }
        }
        let jitterExpected = "expected a duration up to 1h for \"jitter\" such as \"30s\", \"5m\" or a number of seconds"
        if let entry = scalar("scheduler.jitter", expected: jitterExpected) {
            switch Self.duration(entry.value) {
            case .some(let seconds) where seconds <= Self.maximumJitter: config.jitter = seconds
            default: problem(entry, "\(jitterExpected), found \(Self.show(entry.value))")
            }
        }
        let maxExpected = "expected a whole number from 1 to 100 for \"max\" (Live Activities running at once)"
        if let entry = scalar("activities.max", expected: maxExpected) {
            if case .integer(let n) = entry.value, n >= 1, n <= 100 { config.maximumActivities = n } else {
                problem(entry, "\(maxExpected), found \(Self.show(entry.value))")
            }
        }
        let graphemes = Self.graphemeMode(doc.entries["terminal.graphemes"])
        config.graphemes = graphemes.mode
        if let message = graphemes.problem, let entry = doc.entries["terminal.graphemes"] { problem(entry, message) }
        let autoLockExpected = "expected a duration above 0 and up to 1d for \"auto_lock\" such as \"10m\" or \"1h\""
        if let entry = scalar("lock.auto_lock", expected: autoLockExpected) {
            switch Self.duration(entry.value) {
            case .some(let seconds) where seconds > 0 && seconds <= Self.maximumAutoLock: config.autoLock = seconds
            default: problem(entry, "\(autoLockExpected), found \(Self.show(entry.value))")
            }
        }

        let network = NetworkSettings.read(doc, file: file)
        config.network = network.settings
        problems += network.problems

        // [[widget]] tables: made by their type's resolver, before the pages that use them.
        var sections: [String: (section: WidgetSection, resolver: (any PlacementResolver)?)] = [:]
        let widgetTables = Self.widgetTables(doc)
        for (i, header) in (doc.arrayTables["widget"] ?? []).enumerated() {
            var (entries, arrays) = widgetTables[i] ?? ([:], [:])
            let nameEntry = entries.removeValue(forKey: "name")
            guard let nameEntry, case .string(let name) = nameEntry.value, Self.isKindName(name) else {
                problem(nameEntry?.line ?? header, "expected name = \"…\" in [[widget]] (letters, digits, - and _), the kind pages place it by")
                continue
            }
            guard let typeEntry = entries.removeValue(forKey: "type"), case .string(let type) = typeEntry.value else {
                problem(header, "expected type = \"…\" in [[widget]] \"\(name)\" (one of: \(Self.typeList(resolvers)))")
                continue
            }
            if widgets.contains(where: { $0.kind == name }) || sections[name] != nil {
                problem(nameEntry.line, "a widget called \"\(name)\" already exists; expected a new name")
                continue
            }
            // An array where the type takes none is a value written wrong (`every = []`).
            let arrayKeys = resolvers.resolvers[type]?.arrayKeys ?? []
            if let (key, array) = arrays.filter({ !arrayKeys.contains($0.key) }).min(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }) {
                problem(array.line, "expected a single value for \"\(key)\" in [[widget]] \"\(name)\", found an array", column: array.column + 1)
                continue
            }
            let section = WidgetSection(file: file, line: header, name: name, type: type, entries: entries, arrays: arrays)
            if let resolver = resolvers.resolvers[type] {
                switch resolver.resolve(section, known: widgets) {
                case .success(var description):
                    description.kind = name
                    config.widgets.append(description)
                    sections[name] = (section, resolver)
                case .failure(let p): problems.append(p)
                }
            } else if PlacementResolverRegistry.reservedTypes.contains(type) {
                problem(typeEntry.line, "\(type) widgets are not available in this build; \"\(name)\" is skipped", warning: true)
                sections[name] = (section, nil)
            } else {
                problem(typeEntry.line, "unknown widget type \"\(type)\" (expected one of: \(Self.typeList(resolvers)))")
            }
        }

        let known = widgets + config.widgets
        /// Parses one placement; nil (with a problem) when it is wrong, or a skipped reserved widget.
        func placement(_ text: String, line: Int, column: Int, where context: String) -> WidgetPlacement? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let kind = String(trimmed.prefix { $0 != "@" && $0 != ":" })
            if let skipped = sections[kind], skipped.resolver == nil {
                problem(line, "\"\(trimmed)\" is skipped: \(skipped.section.type) widgets are not available in this build", column: column, warning: true)
                return nil
            }
            switch WidgetPlacement.parse(trimmed, widgets: known) {
            case .failure(let error):
                problem(line, "\(context): \(error)", column: column)
                return nil
            case .success(let p):
                if let entry = sections[p.kind], let resolver = entry.resolver {
                    if let message = resolver.validate(parameters: p.parameters, of: entry.section) {
                        problem(line, "\(context): bad parameter for \"\(p.kind)\": \(message)", column: column)
                        return nil
                    }
                } else if let message = Self.checkParameters(p, widgets: known) {
                    problem(line, "\(context): \(message)", column: column)
                    return nil
                }
                placed.append(ConfigLoad.PlacedWidget(placement: p, line: line, column: column, context: context))
                return p
            }
        }

        // Pages.
        if let headers = doc.arrayTables["page"] {
            var pages: [[PagePlacement]] = []
            for (i, header) in headers.enumerated() {
                let path = "page[\(i)].widgets"
                var page: [PagePlacement] = []
                guard let array = doc.arrays[path] else {
                    if let entry = doc.entries[path] {
                        problem(entry.line, "expected an array of placements for \"widgets\", such as [\"clock@small\", \"calendar@medium\"], found \(entry.value.kindName)")
                    } else {
                        problem(header, "expected widgets = [\"KIND@FAMILY\", …] in this [[page]]", warning: true)
                    }
                    pages.append(page)
                    continue
                }
                for element in array.elements {
                    guard case .string(let text) = element.value else {
                        problem(element.line, "expected a placement in quotes such as \"clock@small\", found \(element.value.kindName)", column: element.column + 1)
                        continue
                    }
                    let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                    if parts.count == 1 {
                        if let p = placement(text, line: element.line, column: element.column + 1, where: "page \(i + 1)") { page.append(.widget(p)) }
                        continue
                    }
                    // A Smart Stack: "a@small | b@small".
                    guard parts.count <= DashConfig.maxStack else {
                        problem(element.line, "expected at most \(DashConfig.maxStack) widgets in a stack, found \(parts.count)", column: element.column + 1)
                        continue
                    }
                    let members = parts.compactMap { placement($0, line: element.line, column: element.column + 1, where: "page \(i + 1) stack") }
                    guard members.count == parts.count else { continue }
                    if let first = members.first, let odd = members.first(where: { $0.family != first.family }) {
                        problem(element.line, "expected every widget of a stack in one family: \(odd.kind) is \(odd.family.shortName), \(first.kind) is \(first.family.shortName)", column: element.column + 1)
                        continue
                    }
                    page.append(.stack(members))
                }
                pages.append(page)
            }
            config.pages = pages
        }

        // The lock screen's accessories.
        if let array = doc.arrays["lock.screen"] {
            var lock: [WidgetPlacement] = []
            for element in array.elements {
                guard case .string(let text) = element.value else {
                    problem(element.line, "expected a placement in quotes such as \"clock@inline\", found \(element.value.kindName)", column: element.column + 1)
                    continue
                }
                guard let p = placement(text, line: element.line, column: element.column + 1, where: "lock screen") else { continue }
                guard p.family.isAccessory else {
                    problem(element.line, "expected an accessory family (circular, rectangular, inline) on the lock screen, found \(p.family.shortName)", column: element.column + 1)
                    continue
                }
                lock.append(p)
            }
            config.lockScreen = lock
        } else if let entry = doc.entries["lock.screen"] {
            problem(entry.line, "expected an array of placements for \"screen\", such as [\"clock@inline\"], found \(entry.value.kindName)")
        }
        problems.sort { ($0.line, $0.column ?? 0, $0.message) < ($1.line, $1.column ?? 0, $1.message) }
        var load = ConfigLoad(config: config, problems: problems)
        load.placed = placed
        return load
    }

    /// A problem with a placement's parameters, or nil.
    ///
    /// Widgets with a configuration intent accept the intent's parameters (see
    /// `WidgetDescription.configurationParameters`); a static widget takes none.
    static func checkParameters(_ p: WidgetPlacement, widgets: [WidgetDescription]) -> String? {
        guard let description = widgets.first(where: { $0.kind == p.kind }) else { return nil }
        return ParameterCheck.problem(p.parameters, for: description)
    }

    /// Seconds from `"90s"`, `"5m"`, `"1h30m"`, `"2d"` or an integer number of seconds.
    package static func duration(_ value: TOML.Value) -> TimeInterval? {
        switch value {
        case .integer(let n): return n >= 0 ? TimeInterval(n) : nil
        case .string(let s): return duration(s)
        default: return nil
        }
    }

    /// The most reloads a day a budget may allow: one a second.
    static let maximumBudget = 86_400
    /// The widest jitter window: an hour, beyond which a reload is late rather than jittered.
    static let maximumJitter: TimeInterval = 3_600
    /// The longest idle time before the dashboard locks itself: a day.
    static let maximumAutoLock: TimeInterval = 86_400
    /// The longest widget kind or theme name.
    static let maximumNameLength = 64

    /// The keys of each `[[widget]]` table, by its index, gathered in one pass over the paths
    /// (one pass per table would make 10,000 tables take seconds).
    static func widgetTables(_ doc: TOML.Document) -> [Int: (entries: [String: TOML.Entry], arrays: [String: TOML.ArrayEntry])] {
        var tables: [Int: (entries: [String: TOML.Entry], arrays: [String: TOML.ArrayEntry])] = [:]
        func split(_ path: String) -> (Int, String)? {
            guard path.hasPrefix("widget["), let close = path.firstIndex(of: "]"),
                  let index = Int(path[path.index(path.startIndex, offsetBy: 7)..<close]),
                  path[path.index(after: close)...].first == "." else { return nil }
            return (index, String(path[path.index(close, offsetBy: 2)...]))
        }
        for (path, entry) in doc.entries { if let (i, key) = split(path) { tables[i, default: ([:], [:])].entries[key] = entry } }
        for (path, array) in doc.arrays { if let (i, key) = split(path) { tables[i, default: ([:], [:])].arrays[key] = array } }
        return tables
    }

    /// A theme name or a path to a theme file: not empty, no control characters, bounded,
    /// and a path must name a `.toml` file (so `/dev/zero` is never read).
    static func isThemeName(_ s: String) -> Bool {
        if s.contains("/") || s.hasSuffix(".toml") {
            return s.hasSuffix(".toml") && s.utf8.count <= 4_096 && !s.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        return s.count <= maximumNameLength && isKindName(s)
    }

    /// Seconds from `"90s"`, `"5m"`, `"1h30m"`, `"2d"`; nil when it is not one, has no unit or
    /// is negative (see ``DurationText``).
    public static func duration(_ text: String) -> TimeInterval? {
        guard let (seconds, hasUnit) = DurationText.parse(text), hasUnit, seconds >= 0 else { return nil }
        return seconds
    }

    /// A value as a message quotes it: strings cut to 80 characters, arrays and tables by kind.
    static func show(_ value: TOML.Value) -> String {
        switch value {
        case .string(let s): s.count > 80 ? "\"\(s.prefix(80))…\"" : "\"\(s)\""
        case .integer(let n): String(n)
        case .float(let x): String(x)
        case .boolean(let b): String(b)
        case .dateTime(let d): d.text
        case .array, .table: value.kindName
        }
    }

    /// A hint for a top-level key written under a table, where TOML makes it the table's.
    static func topKeyHint(_ key: String) -> String {
        topKeys.contains(key) ? "; \(key) = … belongs at the top of the file, before any table" : ""
    }

    static func isKindName(_ s: String) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }

    static func typeList(_ registry: PlacementResolverRegistry) -> String {
        Set(registry.resolvers.keys).union(PlacementResolverRegistry.reservedTypes).sorted().joined(separator: ", ")
    }
}

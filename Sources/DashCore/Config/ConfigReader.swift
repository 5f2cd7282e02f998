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
        "sources": NetworkSettings.defaultSources.keys.sorted(),
        "weather": NetworkSettings.weatherKeys,
    ]
    static let pageKeys = ["widgets", "name"]

    /// Reads config text; `file` names it in messages.
    public func parse(_ text: String, file: String) -> ConfigLoad {
        var config = DashConfig()
        config.file = file
        var problems: [ConfigProblem] = []
        var placed: [ConfigLoad.PlacedWidget] = []
        func problem(_ line: Int, _ message: String, warning: Bool = false) {
            problems.append(ConfigProblem(file: file, line: line, message: message, isWarning: warning))
        }
        let doc: TOMLSubset.Document
        do { doc = try TOMLSubset.parse(text, features: [.arrays, .arrayTables]) } catch {
            return ConfigLoad(config: config, problems: [ConfigProblem(file: file, line: error.line, message: error.message)])
        }

        // Unknown keys and tables first, in file order, so a typo is reported where it is.
        var reportedTables = Set<String>()
        for path in doc.order {
            let line = doc.entries[path]?.line ?? doc.arrays[path]?.line ?? 0
            let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
            if parts.count == 1 {
                if !Self.topKeys.contains(path) {
                    problem(line, "unknown key \"\(path)\" (expected one of: \(Self.topKeys.joined(separator: ", ")), or a table [scheduler], [lock], [activities], [[page]], [[widget]])")
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
                problem(doc.tables[table] ?? line, "unknown table [\(table)] (expected [scheduler], [lock], [activities], [[page]] or [[widget]])")
            }
        }
        for (table, line) in doc.tables.sorted(by: { $0.value < $1.value })
        where Self.tables[table] == nil && !reportedTables.contains(table) && !table.contains(".") {
            problem(line, "unknown table [\(table)] (expected [scheduler], [lock], [activities], [[page]] or [[widget]])")
        }
        for (name, lines) in doc.arrayTables where name != "page" && name != "widget" {
            problem(lines[0], "unknown array of tables [[\(name)]] (expected [[page]] or [[widget]])")
        }

        func string(_ path: String) -> (String, Int)? {
            guard let entry = doc.entries[path] else {
                if let array = doc.arrays[path] { problem(array.line, "expected a string for \"\(path)\", found an array") }
                return nil
            }
            guard case .string(let s) = entry.value else {
                problem(entry.line, "expected a string for \"\(path)\", found \(entry.value.kindName)")
                return nil
            }
            return (s, entry.line)
        }

        let extensions = Self.extensions(in: doc, file: file)
        config.extensions = extensions.entries
        problems += extensions.problems
        if let (theme, _) = string("theme") { config.theme = theme }
        if let (scheme, line) = string("scheme") {
            if let s = ColorScheme(rawValue: scheme) { config.scheme = s } else { problem(line, "expected light or dark for \"scheme\", found \"\(scheme)\"") }
        }
        if let entry = doc.entries["scheduler.budget"] {
            if case .integer(let n) = entry.value, n >= 0 { config.budget = n } else {
                problem(entry.line, "expected a whole number ≥ 0 for \"budget\" (reloads per widget per 24 hours), found \(Self.show(entry.value))")
            }
        }
        if let entry = doc.entries["scheduler.jitter"] {
            switch Self.duration(entry.value) {
            case .some(let seconds): config.jitter = seconds
            case .none: problem(entry.line, "expected a duration for \"jitter\" such as \"30s\", \"5m\", \"1h30m\" or a number of seconds, found \(Self.show(entry.value))")
            }
        }
        if let entry = doc.entries["activities.max"] {
            if case .integer(let n) = entry.value, n >= 1, n <= 100 { config.maximumActivities = n } else {
                problem(entry.line, "expected a whole number from 1 to 100 for \"max\" (Live Activities running at once), found \(Self.show(entry.value))")
            }
        }
        if let entry = doc.entries["lock.auto_lock"] {
            switch Self.duration(entry.value) {
            case .some(let seconds) where seconds > 0: config.autoLock = seconds
            default: problem(entry.line, "expected a duration above 0 for \"auto_lock\" such as \"10m\" or \"1h\", found \(Self.show(entry.value))")
            }
        }

        let network = NetworkSettings.read(doc, file: file)
        config.network = network.settings
        problems += network.problems

        // [[widget]] tables: made by their type's resolver, before the pages that use them.
        var sections: [String: (section: WidgetSection, resolver: (any PlacementResolver)?)] = [:]
        for (i, header) in (doc.arrayTables["widget"] ?? []).enumerated() {
            let prefix = "widget[\(i)]."
            var entries: [String: TOMLSubset.Entry] = [:]
            var arrays: [String: TOMLSubset.ArrayEntry] = [:]
            for (path, entry) in doc.entries where path.hasPrefix(prefix) { entries[String(path.dropFirst(prefix.count))] = entry }
            for (path, array) in doc.arrays where path.hasPrefix(prefix) { arrays[String(path.dropFirst(prefix.count))] = array }
            guard let nameEntry = entries.removeValue(forKey: "name"), case .string(let name) = nameEntry.value, Self.isKindName(name) else {
                problem(entries["name"]?.line ?? header, "expected name = \"…\" in [[widget]] (letters, digits, - and _), the kind pages place it by")
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
        func placement(_ text: String, line: Int, where context: String) -> WidgetPlacement? {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let kind = String(trimmed.prefix { $0 != "@" && $0 != ":" })
            if let skipped = sections[kind], skipped.resolver == nil {
                problem(line, "\"\(trimmed)\" is skipped: \(skipped.section.type) widgets are not available in this build", warning: true)
                return nil
            }
            switch WidgetPlacement.parse(trimmed, widgets: known) {
            case .failure(let error):
                problem(line, "\(context): \(error)")
                return nil
            case .success(let p):
                if let entry = sections[p.kind], let resolver = entry.resolver {
                    if let message = resolver.validate(parameters: p.parameters, of: entry.section) {
                        problem(line, "\(context): bad parameter for \"\(p.kind)\": \(message)")
                        return nil
                    }
                } else if let message = Self.checkParameters(p, widgets: known) {
                    problem(line, "\(context): \(message)")
                    return nil
                }
                placed.append(ConfigLoad.PlacedWidget(placement: p, line: line, context: context))
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
                        problem(element.line, "expected a placement in quotes such as \"clock@small\", found \(element.value.kindName)")
                        continue
                    }
                    let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                    if parts.count == 1 {
                        if let p = placement(text, line: element.line, where: "page \(i + 1)") { page.append(.widget(p)) }
                        continue
                    }
                    // A Smart Stack: "a@small | b@small".
                    guard parts.count <= DashConfig.maxStack else {
                        problem(element.line, "expected at most \(DashConfig.maxStack) widgets in a stack, found \(parts.count)")
                        continue
                    }
                    let members = parts.compactMap { placement($0, line: element.line, where: "page \(i + 1) stack") }
                    guard members.count == parts.count else { continue }
                    if let first = members.first, let odd = members.first(where: { $0.family != first.family }) {
                        problem(element.line, "expected every widget of a stack in one family: \(odd.kind) is \(odd.family.shortName), \(first.kind) is \(first.family.shortName)")
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
                    problem(element.line, "expected a placement in quotes such as \"clock@inline\", found \(element.value.kindName)")
                    continue
                }
                guard let p = placement(text, line: element.line, where: "lock screen") else { continue }
                guard p.family.isAccessory else {
                    problem(element.line, "expected an accessory family (circular, rectangular, inline) on the lock screen, found \(p.family.shortName)")
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
    package static func duration(_ value: TOMLSubset.Value) -> TimeInterval? {
        switch value {
        case .integer(let n): return n >= 0 ? TimeInterval(n) : nil
        case .boolean: return nil
        case .string(let s): return duration(s)
        }
    }

    /// Seconds from `"90s"`, `"5m"`, `"1h30m"`, `"2d"`; nil when it is not one, has no unit or
    /// is negative (see ``DurationText``).
    public static func duration(_ text: String) -> TimeInterval? {
        guard let (seconds, hasUnit) = DurationText.parse(text), hasUnit, seconds >= 0 else { return nil }
        return seconds
    }

    static func show(_ value: TOMLSubset.Value) -> String {
        switch value {
        case .string(let s): "\"\(s)\""
        case .integer(let n): String(n)
        case .boolean(let b): String(b)
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

import ArgumentParser
import DashCatalog
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// `widgetdash activity …`: Live Activities from scripts, as an app starts them on iOS.
struct ActivityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "activity",
        abstract: "Start, update, end and list Live Activities (the Dynamic Island and the lock screen).",
        discussion: """
            Activities live in the shared store, so they survive a restart of the dashboard, and \
            running dashboards show a change within a second. Exit status 65 for JSON that is bad \
            or does not fit the type (nothing is written), 64 for a misused option or an unknown \
            type, 75 when as many activities run as allowed ([activities] max in config.toml, \
            default 5), 1 when the activity does not exist or has ended.
            """,
        subcommands: [ActivityStartCommand.self, ActivityUpdateCommand.self, ActivityEndCommand.self, ActivityListCommand.self,
                      ActivityTypesCommand.self, ActivityPreviewCommand.self]
    )
}

/// Exit statuses of the activity commands beyond the common ones.
enum ActivityExit {
    /// As many activities run as allowed: try again once one has ended (EX_TEMPFAIL).
    static let tooMany = ExitCode(75)
    /// No such activity, or it has ended.
    static let noActivity = ExitCode(1)
}

/// What the activity commands share: the store, the known types, JSON arguments.
enum ActivityTools {
    /// The activity type called `name` among `known` (the command's catalog, extensions
    /// loaded), or a usage error listing the known ones.
    static func description(_ name: String, in known: KnownWidgets) throws -> ActivityDescription {
        let known = known.activities
        if let d = known.first(where: { $0.activityType == name }) { return d }
        printError("no activity type \"\(TextSanitizer.sanitize(name, keepNewlines: false))\" (known: \(known.map(\.activityType).joined(separator: ", ")))")
        throw ExitStatus.usage
    }

    /// A JSON argument: the text itself, `@FILE` for a file, `-` for standard input.
    static func json(_ argument: String, option: String) throws -> Data {
        if argument == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        if argument.hasPrefix("@") {
            let path = String(argument.dropFirst())
            guard let data = FileManager.default.contents(atPath: path) else {
                printError("\(option) \(argument): cannot read \(path)")
                throw ExitStatus.noInput
            }
            return data
        }
        return Data(argument.utf8)
    }

    /// Decodes and re-encodes a payload with the type's `canonical` function; 65 when it does not fit.
    static func canonical(_ data: Data, _ canonical: @Sendable (Data) throws(ActivityPayloadError) -> Data, type: String) throws -> Data {
        do throws(ActivityPayloadError) { return try canonical(data) } catch {
            printError("\(type) \(error.description)")
            throw ExitStatus.dataError
        }
    }

    /// An ISO-8601 option, or a usage error.
    static func date(_ text: String?, option: String) throws -> Date? {
        guard let text else { return nil }
        return try CommandLineInput.moment(text, option: option, expected: "an ISO-8601 date and time with a zone, e.g. 2026-11-24T18:30:00Z")
    }

    /// A finite relevance score, or a usage error.
    static func relevance(_ value: Double?) throws -> Double? {
        guard let value else { return nil }
        guard value.isFinite else {
            printError("--relevance \(value): expected a finite number")
            throw ExitStatus.usage
        }
        return value
    }

    /// `[activities] max` from the config file, or the default.
    static func maximumCount(config: String?, widgets: [WidgetDescription]) -> Int {
        let file = ConfigCommand.file(config)
        guard FileManager.default.fileExists(atPath: file.path) else { return ActivityLimits.defaultMaximumCount }
        return ConfigReader(widgets: widgets).read(file).config.maximumActivities ?? ActivityLimits.defaultMaximumCount
    }

    /// Maps the store's refusals to messages and exit statuses.
    static func fail(_ error: any Error, doing what: String) -> any Error {
        switch error {
        case let e as ActivityAuthorizationError:
            printError(e.description)
            if case .globalMaximumExceeded = e { return ActivityExit.tooMany }
            return ExitStatus.dataError
        case let e as ActivityUpdateError:
            printError(e.description)
            return ActivityExit.noActivity
        default:
            printError("cannot \(what): \(error)")
            return ExitStatus.dataError
        }
    }

    /// The record `id` names (a full id or a unique prefix), or exit 1.
    static func record(_ id: String, in store: SharedStore) throws -> ActivityRecord {
        do { return try store.activity(matching: id) } catch {
            throw fail(error, doing: "read the activities")
        }
    }
}

struct ActivityStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start",
        abstract: "Start a Live Activity and print its id.",
        discussion: """
            Example:
              widgetdash activity start delivery --attributes '{"orderNumber":"1042","item":"Margherita"}' \\
                --state '{"status":"Baking","eta":"2026-11-24T19:30:00Z"}'
            JSON may also be @FILE or - (standard input). `widgetdash activity types` lists the \
            types and their fields. Attributes plus state may take 4,096 bytes, encoded.
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The activity type (delivery, game, timer, …).") var type: String
    @Option(help: ArgumentHelp("The attributes: JSON, @FILE or -.", valueName: "JSON")) var attributes: String
    @Option(help: ArgumentHelp("The content state: JSON, @FILE or -.", valueName: "JSON")) var state: String
    @Option(name: .customLong("stale-date"), help: ArgumentHelp("After this moment the content shows as out of date.", valueName: "ISO-8601")) var staleDate: String?
    @Option(help: ArgumentHelp("The relevance score: the highest gets the island.", valueName: "N")) var relevance: Double?
    @Option(name: .customLong("start-date"), help: ArgumentHelp("Start later: pending until then.", valueName: "ISO-8601")) var startDate: String?
    @Option(help: ArgumentHelp("The config file, for [activities] max and its extensions.", valueName: "FILE")) var config: String?
    @OptionGroup var extensions: ExtensionOptions

    func validate() throws {
        if attributes == "-" && state == "-" { throw ValidationError("only one of --attributes and --state can read standard input") }
    }

    func run() throws {
        // One merge of the bundles and extensions for the type and the config's widgets: a
        // merge builds every widget's description, and loading spawns every extension.
        let known = extensions.knownWidgets(configFile: ConfigCommand.file(config))
        let description = try ActivityTools.description(type, in: known)
        let attributesData = try ActivityTools.canonical(try ActivityTools.json(attributes, option: "--attributes"), description.canonicalAttributes, type: type)
        let stateData = try ActivityTools.canonical(try ActivityTools.json(state, option: "--state"), description.canonicalState, type: type)
        let stale = try ActivityTools.date(staleDate, option: "--stale-date")
        let start = try ActivityTools.date(startDate, option: "--start-date")
        let score = try ActivityTools.relevance(relevance) ?? 0
        let shared = try store.open()
        let record: ActivityRecord
        do {
            record = try shared.requestActivity(type: description.activityType, attributes: attributesData, state: stateData, staleDate: stale,
                                                relevance: score, start: start, maximumCount: ActivityTools.maximumCount(config: config, widgets: known.widgets))
        } catch {
            throw ActivityTools.fail(error, doing: "start the activity")
        }
        StoreNotifier.post([.activity(record.id)], location: store.location)
        print(record.id)
    }
}

struct ActivityUpdateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update",
        abstract: "Give a Live Activity a new content state (optionally with an alert).",
        discussion: """
            The new state replaces the old; --stale-date applies to the new content only (none: \
            never stale); the relevance stays unless --relevance is given. An alert expands the \
            island for a few seconds (a banner on the lock screen). ID may be a unique prefix.
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The activity's id (as `start` printed it), or a unique prefix of at least 4 characters.") var id: String
    @Option(help: ArgumentHelp("The content state: JSON, @FILE or -.", valueName: "JSON")) var state: String
    @Option(name: .customLong("stale-date"), help: ArgumentHelp("After this moment the content shows as out of date.", valueName: "ISO-8601")) var staleDate: String?
    @Option(help: ArgumentHelp("A new relevance score.", valueName: "N")) var relevance: Double?
    @Option(name: .customLong("alert-title"), help: ArgumentHelp("Alert: its title.", valueName: "TEXT")) var alertTitle: String?
    @Option(name: .customLong("alert-body"), help: ArgumentHelp("Alert: its text.", valueName: "TEXT")) var alertBody: String?
    @OptionGroup var extensions: ExtensionOptions

    func validate() throws {
        if alertBody != nil && alertTitle == nil { throw ValidationError("--alert-body needs --alert-title") }
    }

    func run() throws {
        let shared = try store.open()
        let record = try ActivityTools.record(id, in: shared)
        let description = try ActivityTools.description(record.activityType, in: extensions.knownWidgets(configFile: ConfigCommand.file(nil)))
        let stateData = try ActivityTools.canonical(try ActivityTools.json(state, option: "--state"), description.canonicalState, type: record.activityType)
        let stale = try ActivityTools.date(staleDate, option: "--stale-date")
        let score = try ActivityTools.relevance(relevance)
        let alert = alertTitle.map { AlertConfiguration(title: $0, body: alertBody ?? "") }
        do {
            try shared.updateActivity(id: record.id, state: stateData, staleDate: stale, relevance: score, alert: alert)
        } catch {
            throw ActivityTools.fail(error, doing: "update the activity")
        }
        StoreNotifier.post([.activity(record.id)], location: store.location)
    }
}

struct ActivityEndCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end",
        abstract: "End a Live Activity, with a final state and how it leaves the screen.",
        discussion: """
            --dismissal default keeps it on the lock screen until it is removed or 4 hours \
            pass; immediate removes it now; after:ISO-8601 at that moment (at most 4 hours after \
            the end).
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The activity's id, or a unique prefix.") var id: String
    @Option(help: ArgumentHelp("The final content state: JSON, @FILE or -.", valueName: "JSON")) var state: String?
    @Option(help: ArgumentHelp("default, immediate or after:ISO-8601.", valueName: "POLICY")) var dismissal: String = "default"
    @OptionGroup var extensions: ExtensionOptions

    func run() throws {
        guard let policy = ActivityRules.parseDismissal(dismissal) else {
            printError("--dismissal \(dismissal): expected default, immediate or after:ISO-8601 (after:2026-11-24T20:00:00Z)")
            throw ExitStatus.usage
        }
        let shared = try store.open()
        let record = try ActivityTools.record(id, in: shared)
        var stateData: Data?
        if let state {
            let description = try ActivityTools.description(record.activityType, in: extensions.knownWidgets(configFile: ConfigCommand.file(nil)))
            stateData = try ActivityTools.canonical(try ActivityTools.json(state, option: "--state"), description.canonicalState, type: record.activityType)
        }
        do {
            try shared.endActivity(id: record.id, state: stateData, staleDate: nil, dismissal: policy)
        } catch {
            throw ActivityTools.fail(error, doing: "end the activity")
        }
        StoreNotifier.post([.activity(record.id)], location: store.location)
    }
}

struct ActivityListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the Live Activities that are not dismissed, most relevant first."
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print a JSON array (id, type, state, attributes, content, dates).") var json = false

    func run() throws {
        let shared = try store.open()
        let now = Date()
        let records: [ActivityRecord]
        do { records = ActivityRules.ordered(try shared.activities(at: now)) } catch {
            throw ActivityTools.fail(error, doing: "read the activities")
        }
        if json {
            let items: [JSONValue] = records.map { r in
                var object: [String: JSONValue] = [
                    "id": .string(r.id), "type": .string(r.activityType),
                    "state": .string(ActivityRules.state(of: r, at: now).rawValue),
                    "attributes": (try? JSONValue.parse(String(decoding: r.attributes, as: UTF8.self))) ?? .null,
                    "content": (try? JSONValue.parse(String(decoding: r.state, as: UTF8.self))) ?? .null,
                    "relevanceScore": .number(r.relevanceScore),
                    "started": .string(ActivityCoding.iso8601(r.startDate)),
                    "dismissal": .string(ActivityRules.text(of: r.dismissalPolicy)),
                ]
                if let stale = r.staleDate { object["staleDate"] = .string(ActivityCoding.iso8601(stale)) }
                if let ended = r.ended { object["ended"] = .string(ActivityCoding.iso8601(ended)) }
                return .object(object)
            }
            print(JSONValue.array(items).jsonText)
            return
        }
        if records.isEmpty {
            print("No Live Activities. Start one with: widgetdash activity start TYPE --attributes JSON --state JSON")
            return
        }
        for r in records {
            let state = ActivityRules.state(of: r, at: now).rawValue
            let content = TextSanitizer.sanitize(String(decoding: r.state, as: UTF8.self), keepNewlines: false)
            let line = "\(r.id)  \(r.activityType.padding(toLength: 9, withPad: " ", startingAt: 0)) \(state.padding(toLength: 8, withPad: " ", startingAt: 0)) \(content)"
            print(TextWidth.truncate(line, toWidth: 200))
        }
    }
}

struct ActivityTypesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "types",
        abstract: "List the activity types this widgetdash knows, with the JSON they take."
    )

    @OptionGroup var extensions: ExtensionOptions

    func run() {
        for d in extensions.knownWidgets(configFile: ConfigCommand.file(nil)).activities {
            // A long (qualified) name is not cut to the column.
            let name = d.activityType.count < 10 ? d.activityType.padding(toLength: 10, withPad: " ", startingAt: 0) : d.activityType
            print("\(name) \(d.displayName) (\(d.attributesTypeName))")
            if !d.description.isEmpty { print("           \(d.description)") }
        }
    }
}

struct ActivityPreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Print an activity type's presentations as text: compact, minimal, expanded, lock screen.",
        discussion: "Without --attributes and --state, the type's own preview sample is drawn."
    )

    @Argument(help: "The activity type.") var type: String
    @Option(help: ArgumentHelp("compact, minimal, expanded, lockScreen or all.", valueName: "NAME")) var presentation: String = "all"
    @Option(help: ArgumentHelp("The attributes: JSON, @FILE or -.", valueName: "JSON")) var attributes: String?
    @Option(help: ArgumentHelp("The content state: JSON, @FILE or -.", valueName: "JSON")) var state: String?
    @Option(help: ArgumentHelp("The moment to draw, ISO-8601 (default: now; the sample's own moment for the sample).", valueName: "ISO-8601")) var at: String?
    @Option(help: ArgumentHelp("The width of the expanded island and the lock screen card.", valueName: "N")) var width: Int = 60
    @Flag(help: "Color the output with ANSI SGR escapes.") var color = false
    @Option(help: ArgumentHelp("The theme.", valueName: "NAME")) var theme: String?
    @Option(help: ArgumentHelp("light or dark.", valueName: "SCHEME")) var scheme: String?
    @OptionGroup var extensions: ExtensionOptions

    func run() throws {
        // Drawn once: an extension's activity is waited for, not drawn as it comes.
        var limits = RemoteLimits()
        limits.activityWait = limits.render
        let known = extensions.knownWidgets(configFile: ConfigCommand.file(nil)) { try ExtensionLoader.load(path: $0, limits: limits) }
        let description = try ActivityTools.description(type, in: known)
        var now = Date()
        let payload: (attributes: Data, state: Data)
        if let attributes, let state {
            payload = (try ActivityTools.canonical(try ActivityTools.json(attributes, option: "--attributes"), description.canonicalAttributes, type: type),
                       try ActivityTools.canonical(try ActivityTools.json(state, option: "--state"), description.canonicalState, type: type))
        } else if attributes == nil && state == nil, let sample = description.preview {
            payload = sample
            now = SampleData.date
        } else {
            printError("give both --attributes and --state (or neither, for the type's sample)")
            throw ExitStatus.usage
        }
        if let at { now = try ActivityTools.date(at, option: "--at") ?? now }
        guard (24...200).contains(width) else {
            printError("--width \(width): expected 24 to 200")
            throw ExitStatus.usage
        }
        let kinds: [ActivityPresentation]
        if presentation == "all" { kinds = ActivityPresentation.allCases } else {
            guard let p = ActivityPresentation(rawValue: presentation) else {
                printError("--presentation \(presentation): expected compact, minimal, expanded, lockScreen or all")
                throw ExitStatus.usage
            }
            kinds = [p]
        }
        let look = try ThemeChoice.resolve(theme: theme, scheme: scheme)
        var env = EnvironmentValues()
        env.palette = look.theme.palette(for: look.scheme)
        env.colorScheme = look.scheme
        let record = ActivityRecord(id: "preview", activityType: description.activityType, attributes: payload.attributes, state: payload.state,
                                    requested: now)
        let lines: [String]
        do {
            lines = try ActivityPreview.lines(description, record: record, presentations: kinds, width: width, environment: env,
                                              islandPalette: look.theme.variants[.dark] ?? env.palette, now: now,
                                              text: color ? ANSI.lines(of:) : { $0.lines })
        } catch {
            printError("\(type) \(error)")
            throw ExitStatus.dataError
        }
        print(lines.joined(separator: "\n"))
    }
}

import ArgumentParser
import DashCore
import DashSystem
import Foundation
import WidgetDash

/// Where the store is: `--data-dir`, else `$WIDGETDASH_HOME`, else `$XDG_DATA_HOME/widgetdash`.
struct StoreOptions: ParsableArguments {
    @Option(name: .customLong("data-dir"),
            help: ArgumentHelp("The store's directory (default: $WIDGETDASH_HOME, else $XDG_DATA_HOME/widgetdash).", valueName: "DIR"))
    var dataDirectory: String?

    var location: StoreLocation { StoreLocation.resolve(dataDirectory: dataDirectory) }

    /// Opens the store, reporting a moved-aside file; a newer schema or an unusable store
    /// ends the command with status 65.
    func open() throws -> SharedStore {
        do {
            let store = try SharedStore.open(at: location)
            if let notice = store.notice { printError(notice) }
            return store
        } catch {
            printError("\(error)")
            throw ExitStatus.dataError
        }
    }
}

/// Checks a `KIND.KEY` argument; a bad one is a usage error (64).
private func checkKey(_ key: String) throws {
    if let problem = StoreKey.problem(withKey: key) {
        printError(problem)
        throw ExitStatus.usage
    }
}

/// Checks a kind (or timeline name): the characters of a key, without dots.
private func checkKind(_ kind: String) throws {
    if kind.contains(".") || StoreKey.problem(withKey: kind + ".x") != nil {
        printError("expected a widget kind (letters, digits, '_', '-'), got \"\(TextSanitizer.sanitize(kind, keepNewlines: false))\"")
        throw ExitStatus.usage
    }
}

/// `widgetdash set KIND.KEY VALUE`: stores a value and tells running dashboards.
struct SetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Store a value for widgets: JSON if VALUE is JSON, else a string.",
        discussion: """
            Examples:
              widgetdash set cpu.temp 71
              widgetdash set notes.text "Call the plumber"
              widgetdash set build.steps '["lint", "test", "deploy"]'
              widgetdash set --string build.id 0042
            A VALUE that starts with {, [ or " must be valid JSON (exit 65 and where it broke \
            if not); anything else that is not JSON is stored as a string. Running dashboards \
            reload the widgets that show the key within a second.
            """
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Store VALUE as a string even if it reads as JSON.") var string = false
    @Argument(help: ArgumentHelp("The key: a kind, a dot, a name (cpu.temp).", valueName: "KIND.KEY")) var key: String
    @Argument(help: "The value.") var value: String

    func run() throws {
        try checkKey(key)
        let parsed: JSONValue
        do { parsed = try Self.interpret(value, forceString: string) } catch {
            printError("VALUE is not valid JSON: \(error) (use --string to store it as text)")
            throw ExitStatus.dataError
        }
        let shared = try store.open()
        do { try shared.set(key, to: parsed) } catch {
            printError("cannot write \(key): \(error)")
            throw ExitStatus.dataError
        }
        StoreNotifier.post([.key(key)], location: store.location)
    }

    /// VALUE as JSON when it is JSON; text that starts like JSON must be JSON.
    static func interpret(_ text: String, forceString: Bool) throws(JSONParseError) -> JSONValue {
        if forceString { return .string(text) }
        let first = text.unicodeScalars.first { !" \t\r\n".unicodeScalars.contains($0) }
        if let first, "{[\"".unicodeScalars.contains(first) { return try JSONValue.parse(text) }
        return (try? JSONValue.parse(text)) ?? .string(text)
    }
}

/// `widgetdash get KIND.KEY`: prints the value as JSON; exit 1 when absent.
struct GetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Print a stored value as JSON (exit status 1 when it is not set)."
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "Print a string value as plain text, without quotes.") var raw = false
    @Argument(help: ArgumentHelp("The key.", valueName: "KIND.KEY")) var key: String

    func run() throws {
        try checkKey(key)
        let shared = try store.open()
        let stored: WidgetSharedStore.StoredValue?
        do { stored = try shared.value(forKey: key) } catch {
            printError("cannot read \(key): \(error)")
            throw ExitStatus.dataError
        }
        guard let stored else { throw ExitCode(1) }
        if raw, case .string(let s) = stored.value {
            // Sanitised: --raw is for reading, and what a script stored must not drive the terminal.
            print(TextSanitizer.sanitize(s))
        } else {
            print(stored.value.jsonText)
        }
    }
}

/// `widgetdash keys [KIND]`: lists keys.
struct KeysCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "keys", abstract: "List the stored keys (of one kind).")

    @OptionGroup var store: StoreOptions
    @Argument(help: "Only keys of this kind (KIND.…).") var kind: String?

    func run() throws {
        if let kind { try checkKind(kind) }
        let shared = try store.open()
        for key in try shared.keys(kind: kind) { print(key) }
    }
}

/// `widgetdash unset KIND.KEY`: removes a key.
struct UnsetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unset", abstract: "Remove a stored value (no error if it is not set).")

    @OptionGroup var store: StoreOptions
    @Argument(help: ArgumentHelp("The key.", valueName: "KIND.KEY")) var key: String

    func run() throws {
        try checkKey(key)
        let shared = try store.open()
        if try shared.unset(key) { StoreNotifier.post([.key(key)], location: store.location) }
    }
}

/// `widgetdash push KIND --timeline FILE|-`: a timeline for a kind's next reload.
struct PushCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "push",
        abstract: "Give a kind a timeline of dated values (its widgets reload at once).",
        discussion: """
            The timeline is JSON:
              {"entries": [{"date": "2026-11-22T09:00:00Z", "value": "Stand-up at 9:30"}], "policy": "atEnd"}
            date: ISO-8601 with a zone, or seconds since 1970. policy: "atEnd" (default), \
            "never" or {"after": DATE}. An empty "entries" removes the pushed timeline.
            """
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The widget kind (or a name given to widgets as timeline=NAME).") var kind: String
    @Option(help: ArgumentHelp("The timeline file, or - for standard input.", valueName: "FILE|-")) var timeline: String

    func run() throws {
        try checkKind(kind)
        let data: Data
        if timeline == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            guard let read = FileManager.default.contents(atPath: timeline) else {
                printError("cannot read \(timeline)")
                throw ExitStatus.noInput
            }
            data = read
        }
        let source = timeline == "-" ? "standard input" : timeline
        let parsed: SharedTimeline
        do { parsed = try SharedTimeline.parse(String(decoding: data, as: UTF8.self)) } catch {
            printError("\(source): \(error)")
            throw ExitStatus.dataError
        }
        let shared = try store.open()
        do {
            if parsed.entries.isEmpty { try shared.removeTimeline(named: kind) } else { try shared.push(parsed, for: kind) }
        } catch {
            printError("cannot store the timeline: \(error)")
            throw ExitStatus.dataError
        }
        StoreNotifier.post([.timeline(kind)], location: store.location)
    }
}

/// `widgetdash reload [KIND]`: WidgetCenter from outside.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Ask running dashboards to reload a kind's widgets (all without KIND), outside the budget."
    )

    @OptionGroup var store: StoreOptions
    @Argument(help: "The widget kind.") var kind: String?

    func run() throws {
        if let kind { try checkKind(kind) }
        StoreNotifier.post([.reload(kind)], location: store.location)
    }
}

/// Connects a running dashboard to scripts' writes to the store (the read API's backing is
/// `SharedStore.lazyBacking`, in the dashboard's services).
enum StoreLink {
    /// Starts listening, posting to `queue`; keep the listener alive for as long as the
    /// dashboard runs.
    static func start(options: StoreOptions, queue: StoreChangeQueue) -> StoreListener? {
        let location = options.location
        do {
            return try StoreListener(location: location) { queue.post($0) }
        } catch {
            // The dashboard still works; it just will not hear writes until restarted.
            printError("\(error); widgets will not update on writes (press R to reload)")
            return nil
        }
    }
}

/// Connects a running dashboard to Live Activities: the island and lock screen read them from
/// the store, and intents (the timer's Pause) change them there through `ActivitySystem`.
enum ActivityLink {
    /// `maximum` is what the config allows; the shell keeps it current as it reads the config.
    /// Returns what the shell shows and the backing for the dashboard's services.
    static func start(options: StoreOptions, store: LazySharedStore, maximum: ActivityMaximum,
                      changes: StoreChangeQueue, descriptions: [ActivityDescription]) -> (controller: ActivityController, backing: ActivitySystem.Backing) {
        let location = options.location
        let backing = store.activityBacking(maximum: maximum) { id in
            // Every dashboard on this store hears it, this one included (through its socket).
            StoreNotifier.post([.activity(id)], location: location)
            changes.post([.activity(id)])
        }
        return (ActivityController(descriptions: descriptions, source: .store(store)), backing)
    }
}

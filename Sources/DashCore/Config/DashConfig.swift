import Foundation
import WidgetDash

/// One slot of a home page: a widget, or a Smart Stack of several of one family.
public enum PagePlacement: Hashable, Sendable, CustomStringConvertible {
    case widget(WidgetPlacement)
    /// Up to ``DashConfig/maxStack`` widgets of one family sharing a slot.
    case stack([WidgetPlacement])

    /// The widgets of the slot, in order.
    public var members: [WidgetPlacement] {
        switch self {
        case .widget(let p): [p]
        case .stack(let ps): ps
        }
    }

    /// The text a config file uses for it: `KIND@FAMILY[:K=V,…]`, stack members joined by ` | `.
    public var description: String { members.map(\.description).joined(separator: " | ") }
}

/// A problem found in a config file: where, and what was expected there.
///
/// Printed as `file:line: message` (`file:line:column: message` when it points at one value of
/// an array), like a compiler, so editors can jump to it. Warnings do not stop the config from
/// being used; errors make the dashboard fall back to its default.
public struct ConfigProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int
    /// The column (1-based) of the value the problem is about; nil when it is about the line.
    public var column: Int?
    public var message: String
    public var isWarning: Bool

    public init(file: String, line: Int, column: Int? = nil, message: String, isWarning: Bool = false) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.isWarning = isWarning
    }

    public var description: String {
        let place = line > 0 ? ":\(line)" + (column.map { ":\($0)" } ?? "") : ""
        return "\(file)\(place): " + (isWarning ? "warning: " : "") + message
    }
}

/// What a config file asks for. Every field is optional: nil keeps the built-in default (or
/// what the command line says, which wins over the file).
public struct DashConfig {
    /// The most widgets one Smart Stack holds, as on iOS.
    public static let maxStack = 10

    /// The file it came from (for messages and for the gallery, which adds to it).
    public var file: String?
    /// The home screen's pages; nil: the built-in default home screen.
    public var pages: [[PagePlacement]]?
    /// The lock screen's accessory widgets; nil: the built-in default.
    public var lockScreen: [WidgetPlacement]?
    /// A theme name or a path to a theme file.
    public var theme: String?
    public var scheme: ColorScheme?
    /// Lock after this many idle seconds.
    public var autoLock: TimeInterval?
    /// Budgeted reloads per widget per rolling 24 hours.
    public var budget: Int?
    /// The widest jitter window of `.after` reloads, in seconds.
    public var jitter: TimeInterval?
    /// How many Live Activities may run at once (`[activities] max`).
    public var maximumActivities: Int?
    /// How grapheme clusters are drawn (`[terminal] graphemes`); nil: auto.
    public var graphemes: GraphemeMode?
    /// Extension executables to load (`extensions = ["PATH", …]`), in file order, as written.
    public var extensions: [ExtensionEntry] = []
    /// Widgets the config itself defines (`[[widget]]` tables, made by placement resolvers),
    /// in addition to the built-in ones; pages refer to them by their `name`.
    public var widgets: [WidgetDescription] = []
    /// `[sources]` and `[weather]`: the network services' base URLs, the weather defaults.
    public var network = NetworkSettings()

    public init() {}

    /// Every widget placed on the home pages, stacks expanded, in page order.
    public var homePlacements: [WidgetPlacement] { (pages ?? []).flatMap { $0.flatMap(\.members) } }
}

/// The outcome of reading a config: what could be used, and every problem found.
public struct ConfigLoad {
    public var config: DashConfig
    public var problems: [ConfigProblem]

    /// True when some problem is an error (not just a warning).
    public var hasErrors: Bool { problems.contains { !$0.isWarning } }

    public init(config: DashConfig, problems: [ConfigProblem]) {
        self.config = config
        self.problems = problems
    }

    /// A placement as it was read, with its line, for the checks that come after reading.
    public struct PlacedWidget {
        public var placement: WidgetPlacement
        public var line: Int
        /// The column (1-based) of the placement's array element.
        public var column: Int?
        /// Where in the file it was ("page 1", "lock screen").
        public var context: String
    }

    /// Every placement read without a problem, in file order.
    public var placed: [PlacedWidget] = []

    /// Parameters that name nothing their widget knows (`zone=Nowhere/Land`), as errors at
    /// their lines. Kept out of reading because it asks the widgets' entity queries (async);
    /// `config check` runs it, while a running dashboard shows such a widget's error in its
    /// panel and keeps the rest.
    public func unknownValueProblems(widgets: [WidgetDescription]) async -> [ConfigProblem] {
        var found: [ConfigProblem] = []
        for item in placed {
            if let message = await item.placement.unknownValueProblem(in: widgets) {
                found.append(ConfigProblem(file: config.file ?? "config", line: item.line, column: item.column, message: "\(item.context): \(message)"))
            }
        }
        return found
    }
}

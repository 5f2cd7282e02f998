import Foundation
import WidgetDash

/// One `[[widget]]` table of a config file, handed to the resolver of its `type`.
///
/// The config reader does not know what a command or data widget is: it checks the table's
/// shape (a `name`, a `type`) and passes the rest through, keys with their lines, so the
/// resolver can report its own problems at the right line.
public struct WidgetSection: Sendable {
    /// The config file (for messages).
    public var file: String
    /// The line of the `[[widget]]` header.
    public var line: Int
    /// The kind pages use to place it (`name = "…"`).
    public var name: String
    /// Which resolver makes it (`type = "…"`).
    public var type: String
    /// Every other key of the table, with its value and line.
    package var entries: [String: TOML.Entry]
    /// Every array of the table (`args = ["-c", "…"]`).
    package var arrays: [String: TOML.ArrayEntry]

    /// A problem at `line` (default: the header's).
    public func problem(_ message: String, line: Int? = nil) -> ConfigProblem {
        ConfigProblem(file: file, line: line ?? self.line, message: message)
    }
}

/// Turns a `[[widget]]` table of one `type` into a widget the pages can place.
///
/// This is the extension point for widgets defined in the config rather than compiled in:
/// the scripting feature registers resolvers for `type = "command"` (a widget whose entries
/// come from running a command) and `type = "data"` (one that shows values from the store).
/// A resolver returns a description whose `kind` is the section's `name`, and the placements
/// `NAME@FAMILY:key=value` on the pages then work like any built-in widget.
public protocol PlacementResolver: Sendable {
    /// The `type` value this resolver handles.
    var type: String { get }
    /// Makes the widget, or says what is wrong with the table.
    func resolve(_ section: WidgetSection) -> Result<WidgetDescription, ConfigProblem>
    /// Makes the widget knowing the other widgets (a resolver that dresses up one of them);
    /// by default the same as ``resolve(_:)``.
    func resolve(_ section: WidgetSection, known: [WidgetDescription]) -> Result<WidgetDescription, ConfigProblem>
    /// Checks one placement's parameters (`key=value` after the colon); nil when they are fine.
    func validate(parameters: [String: String], of section: WidgetSection) -> String?
    /// The keys whose value is an array (`headers = [...]`); an array under any other key is
    /// reported by the reader as a value written wrong (`every = []`).
    var arrayKeys: Set<String> { get }
}

extension PlacementResolver {
    public var arrayKeys: Set<String> { [] }
    public func validate(parameters: [String: String], of section: WidgetSection) -> String? { nil }
    public func resolve(_ section: WidgetSection, known: [WidgetDescription]) -> Result<WidgetDescription, ConfigProblem> { resolve(section) }
}

/// The resolvers a config is read with, by `type`.
///
/// Types in ``reservedTypes`` without a resolver are not errors: the table is kept aside with
/// a warning ("needs a newer widgetdash"), and placements of it are skipped with a warning,
/// so a config written for a build with scripting still starts on a build without it.
public struct PlacementResolverRegistry: Sendable {
    /// Types that a feature of widgetdash owns, whether or not this build has it yet.
    public static let reservedTypes: Set<String> = ["command", "data", "http", "prometheus"]

    public private(set) var resolvers: [String: any PlacementResolver] = [:]

    public init(_ resolvers: [any PlacementResolver] = []) {
        for r in resolvers { self.resolvers[r.type] = r }
    }

    /// Adds (or replaces) the resolver for its type.
    public mutating func register(_ resolver: any PlacementResolver) { resolvers[resolver.type] = resolver }

    /// The registry every dashboard uses unless told otherwise: command, data, http and prometheus widgets. A new
    /// one each time, so each holder (a shell, for the whole run) has its own command gate.
    /// Its commands run only when a runner is handed in (`widgetdash run` hands DashSystem's).
    public static func standard(commandRunner: (any CommandRunning)?) -> PlacementResolverRegistry {
        PlacementResolverRegistry([CommandSectionResolver(gate: CommandGate(runner: commandRunner)), DataSectionResolver(), HTTPSectionResolver(), HTTPSectionResolver.prometheus])
    }

    /// The standard registry without a command runner: for reading and checking a config.
    public static var standard: PlacementResolverRegistry { standard(commandRunner: nil) }
}

import WidgetDash

/// The widgets, controls and Live Activity types a dashboard knows: the built-in ones first,
/// then each extension's, in order, with every name that collides settled.
///
/// A placement, `snapshot`, `demo` and `activity start` name one thing, so every name in the
/// catalog is unique. An extension's widget kind, control kind or activity type that an
/// earlier source already has is qualified with the extension's name (`weather.clock`) and
/// reported in ``collisions``; a bundle built into the program (no extension name) has no
/// name to qualify with, so its colliding kind is left out and reported.
///
/// ```swift
/// let catalog = WidgetCatalog([.init(widgets: builtIns), .init(extensionName: "weather", widgets: loaded)])
/// catalog.widgets.map(\.kind)                   // [..., "clock", ..., "weather.clock"]
/// catalog.extensionName(of: .widget, "weather.clock")   // "weather"
/// ```
public struct WidgetCatalog {
    /// What one part of the catalog offers: the built-in widgets, or one extension's.
    public struct Source {
        /// The extension's name (its executable's file name); nil for a bundle built into the
        /// program.
        public var extensionName: String?
        public var widgets: [WidgetDescription]
        public var controls: [ControlDescription]
        public var activities: [ActivityDescription]

        public init(extensionName: String? = nil, widgets: [WidgetDescription], controls: [ControlDescription] = [], activities: [ActivityDescription] = []) {
            self.extensionName = extensionName
            self.widgets = widgets
            self.controls = controls
            self.activities = activities
        }
    }

    /// The three namespaces: a widget and a control may share a kind, as on iOS.
    public enum Item: String, Hashable, Sendable {
        case widget = "widget kind"
        case control = "control kind"
        case activity = "Live Activity type"
    }

    /// A name that was already taken, and what became of the newcomer.
    public struct Collision: Hashable, Sendable, CustomStringConvertible {
        public var item: Item
        /// The name the newcomer asked for.
        public var name: String
        /// The newcomer's extension; nil for a bundle built into the program.
        public var extensionName: String?
        /// Who has the name: an extension's name, or nil for the built-in widgets.
        public var takenBy: String?
        /// The name the newcomer has in the catalog; nil when it was left out.
        public var qualifiedName: String?

        public init(item: Item, name: String, extensionName: String?, takenBy: String?, qualifiedName: String?) {
            self.item = item
            self.name = name
            self.extensionName = extensionName
            self.takenBy = takenBy
            self.qualifiedName = qualifiedName
        }

        public var description: String {
            let who = extensionName.map { "extension \"\($0)\": " } ?? "an added bundle's "
            let owner = takenBy.map { "extension \"\($0)\"" } ?? "a built-in"
            let fate = qualifiedName.map { "it is \"\($0)\" here (place, list, snapshot and start it by that name)" }
                ?? "that one is left out" + (extensionName == nil ? " (give it a name of its own)" : " (its qualified name is taken or unusable too)")
            return "\(who)\(item.rawValue) \"\(name)\" is already taken by \(owner); \(fate)"
        }
    }

    public private(set) var widgets: [WidgetDescription] = []
    public private(set) var controls: [ControlDescription] = []
    public private(set) var activities: [ActivityDescription] = []
    /// Every collision, in source order.
    public private(set) var collisions: [Collision] = []
    /// Who brought each name, by namespace: an extension's name, or nil for a built-in.
    private var owners: [Item: [String: String?]] = [:]

    /// Merges `sources` in order: a name keeps the meaning of the first source that has it.
    public init(_ sources: [Source]) {
        for source in sources {
            for var widget in source.widgets {
                guard let name = settle(.widget, widget.kind, from: source.extensionName) else { continue }
                widget.kind = name
                widgets.append(widget)
            }
            for var control in source.controls {
                guard let name = settle(.control, control.kind, from: source.extensionName) else { continue }
                control.kind = name
                controls.append(control)
            }
            for var activity in source.activities {
                guard let name = settle(.activity, activity.activityType, from: source.extensionName) else { continue }
                activity.activityType = name
                activities.append(activity)
            }
        }
    }

    /// The extension `name` (a widget kind, control kind or activity type as the catalog has
    /// it) came from; nil for a built-in or a name the catalog does not have.
    public func extensionName(of item: Item, _ name: String) -> String? {
        owners[item]?[name] ?? nil
    }

    /// Whether `name` can stand in a placement (`KIND@FAMILY:key=value | …`) and on a
    /// command line: not empty, and none of the characters a placement uses as separators.
    public static func isUsableName(_ name: String) -> Bool {
        !name.isEmpty && !name.contains { $0.isWhitespace || "@:|,=\"".contains($0) || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }
    }

    /// The name `name` gets in the catalog, recording it, or nil (with a collision) when it is
    /// left out.
    private mutating func settle(_ item: Item, _ name: String, from extensionName: String?) -> String? {
        guard let taken = owners[item]?[name] else {
            owners[item, default: [:]][name] = .some(extensionName)
            return name
        }
        var collision = Collision(item: item, name: name, extensionName: extensionName, takenBy: taken, qualifiedName: nil)
        defer { collisions.append(collision) }
        guard let extensionName, Self.isUsableName(extensionName) else { return nil }
        let qualified = "\(extensionName).\(name)"
        guard owners[item]?[qualified] == nil else { return nil }
        owners[item, default: [:]][qualified] = .some(extensionName)
        collision.qualifiedName = qualified
        return qualified
    }
}

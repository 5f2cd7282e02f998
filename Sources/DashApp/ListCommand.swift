import ArgumentParser
import DashCore
import Foundation
import WidgetDash

/// Lists the widgets this build knows.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the available widgets, in gallery order."
    )

    @Flag(help: "Print a JSON array of {kind, displayName, description, families, parameters, extension}.")
    var json = false

    @OptionGroup var extensions: ExtensionOptions

    struct Item: Encodable {
        var kind: String
        var displayName: String
        var description: String
        var families: [String]
        /// Interactive views the families do not allow (drawn as plain content); absent when none.
        var notes: [String]?
        /// What a placement may set (`KIND@FAMILY:name=value`); absent when nothing.
        var parameters: [Parameter]?
        /// The extension the widget comes from; absent for a built-in.
        var `extension`: String?
    }

    /// One configurable parameter, as `list --json` shows it (see docs/widgets.md).
    struct Parameter: Encodable {
        var name: String
        var title: String
        /// text, integer, number, boolean, date, choice or entity.
        var type: String
        var `default`: String?
        var required: Bool
        /// The values a choice accepts.
        var choices: [Choice]?
        /// The bounds of an integer or a number, when it has them.
        var minimum: Double?
        var maximum: Double?
        /// The entity type whose ids an entity parameter takes (its values are looked up).
        var entity: String?

        struct Choice: Encodable {
            var value: String
            var title: String
        }

        init(_ p: WidgetParameter) {
            (name, title, type, `default`, required) = (p.name, p.title, "text", p.defaultValue, p.isRequired)
            switch p.kind {
            case .text: type = "text"
            case .integer(let range):
                type = "integer"
                (minimum, maximum) = (range.map { Double($0.lowerBound) }, range.map { Double($0.upperBound) })
            case .number(let range):
                type = "number"
                (minimum, maximum) = (range?.lowerBound, range?.upperBound)
            case .boolean: type = "boolean"
            case .date: type = "date"
            case .choice(let options):
                type = "choice"
                choices = options.map { Choice(value: $0.value, title: $0.title) }
            case .entity(let typeName):
                type = "entity"
                entity = typeName
            }
        }
    }

    func run() throws {
        let catalog = extensions.knownWidgets(configFile: ConfigCommand.file(nil)).catalog
        let widgets = catalog.widgets
        let items = Self.items(catalog)
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(items), as: UTF8.self))
            return
        }
        let kindWidth = (items.map { TextWidth.width(of: $0.kind) }.max() ?? 4) + 2
        for (item, widget) in zip(items, widgets) {
            let families = widget.supportedFamilies.map(\.shortName)
            print(item.kind.padding(toLength: kindWidth, withPad: " ", startingAt: 0)
                  + item.displayName + (item.description.isEmpty ? "" : " — " + item.description))
            print(String(repeating: " ", count: kindWidth) + "families: " + families.joined(separator: ", "))
            for note in item.notes ?? [] { print(String(repeating: " ", count: kindWidth) + "note: " + note) }
            if let name = item.extension { print(String(repeating: " ", count: kindWidth) + "extension: " + name) }
        }
    }

    /// One item per widget of `catalog`, in gallery order.
    static func items(_ catalog: WidgetCatalog) -> [Item] {
        catalog.widgets.map {
            Item(kind: $0.kind, displayName: $0.displayName, description: $0.description,
                 families: $0.supportedFamilies.map(\.rawValue), notes: Self.notes($0),
                 parameters: $0.configurationParameters.isEmpty ? nil : $0.configurationParameters.map(Parameter.init),
                 extension: catalog.extensionName(of: .widget, $0.kind))
        }
    }

    /// The widget's interactive views in families that do not allow them; nil when none.
    static func notes(_ description: WidgetDescription) -> [String]? {
        let notes = InteractivityAudit.misuses(of: description)
        return notes.isEmpty ? nil : notes
    }
}

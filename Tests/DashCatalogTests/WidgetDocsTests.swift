import DashCatalog
import DashCore
import Foundation
import Testing
import WidgetDash

/// docs/widgets.md cannot drift from the code: every widget of the bundle (and `command`) has
/// a section, each section lists exactly the families the widget supports and mentions every
/// parameter it declares, and no section describes a widget that does not exist.
@Suite("docs/widgets.md")
struct WidgetDocsTests {
    /// A `## \`kind\`: Name` section of the file.
    struct Section {
        var kind: String
        var name: String
        var lines: [String] = []
        var text: String { lines.joined(separator: "\n") }

        /// The text after `- **Label:**`, continuation lines included.
        func field(_ label: String) -> String? {
            let prefix = "- **\(label):**"
            guard let start = lines.firstIndex(where: { $0.hasPrefix(prefix) }) else { return nil }
            var value = String(lines[start].dropFirst(prefix.count))
            for line in lines[(start + 1)...] {
                guard line.hasPrefix("  ") else { break }
                value += " " + line.trimmingCharacters(in: .whitespaces)
            }
            return value.trimmingCharacters(in: .whitespaces)
        }
    }

    static let path = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/widgets.md").path

    static func sections() throws -> [Section] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var sections: [Section] = []
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("## ") {
                // "## `kind`: Display Name"
                let parts = line.dropFirst(3).split(separator: "`", omittingEmptySubsequences: false)
                let kind = parts.count >= 3 ? String(parts[1]) : ""
                let rest = parts.count >= 3 ? parts[2...].joined(separator: "`") : ""
                let name = rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : ""
                sections.append(Section(kind: kind, name: name))
            } else if !sections.isEmpty {
                sections[sections.count - 1].lines.append(line)
            }
        }
        return sections
    }

    /// The widgets documented: the bundle's, then the host's command widget.
    static var widgets: [WidgetDescription] {
        BuiltinWidgets().widgetDescriptions + [CommandWidget().body._description]
    }

    @Test func everyWidgetHasOneSectionWithItsName() throws {
        let sections = try Self.sections()
        #expect(sections.allSatisfy { !$0.kind.isEmpty && !$0.name.isEmpty }, "a heading not of the form ## `kind`: Name")
        for widget in Self.widgets {
            let matching = sections.filter { $0.kind == widget.kind }
            #expect(matching.count == 1, "docs/widgets.md: \(matching.count) sections for `\(widget.kind)`")
            if let section = matching.first { #expect(section.name == widget.displayName, "`\(widget.kind)`") }
        }
        let kinds = Set(Self.widgets.map(\.kind))
        for section in sections { #expect(kinds.contains(section.kind), "docs/widgets.md describes `\(section.kind)`, which does not exist") }
    }

    @Test func eachSectionListsExactlyTheSupportedFamilies() throws {
        let sections = try Self.sections()
        for widget in Self.widgets {
            guard let section = sections.first(where: { $0.kind == widget.kind }) else { continue }
            guard let line = section.field("Families") else {
                Issue.record("`\(widget.kind)`: no **Families:** line")
                continue
            }
            let listed = line.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let families = listed.map { name in WidgetFamily.allCases.first { $0.shortName == name } }
            #expect(!families.contains(nil), "`\(widget.kind)`: unknown family in \"\(line)\"")
            #expect(listed.count == Set(listed).count, "`\(widget.kind)`: a family listed twice")
            #expect(Set(families.compactMap { $0 }) == Set(widget.supportedFamilies),
                    "`\(widget.kind)`: documented \(line); the code supports \(widget.supportedFamilies.map(\.shortName).joined(separator: ", "))")
        }
    }

    @Test func eachSectionMentionsEveryParameterAndHasDataAndPolicy() throws {
        let sections = try Self.sections()
        for widget in Self.widgets {
            guard let section = sections.first(where: { $0.kind == widget.kind }) else { continue }
            let parameters = section.field("Parameters")
            #expect(parameters != nil, "`\(widget.kind)`: no **Parameters:** line")
            for parameter in widget.configurationParameters {
                #expect(parameters?.contains("`\(parameter.name)`") == true, "`\(widget.kind)`: parameter `\(parameter.name)` is not documented")
            }
            if widget.configurationParameters.isEmpty { #expect(parameters == "none.", "`\(widget.kind)` takes no parameters") }
            #expect(section.field("Data") != nil, "`\(widget.kind)`: no **Data:** line")
            #expect(section.field("Policy").map { $0.contains(".atEnd") || $0.contains(".after") || $0.contains(".never") } == true,
                    "`\(widget.kind)`: the **Policy:** line names no policy")
        }
    }
}

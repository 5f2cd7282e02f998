import ArgumentParser
import DashCatalog
import DashCore
import DashSystem
import Foundation
import WidgetDash

/// `widgetdash todo add TEXT`, `todo list`, `todo clear`: the to-do widget's checklist.
struct TodoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todo",
        abstract: "Add to or list the to-do widget's checklist.",
        subcommands: [Add.self, List.self, Clear.self]
    )

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add an item (running dashboards show it at once).")
        @Argument(help: "The item's text.") var text: [String]
        @Option(help: ArgumentHelp("When it is due: 2026-11-23, 2026-11-23T09:00 (local) or ISO-8601 with a zone.", valueName: "DATE"))
        var due: String?
        func run() throws {
            var dueDate: Date?
            if let due {
                guard let date = WidgetParameter.date(from: due) ?? SharedTimeline.parseISO8601(due) else {
                    printError("todo add: --due: expected a date such as 2026-11-23, 2026-11-23T09:00 or 2026-11-23T09:00:00Z, found \"\(TextSanitizer.sanitize(due, keepNewlines: false))\"")
                    throw ExitStatus.usage
                }
                dueDate = date
            }
            guard let item = try InteractionSetup.withStateStore({ TodoStore.add(text.joined(separator: " "), due: dueDate) }) else {
                printError("todo add: the text is empty")
                throw ExitStatus.usage
            }
            print("added #\(item.id): \(item.text)\(item.due.map { " (due \(WidgetParameter.text(of: $0)))" } ?? "")")
            TodoCommand.notifyDashboards()
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Print the items.")
        func run() throws {
            for item in try InteractionSetup.withStateStore({ TodoStore.items }) {
                print("\(item.done ? "[x]" : "[ ]") #\(item.id) \(item.text)\(item.due.map { " (due \(WidgetParameter.text(of: $0)))" } ?? "")")
            }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the items that are done.")
        func run() throws {
            try InteractionSetup.withStateStore { TodoStore.clearDone() }
            TodoCommand.notifyDashboards()
        }
    }

    /// Asks running dashboards to reload the widgets that show the list, as a write to the
    /// store does (the app in the foreground: outside the budget).
    static func notifyDashboards() {
        _ = StoreNotifier.post([.reload("todo"), .reload("reminders")], location: StoreLocation.resolve(dataDirectory: nil))
    }
}

import ArgumentParser
import DashCatalog
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
        static let configuration = CommandConfiguration(abstract: "Add an item (a running dashboard shows it on its next reload, r).")
        @Argument(help: "The item's text.") var text: [String]
        func run() throws {
            try InteractionSetup.installStateStore()
            guard let item = TodoStore.add(text.joined(separator: " ")) else {
                printError("todo add: the text is empty")
                throw ExitStatus.usage
            }
            print("added #\(item.id): \(item.text)")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the items.")
        func run() throws {
            try InteractionSetup.installStateStore()
            for item in TodoStore.items { print("\(item.done ? "[x]" : "[ ]") #\(item.id) \(item.text)") }
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Remove the items that are done.")
        func run() throws {
            try InteractionSetup.installStateStore()
            TodoStore.clearDone()
        }
    }
}

import ArgumentParser
import DashCore
import DashSystem
import Foundation
import WidgetDash

/// `widgetdash config init|check|path`: the config file.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Write, check or locate the config file.",
        subcommands: [Init.self, Check.self, Path.self]
    )

    /// `--config FILE`, else the default location.
    static func file(_ path: String?) -> URL {
        path.map { URL(fileURLWithPath: $0) } ?? ConfigLocation.defaultFile()
    }

    static func template() -> String {
        ConfigTemplate.text(pages: [DefaultHomeScreen.placements.map(PagePlacement.widget)], lockScreen: DefaultLockScreen.placements)
    }

    /// Writes the commented example config.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "init", abstract: "Write a commented example config (the built-in default screen).")

        @Argument(help: ArgumentHelp("Where to write it (default: $XDG_CONFIG_HOME/widgetdash/config.toml; - for standard output).", valueName: "FILE"))
        var file: String?

        @Flag(help: "Replace an existing file.")
        var force = false

        func run() throws {
            let text = ConfigCommand.template()
            if file == "-" {
                print(text, terminator: "")
                return
            }
            let url = ConfigCommand.file(file)
            if FileManager.default.fileExists(atPath: url.path) && !force {
                printError("\(url.path) exists; use --force to replace it")
                throw ExitStatus.usage
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            } catch {
                printError("cannot write \(url.path): \(error.localizedDescription)")
                throw ExitCode.failure
            }
            print("wrote \(url.path)")
        }
    }

    /// Validates a config, printing every problem as `file:line: what was expected`.
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "check", abstract: "Check a config file; every problem is printed with its line (exit status 65 on errors).")

        @Argument(help: ArgumentHelp("The file to check (default: the config in use).", valueName: "FILE"))
        var file: String?

        @OptionGroup var extensions: ExtensionOptions

        func run() async throws {
            let url = ConfigCommand.file(file)
            guard FileManager.default.fileExists(atPath: url.path) else {
                printError("\(url.path): no such file (widgetdash config init writes one)")
                throw ExitStatus.noInput
            }
            // The extensions load first: placements may name their kinds. One of this file's
            // that fails is an error at its position; the rest is checked without it.
            let (knownWidgets, failed) = extensions.load(configFile: url)
            let known = knownWidgets.widgets
            var load = ConfigReader(widgets: known).read(url)
            for problem in failed {
                guard case .config(let file, _, _) = problem.location.origin, file == url.path else {
                    printError(problem.description)
                    continue
                }
                load.problems.append(problem.configProblem(isWarning: false, otherwiseIn: file))
            }
            load.problems += await load.unknownValueProblems(widgets: known + load.config.widgets)
            load.problems.sort { ($0.line, $0.column ?? 0, $0.message) < ($1.line, $1.column ?? 0, $1.message) }
            // Problems quote the file (a widget kind, a color): sanitised, so none reaches the terminal raw.
            for problem in load.problems { print(TextSanitizer.sanitize(problem.description, keepNewlines: false)) }
            if load.hasErrors { throw ExitStatus.dataError }
            let pages = load.config.pages?.count ?? 0
            let widgets = load.config.homePlacements.count
            print(TextSanitizer.sanitize(url.path, keepNewlines: false) + ": ok (\(pages) page\(pages == 1 ? "" : "s"), \(widgets) widget\(widgets == 1 ? "" : "s")\(load.problems.isEmpty ? "" : ", \(load.problems.count) warning\(load.problems.count == 1 ? "" : "s")"))")
        }
    }

    /// Prints where the config is read from.
    struct Path: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "path", abstract: "Print the config file's path.")
        func run() { print(ConfigCommand.file(nil).path) }
    }
}

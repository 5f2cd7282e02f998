import DashCore
import Foundation
import WidgetDash

/// Options that `run` and `snapshot` read alike.
enum CommandLineInput {
    /// The placement `text` gives (`KIND@FAMILY:KEY=VALUE,…`), checked against its widget among
    /// `known`: a known kind in a family it supports, parameters it takes, and values that name
    /// something (which asks the widget's queries, hence async).
    static func placement(_ text: String, in known: [WidgetDescription]) async -> Result<WidgetPlacement, PlacementProblem> {
        let placement: WidgetPlacement
        switch WidgetPlacement.parse(text, widgets: known) {
        case .success(let p): placement = p
        case .failure(let error): return .failure(.unparsable(error))
        }
        var problem = placement.parameterProblem(in: known)
        if problem == nil { problem = await placement.unknownValueProblem(in: known) }
        if let problem { return .failure(.parameter(problem)) }
        return .success(placement)
    }

    /// The moment an ISO-8601 option gives, now when it is not given. Text that is not a date
    /// is a usage error, said as `OPTION TEXT: expected EXPECTED`.
    static func moment(_ text: String?, option: String, expected: String) throws -> Date {
        guard let text else { return Date() }
        guard let date = SharedTimeline.parseISO8601(text) else {
            printError("\(option) \(TextSanitizer.sanitize(text, keepNewlines: false)): expected \(expected)")
            throw ExitStatus.usage
        }
        return date
    }

    /// The zone a `--time-zone` option names, nil when it is not given. An unknown zone is a
    /// usage error.
    static func timeZone(_ text: String?) throws -> TimeZone? {
        guard let text else { return nil }
        guard let zone = TimeZone(identifier: text) else {
            printError("--time-zone \(TextSanitizer.sanitize(text, keepNewlines: false)): unknown time zone (expected a name such as UTC or Europe/Paris)")
            throw ExitStatus.usage
        }
        return zone
    }

    /// The family a `--family` option names (short or WidgetKit name). An unknown one is a
    /// usage error that lists the families.
    static func family(_ text: String) throws -> WidgetFamily {
        guard let family = WidgetFamily(name: text) else {
            printError("--family \(TextSanitizer.sanitize(text, keepNewlines: false)): expected one of: \(WidgetFamily.allCases.map(\.shortName).joined(separator: ", "))")
            throw ExitStatus.usage
        }
        return family
    }
}

/// Why a placement given on the command line was refused.
enum PlacementProblem: Error, CustomStringConvertible {
    /// Not a placement of a known widget in a family it supports.
    case unparsable(PlacementError)
    /// A parameter the widget does not take, or a value it cannot use.
    case parameter(String)

    var description: String {
        switch self {
        case .unparsable(let error): error.description
        case .parameter(let problem): problem
        }
    }
}

import Foundation
import WidgetDash

/// Loads a widget extension: asks its executable what it offers and wires each widget to it.
///
/// The host spawns the extension once with the `describe` request (time limit about 2 s) and
/// returns its widgets wired to remote calls: every timeline, snapshot or intent afterwards is
/// one more spawn (docs/extensions.md), and so is each control's value and press and each Live
/// Activity's views.
public enum ExtensionLoader {
    /// Spawns the executable at `path` with the `describe` request and returns what it offers;
    /// its widgets' requests register their processes in `children`, which the host kills on
    /// its way out (without it, a set of its own: for a command whose requests all end before
    /// it does). `limits`: the time limits (tests and the benchmark set their own).
    ///
    /// Errors are readable and name the path (`ExtensionLoadError`).
    public static func load(path: String, limits: RemoteLimits = RemoteLimits(), children: ExtensionChildren = ExtensionChildren()) throws -> LoadedExtension {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ExtensionLoadError(path: path, reason: exists ? "not an executable file" : "no such file")
        }
        let answer: DescribeAnswer
        do {
            var collected = DescribeCollector()
            try ExtensionProcess.exchangeNow(
                path: path, request: ExtensionRequest(request: .describe),
                limits: ExtensionProcess.Limits(first: limits.describe, next: limits.describe), children: children, collector: &collected)
            guard let described = collected.answer else { throw ExtensionFailure.garbage("no answer to describe") }
            answer = described
        } catch {
            throw ExtensionLoadError(path: path, reason: "\(error)")
        }
        var described = answer.widgets
        for i in described.indices {
            // A kind is typed in placements and commands: it must survive them as it is.
            guard isPlaceable(described[i].kind) else {
                let shown = TextSanitizer.sanitize(described[i].kind, keepNewlines: false)
                throw ExtensionLoadError(path: path, reason: "widget kind \"\(shown)\" cannot be placed (letters, digits and - _ . only, at most 64)")
            }
            // Names and descriptions reach the terminal outside canvases too (`list`).
            described[i].displayName = TextSanitizer.sanitize(described[i].displayName, keepNewlines: false)
            described[i].description = TextSanitizer.sanitize(described[i].description, keepNewlines: false)
        }
        let widgets = described.map { wire in
            RemoteWidget(path: path, kind: wire.kind, limits: limits, children: children).description(wire)
        }
        var controls = answer.controls ?? []
        for i in controls.indices {
            try checkPlaceable(controls[i].kind, "control kind", path: path)
            controls[i].displayName = TextSanitizer.sanitize(controls[i].displayName, keepNewlines: false)
            controls[i].description = TextSanitizer.sanitize(controls[i].description, keepNewlines: false)
        }
        var activities = answer.activities ?? []
        for i in activities.indices {
            try checkPlaceable(activities[i].activityType, "Live Activity type", path: path)
            for keyPath in [\WireActivityType.displayName, \.description, \.attributesType] {
                activities[i][keyPath: keyPath] = TextSanitizer.sanitize(activities[i][keyPath: keyPath], keepNewlines: false)
            }
            activities[i].stateFields = activities[i].stateFields?.map { TextSanitizer.sanitize($0, keepNewlines: false) }
            activities[i].attributesFields = activities[i].attributesFields?.map { TextSanitizer.sanitize($0, keepNewlines: false) }
        }
        let name = URL(fileURLWithPath: path).lastPathComponent
        return LoadedExtension(
            name: name, path: path, widgets: widgets,
            controls: controls.map { RemoteControl(path: path, kind: $0.kind, limits: limits, children: children).description($0) },
            activities: activities.map { RemoteActivity(path: path, type: $0.activityType, limits: limits, children: children).description($0) })
    }

    /// Throws when a control kind or activity type cannot be typed in a placement or command.
    static func checkPlaceable(_ name: String, _ what: String, path: String) throws {
        guard isPlaceable(name) else {
            let shown = TextSanitizer.sanitize(name, keepNewlines: false)
            throw ExtensionLoadError(path: path, reason: "\(what) \"\(shown)\" cannot be used (letters, digits and - _ . only, at most 64)")
        }
    }

    /// True when `kind` can be written in a placement (`KIND@FAMILY:name=value`) and a command.
    static func isPlaceable(_ kind: String) -> Bool {
        !kind.isEmpty && kind.unicodeScalars.count <= 64
            && kind.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}

/// Why an extension could not be loaded; its description names the executable.
public struct ExtensionLoadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "extension \(path): \(reason)" }
}

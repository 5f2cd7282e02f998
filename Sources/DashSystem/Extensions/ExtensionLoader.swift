import Foundation
import WidgetDash

/// Loads a widget extension: asks its executable what it offers and wires each widget to it.
///
/// The host spawns the extension once with the `describe` request (time limit about 2 s) and
/// returns its widgets (and, later, controls and Live Activity types) wired to remote calls:
/// every timeline, snapshot or intent afterwards is one more spawn (docs/extensions.md).
public enum ExtensionLoader {
    /// Spawns the executable at `path` with the `describe` request and returns what it offers.
    ///
    /// Errors are readable and name the path (`ExtensionLoadError`).
    public static func load(path: String) throws -> LoadedExtension {
        throw ExtensionLoadError(path: path, reason: "extensions are not supported yet")
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

import DashCore
import Foundation

/// Where an extension's path came from, so a message about it says where to fix it.
public enum ExtensionOrigin: Hashable, Sendable {
    /// `--extension PATH`.
    case commandLine
    /// config.toml's `extensions` key, at this line and column (1-based).
    case config(file: String, line: Int, column: Int)
    /// Found in the extensions directory.
    case directory
}

/// One extension to load: its absolute path, the path as the user wrote it, and where.
public struct ExtensionLocation: Hashable, Sendable {
    public var path: String
    public var written: String
    public var origin: ExtensionOrigin

    public init(path: String, written: String, origin: ExtensionOrigin) {
        self.path = path
        self.written = written
        self.origin = origin
    }

    /// How messages name it: where it was written, and the path as written (with the
    /// absolute path when they differ).
    public var label: String {
        let name = written == path ? path : "\(written) (\(path))"
        switch origin {
        case .commandLine: return "--extension \(name)"
        case .config(let file, let line, let column): return "\(file):\(line):\(column): extension \(name)"
        case .directory: return "extension \(name)"
        }
    }
}

/// An extension that could not be loaded, and why; printed with where it was written.
public struct ExtensionProblem: Hashable, Sendable, CustomStringConvertible {
    public var location: ExtensionLocation
    public var reason: String

    public init(location: ExtensionLocation, reason: String) {
        self.location = location
        self.reason = reason
    }

    public var description: String { "\(location.label): \(reason)" }
}

/// What loading the extensions gave: those that loaded, in order, and a problem naming each
/// one that did not (the rest keep working without it).
public struct ExtensionLoadResult {
    public var extensions: [LoadedExtension] = []
    public var problems: [ExtensionProblem] = []

    public init(extensions: [LoadedExtension] = [], problems: [ExtensionProblem] = []) {
        self.extensions = extensions
        self.problems = problems
    }
}

/// Where extensions come from: `--extension PATH`, config.toml's `extensions` key and every
/// executable in the extensions directory, in that order (an earlier one keeps a name that
/// two share; see ``WidgetCatalog``).
public enum ExtensionSources {
    /// `$XDG_DATA_HOME/widgetdash/extensions`, else `~/.local/share/widgetdash/extensions`.
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("widgetdash/extensions")
        }
        return URL(fileURLWithPath: home(environment)).appendingPathComponent(".local/share/widgetdash/extensions")
    }

    /// The executable regular files of `directory` (symbolic links followed), by name;
    /// none when it does not exist. Subdirectories, plain files (a README) and hidden files
    /// (an editor's backup) are not extensions and are passed over without a word.
    public static func executables(in directory: URL) -> [String] {
        let files = FileManager.default
        guard let names = try? files.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { !$0.hasPrefix(".") }.sorted().map { directory.appendingPathComponent($0).path }.filter { path in
            var isDirectory: ObjCBool = false
            return files.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue && files.isExecutableFile(atPath: path)
        }
    }

    /// The extensions to load, in order: the command line's (relative to the working
    /// directory), the config's (relative to its file's directory), then the directory's.
    public static func locations(commandLine: [String], config: [ExtensionEntry], configFile: String, directory: URL,
                                  environment: [String: String] = ProcessInfo.processInfo.environment,
                                  workingDirectory: String = FileManager.default.currentDirectoryPath) -> [ExtensionLocation] {
        let home = home(environment)
        return commandLine.map { ExtensionLocation(path: ExtensionEntry.resolve($0, relativeTo: workingDirectory, home: home), written: $0, origin: .commandLine) }
            + config.map { ExtensionLocation(path: $0.resolvedPath(configFile: configFile, home: home), written: $0.path,
                                             origin: .config(file: configFile, line: $0.line, column: $0.column)) }
            + executables(in: directory).map { ExtensionLocation(path: $0, written: $0, origin: .directory) }
    }

    /// Loads each extension once (two paths to one file, through `..` or a symbolic link,
    /// load once, as the first), with `loader`, which spawns it.
    ///
    /// A path that does not exist, is not an executable file or fails to load gets a message
    /// naming it, and the others load all the same.
    public static func load(_ locations: [ExtensionLocation], loader: (String) throws -> LoadedExtension) -> ExtensionLoadResult {
        var result = ExtensionLoadResult()
        var seen = Set<String>()
        let files = FileManager.default
        for location in locations {
            guard seen.insert(URL(fileURLWithPath: location.path).resolvingSymlinksInPath().path).inserted else { continue }
            var isDirectory: ObjCBool = false
            guard files.fileExists(atPath: location.path, isDirectory: &isDirectory) else {
                result.problems.append(ExtensionProblem(location: location, reason: "no such file"))
                continue
            }
            guard !isDirectory.boolValue else {
                result.problems.append(ExtensionProblem(location: location, reason: "is a directory; expected an extension's executable"))
                continue
            }
            guard files.isExecutableFile(atPath: location.path) else {
                result.problems.append(ExtensionProblem(location: location, reason: "is not executable (chmod +x it, or build the extension's package)"))
                continue
            }
            do {
                result.extensions.append(try loader(location.path))
            } catch {
                // The loader's errors name the path themselves ("extension PATH: reason");
                // the label says it once, with where it was written.
                var reason = String(describing: error)
                let prefix = "extension \(location.path): "
                if reason.hasPrefix(prefix) { reason.removeFirst(prefix.count) }
                result.problems.append(ExtensionProblem(location: location, reason: reason))
            }
        }
        return result
    }

    private static func home(_ environment: [String: String]) -> String {
        environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    }
}

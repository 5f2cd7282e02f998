import WidgetDash

/// One path of config.toml's `extensions = ["PATH", …]`: an extension executable to load, as
/// written, and where it was written (so a path that fails names `file:line:column`).
public struct ExtensionEntry: Hashable, Sendable {
    /// The path as written in the file.
    public var path: String
    public var line: Int
    /// The column (1-based) of the path's opening quote.
    public var column: Int

    public init(path: String, line: Int, column: Int) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// The path to load: `~` and `~/…` start at `home`; a relative path starts at the config
    /// file's directory (not the working directory, so the file means the same from anywhere).
    public func resolvedPath(configFile: String, home: String) -> String {
        ExtensionEntry.resolve(path, relativeTo: ExtensionEntry.directory(of: configFile), home: home)
    }

    /// `path` made absolute (`~` from `home`, relative from `directory`), its `.` and `..`
    /// components folded, so two spellings of one file compare equal. (A relative
    /// `directory`, which the commands never give, leaves the result relative to it.)
    public static func resolve(_ path: String, relativeTo directory: String, home: String) -> String {
        let absolute: String
        if path == "~" {
            absolute = home
        } else if path.hasPrefix("~/") {
            absolute = home + path.dropFirst()
        } else if path.hasPrefix("/") {
            absolute = path
        } else {
            absolute = directory + "/" + path
        }
        let isAbsolute = absolute.hasPrefix("/")
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                if let last = parts.last, last != ".." { parts.removeLast() } else if !isAbsolute { parts.append(part) }
            default: parts.append(part)
            }
        }
        return (isAbsolute ? "/" : "") + parts.joined(separator: "/")
    }

    /// The directory part of a file's path ("." for a bare name).
    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "." }
        return slash == file.startIndex ? "/" : String(file[..<slash])
    }
}

extension ConfigReader {
    /// Only the `extensions` key of config text, for commands that load extensions before they
    /// read the rest (placements name the extensions' kinds). Problems are the full reading's
    /// to report (`config check`, the dashboard's problem panel); a file that does not parse
    /// names no extension here.
    public static func extensionEntries(_ text: String, file: String) -> [ExtensionEntry] {
        guard let doc = try? TOML.parse(text) else { return [] }
        return extensions(in: doc, file: file).entries
    }

    /// The `extensions` key of `doc`: an array of non-empty strings, each kept with its line
    /// and column; every other value is a problem at its position.
    static func extensions(in doc: TOML.Document, file: String) -> (entries: [ExtensionEntry], problems: [ConfigProblem]) {
        if let entry = doc.entries["extensions"] {
            let message = "expected an array of paths for \"extensions\", such as [\"~/.local/bin/weather-widgets\"], found \(entry.value.kindName)"
            return ([], [ConfigProblem(file: file, line: entry.line, message: message)])
        }
        guard let array = doc.arrays["extensions"] else { return ([], []) }
        var entries: [ExtensionEntry] = []
        var problems: [ConfigProblem] = []
        for element in array.elements {
            let column = element.column + 1
            guard case .string(let path) = element.value else {
                problems.append(ConfigProblem(file: file, line: element.line, column: column,
                                              message: "expected a path in quotes for an extension, found \(element.value.kindName)"))
                continue
            }
            guard !path.isEmpty else {
                problems.append(ConfigProblem(file: file, line: element.line, column: column, message: "expected a path to an extension executable, found \"\""))
                continue
            }
            entries.append(ExtensionEntry(path: path, line: element.line, column: column))
        }
        return (entries, problems)
    }
}

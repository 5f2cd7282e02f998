import DashCore
import Foundation
import WidgetDash

/// The user's theme files on disk.
extension ThemeLibrary {
    /// `<config>/themes`, where user themes live.
    package static func userDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigDirectory.url(environment: environment).appendingPathComponent("themes")
    }

    /// The built-in themes with the user's `*.toml` files from `directory` added or replacing.
    package static func load(userDirectory directory: URL?) -> ThemeLibrary {
        var library = ThemeLibrary.builtin
        guard let directory,
              let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return library }
        for file in names.sorted() where file.hasSuffix(".toml") {
            let url = directory.appendingPathComponent(file)
            switch loadFile(url) {
            case .success(let theme): library.add(theme, source: url.path)
            case .failure(let error): library.refuse(error)
            }
        }
        return library
    }

    /// Parses one theme file; its name is the file name without `.toml`.
    package static func loadFile(_ url: URL) -> Result<Theme, ThemeError> {
        let name = url.deletingPathExtension().lastPathComponent
        let text: String
        switch TextFile.read(url) {
        case .success(let read): text = read
        case .failure(let error): return .failure(ThemeError(file: url.path, line: 0, message: error.message))
        }
        do { return .success(try Theme.parse(text, name: name, file: url.path)) } catch { return .failure(error) }
    }

    /// The theme and scheme to start with, reading a requested theme file from disk.
    package func startup(requested: String?, environment: [String: String]) -> (theme: Theme, scheme: ColorScheme, warnings: [String]) {
        startup(requested: requested, environment: environment, themeFile: Self.loadFile)
    }
}

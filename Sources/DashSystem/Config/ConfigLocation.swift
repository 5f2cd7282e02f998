import DashCore
import Foundation

/// Where the config file lives: `--config FILE`, else `<config directory>/config.toml`.
public enum ConfigLocation {
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigDirectory.url(environment: environment).appendingPathComponent("config.toml")
    }
}

/// Where widgetdash keeps its configuration: `$XDG_CONFIG_HOME/widgetdash`, else `~/.config/widgetdash`.
public enum ConfigDirectory {
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("widgetdash")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent("widgetdash")
    }
}

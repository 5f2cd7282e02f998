import DashCore
import Foundation

/// Where the shared store and its notification sockets live.
///
/// ```swift
/// let location = StoreLocation.resolve(dataDirectory: nil)  // $XDG_DATA_HOME/widgetdash
/// location.storeFile     // …/widgetdash/store.sqlite
/// location.socketDirectory  // $XDG_RUNTIME_DIR/widgetdash/1a2b3c4d5e6f7a8b
/// ```
///
/// The data directory is, first found: `--data-dir`, `$WIDGETDASH_HOME`,
/// `$XDG_DATA_HOME/widgetdash`, `~/.local/share/widgetdash`. Sockets go in the runtime
/// directory (`$XDG_RUNTIME_DIR/widgetdash`, else `DATA/run`), in a folder named after a hash
/// of the data directory, so a dashboard hears only the writes to the store it reads.
public struct StoreLocation: Hashable, Sendable {
    public var dataDirectory: URL
    public var socketDirectory: URL

    public init(dataDirectory: URL, socketDirectory: URL) {
        self.dataDirectory = dataDirectory
        self.socketDirectory = socketDirectory
    }

    /// The SQLite file.
    public var storeFile: URL { dataDirectory.appendingPathComponent("store.sqlite") }

    /// The location for an explicit directory (nil: from the environment).
    public static func resolve(dataDirectory explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> StoreLocation {
        let data: URL
        if let explicit, !explicit.isEmpty {
            data = URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
        } else if let home = environment["WIDGETDASH_HOME"], !home.isEmpty {
            data = URL(fileURLWithPath: home, isDirectory: true).standardizedFileURL
        } else if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            data = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("widgetdash")
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            data = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/share/widgetdash")
        }
        let runtime: URL
        if let xdg = environment["XDG_RUNTIME_DIR"], xdg.hasPrefix("/") {
            runtime = URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("widgetdash")
        } else {
            runtime = data.appendingPathComponent("run")
        }
        return StoreLocation(dataDirectory: data, socketDirectory: runtime.appendingPathComponent(hash(data.path)))
    }

    /// FNV-1a of the path as 16 hex digits: short enough for a socket path (108 bytes at most).
    static func hash(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Creates `url` and its missing parents with mode 0700 (only the owner may list or enter it).
func makePrivateDirectory(_ url: URL) throws {
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
}

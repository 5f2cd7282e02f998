import DashCore
import DashSystem
import Foundation
import Testing
import WidgetDash
import DashTesting

/// Where extensions come from, on a real file system (a temporary directory): the extensions
/// directory's scan, the order of the three sources, duplicates, and the messages of paths
/// that do not load. The loader is a stand-in that records what it was asked to spawn.
@Suite("Extension sources")
struct ExtensionSourcesTests {
    let root: URL

    init() throws {
        root = TestDirectories.path("wd-ext")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    /// A file at `name` under the root, executable or not.
    @discardableResult
    func file(_ name: String, executable: Bool = true) throws -> String {
        let url = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\n".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
        return url.path
    }

    /// A loader that succeeds for every path but `failing`, naming the extension after its file.
    func loader(failing: Set<String> = [], spawned: SpawnLog) -> (String) throws -> LoadedExtension {
        { path in
            spawned.paths.append(path)
            if failing.contains(path) { throw LoadError(path: path) }
            return LoadedExtension(name: URL(fileURLWithPath: path).lastPathComponent, path: path, widgets: [])
        }
    }

    final class SpawnLog { var paths: [String] = [] }

    struct LoadError: Error, CustomStringConvertible {
        var path: String
        var description: String { "extension \(path): the describe request timed out after 2 s" }
    }

    @Test func theDirectoryIsXDGDataHomesElseUnderHome() {
        #expect(ExtensionSources.directory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/ann"]).path == "/x/data/widgetdash/extensions")
        #expect(ExtensionSources.directory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/ann"]).path
            == "/home/ann/.local/share/widgetdash/extensions")
        #expect(ExtensionSources.directory(environment: ["HOME": "/home/ann"]).path == "/home/ann/.local/share/widgetdash/extensions")
    }

    @Test func theDirectoryGivesItsExecutableRegularFilesInNameOrder() throws {
        let dir = root.appendingPathComponent("extensions")
        let b = try file("extensions/b-weather")
        let a = try file("extensions/a-pizza")
        try file("extensions/README", executable: false)
        try file("extensions/.hidden")
        try file("extensions/tools/inner")
        let linked = dir.appendingPathComponent("c-link").path
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: b)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("d-dangling").path, withDestinationPath: "/nowhere/at/all")
        #expect(ExtensionSources.executables(in: dir) == [a, b, linked])
        #expect(ExtensionSources.executables(in: root.appendingPathComponent("missing")).isEmpty)
    }

    @Test func theCommandLineComesFirstThenTheConfigThenTheDirectory() throws {
        let config = root.appendingPathComponent("conf/config.toml").path
        let fromDirectory = try file("extensions/weather")
        let locations = ExtensionSources.locations(
            commandLine: ["bin/pizza", "~/stocks"], config: [ExtensionEntry(path: "../mail", line: 2, column: 15)], configFile: config,
            directory: root.appendingPathComponent("extensions"), environment: ["HOME": "/home/ann"], workingDirectory: "/work")
        #expect(locations == [
            ExtensionLocation(path: "/work/bin/pizza", written: "bin/pizza", origin: .commandLine),
            ExtensionLocation(path: "/home/ann/stocks", written: "~/stocks", origin: .commandLine),
            ExtensionLocation(path: root.appendingPathComponent("mail").path, written: "../mail", origin: .config(file: config, line: 2, column: 15)),
            ExtensionLocation(path: fromDirectory, written: fromDirectory, origin: .directory),
        ])
    }

    @Test func aPathGivenTwiceLoadsOnceAsItsFirstMention() throws {
        let pizza = try file("bin/pizza")
        let link = root.appendingPathComponent("pizza-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: pizza)
        let spawned = SpawnLog()
        let result = ExtensionSources.load([
            ExtensionLocation(path: pizza, written: "bin/pizza", origin: .commandLine),
            ExtensionLocation(path: root.appendingPathComponent("bin/../bin/pizza").path, written: "bin/../bin/pizza", origin: .config(file: "c.toml", line: 1, column: 15)),
            ExtensionLocation(path: link, written: link, origin: .directory),
        ], loader: loader(spawned: spawned))
        #expect(spawned.paths == [pizza])
        #expect(result.extensions.map(\.name) == ["pizza"])
        #expect(result.problems.isEmpty)
    }

    @Test func aPathThatCannotLoadIsNamedWithWhereItWasWrittenAndTheRestLoad() throws {
        let good = try file("bin/good")
        let plain = try file("bin/plain", executable: false)
        let failing = try file("bin/failing")
        let missing = root.appendingPathComponent("bin/missing").path
        let spawned = SpawnLog()
        let result = ExtensionSources.load([
            ExtensionLocation(path: missing, written: "missing", origin: .config(file: "/c/config.toml", line: 3, column: 7)),
            ExtensionLocation(path: plain, written: plain, origin: .commandLine),
            ExtensionLocation(path: root.appendingPathComponent("bin").path, written: "bin", origin: .config(file: "/c/config.toml", line: 4, column: 3)),
            ExtensionLocation(path: failing, written: failing, origin: .directory),
            ExtensionLocation(path: good, written: good, origin: .commandLine),
        ], loader: loader(failing: [failing], spawned: spawned))
        #expect(spawned.paths == [failing, good])
        #expect(result.extensions.map(\.name) == ["good"])
        #expect(result.problems.map(\.description) == [
            "/c/config.toml:3:7: extension missing (\(missing)): no such file",
            "--extension \(plain): is not executable (chmod +x it, or build the extension's package)",
            "/c/config.toml:4:3: extension bin (\(root.appendingPathComponent("bin").path)): is a directory; expected an extension's executable",
            "extension \(failing): the describe request timed out after 2 s",
        ])
    }
}

@testable import DashApp
import DashCatalog
@testable import DashCore
import DashSystem
import Foundation
import Synchronization
import Testing
import WidgetDash
import DashTesting

/// A reload applies the config's `extensions = [...]` and `[weather]`, as `run` wires it: the
/// catalog is built again off the loop (RunCatalog), a newly listed extension's widgets become
/// placeable, a path that fails is named at its line and column, and a removed extension's
/// kinds go away (a placement still naming one is an error that keeps what runs).
@Suite("Reloading the config's extensions")
struct ReloadCatalogTests {
    /// An entry that says which load of its extension made it.
    private struct Entry: TimelineEntry {
        let date: Date
        var load = 0
    }

    private struct Provider: TimelineProvider {
        var load = 0
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, load: load) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date, load: load) }
        func timeline(in context: Context) async throws -> Timeline<Entry> { Timeline(entries: [Entry(date: context.date, load: load)], policy: .never) }
    }

    /// What the stand-in loader makes of any path: an extension named after its file with one
    /// widget of that kind. It counts its loads (a spawn each, for real).
    static func loader(_ loads: Loads) -> @Sendable (String) throws -> LoadedExtension {
        { path in
            let load = loads.count.withLock { $0 += 1; return $0 }
            let name = URL(fileURLWithPath: path).lastPathComponent
            let widget = StaticConfiguration(kind: name, provider: Provider(load: load)) { _ in Text(name) }.configurationDisplayName(name.capitalized)
            return LoadedExtension(name: name, path: path, widgets: [widget._description])
        }
    }

    final class Loads: Sendable {
        let count = Mutex(0)
    }

    final class Wakes: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
    }

    /// Takes in what arrives until no reading is in flight; false after a minute without a wake-up.
    static func settle(_ shell: DashboardShell, _ wakes: Wakes) -> Bool {
        while shell.isReadingConfig {
            guard wakes.semaphore.wait(timeout: .now() + 60) == .success else { return false }
            shell.advance()
        }
        return true
    }

    @Test func aReloadLoadsANewlyListedExtensionNamesAFailingOneAndDropsARemovedOne() throws {
        let directory = TestDirectories.path("wd-reload")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml")
        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        // The stand-in loader never runs it, but the path must be an executable file.
        let pizza = directory.appendingPathComponent("pizza").path
        #expect(FileManager.default.createFile(atPath: pizza, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755]))

        let loads = Loads()
        let catalog = RunCatalog(commandLine: [], bundles: [], loader: Self.loader(loads))
        let start = catalog.catalog(for: CatalogRequest(extensions: [], configFile: file.path, network: NetworkSettings()))
        #expect(!start.widgets.contains { $0.kind == "pizza" })
        var options = ShellOptions(widgets: start.widgets, configFile: file, defaultPages: [[]], defaultLockScreen: [], clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)))
        options.extensionProblems = start.problems
        options.files = DiskConfigFiles()
        options.backgroundReading = BackgroundReading(runner: ThreadRunner(), catalog: catalog)
        let shell = DashboardShell(options)
        let wakes = Wakes()
        shell.attach(waker: { wakes.semaphore.signal() })
        _ = shell.handle(.resize(CellSize(width: 80, height: 24)))
        #expect(shell.dashboard.placements.map(\.kind) == ["clock"])

        // Listed and placed: loaded off the loop, placeable, on screen.
        try "extensions = [\"pizza\"]\n[[page]]\nwidgets = [\"clock@small\", \"pizza@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.problems.isEmpty, "\(shell.problems)")
        #expect(shell.dashboard.placements.map(\.kind) == ["clock", "pizza"])
        #expect(shell.widgets.contains { $0.kind == "pizza" })
        #expect(loads.count.withLock { $0 } == 1)

        // Moved on the page: described again, but the catalog running is kept (equal signature).
        try "extensions = [\"pizza\"]\n[[page]]\nwidgets = [\"pizza@small\", \"clock@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.dashboard.placements.map(\.kind) == ["pizza", "clock"])
        #expect(loads.count.withLock { $0 } == 2)
        let running = try #require(shell.widgets.first { $0.kind == "pizza" })
        #expect((running.provider.placeholder(TimelineProviderContext(family: .systemSmall)) as? Entry)?.load == 1)

        // A path that does not exist is named where it is written; the rest keeps working.
        try "extensions = [\"pizza\", \"nope\"]\n[[page]]\nwidgets = [\"pizza@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.problems.map(\.description) == ["\(file.path):1:24: warning: extension nope: no such file"])
        #expect(shell.dashboard.placements.map(\.kind) == ["pizza"])

        // Removed while still placed: an error at the placement; what runs keeps running.
        try "[[page]]\nwidgets = [\"pizza@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.showsProblems && shell.problems.map(\.line) == [2], "\(shell.problems)")
        #expect(shell.problems.first.map { $0.description.contains("pizza") } == true)
        #expect(shell.dashboard.placements.map(\.kind) == ["pizza"])

        // Removed with its placements: its kinds go away.
        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.problems.isEmpty && shell.dashboard.placements.map(\.kind) == ["clock"])
        #expect(!shell.widgets.contains { $0.kind == "pizza" })
    }

    @Test func aReloadAppliesWeatherAndSources() throws {
        let directory = TestDirectories.path("wd-reload")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("config.toml")
        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        let catalog = RunCatalog(commandLine: [], bundles: [], loader: Self.loader(Loads()))
        let start = catalog.catalog(for: CatalogRequest(extensions: [], configFile: file.path, network: NetworkSettings()))
        var options = ShellOptions(widgets: start.widgets, configFile: file, defaultPages: [[]], defaultLockScreen: [], clock: ManualClock(Date(timeIntervalSince1970: 1_800_000_000)))
        options.files = DiskConfigFiles()
        options.services.network = WidgetNetwork.Backing { _ in .failure(HTTPFailure(.content, "no network in this test")) }
        options.backgroundReading = BackgroundReading(runner: ThreadRunner(), catalog: catalog)
        let shell = DashboardShell(options)
        let wakes = Wakes()
        shell.attach(waker: { wakes.semaphore.signal() })
        try "[sources]\nopen_meteo = \"http://127.0.0.1:9/\"\n[weather]\nlocation = \"Lisbon\"\n[[page]]\nwidgets = [\"clock@small\"]\n"
            .write(to: file, atomically: true, encoding: .utf8)
        shell.requestReading()
        #expect(Self.settle(shell, wakes))
        #expect(shell.problems.isEmpty, "\(shell.problems)")
        #expect(shell.dashboard.services.network?.sources["open_meteo"] == "http://127.0.0.1:9/")
        // A catalog preset for the new [weather] took the place of the one of start.
        #expect(shell.catalogSignature.network.weatherLocation == "Lisbon")
    }
}

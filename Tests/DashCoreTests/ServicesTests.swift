import Foundation
import Synchronization
@testable import DashCore
import DashSystem
import Testing
import WidgetDash

/// Services are handed in, never set process-wide: what a dashboard was given is what its
/// widgets' code sees, and nothing else sees it.
@Suite("Services handed to a dashboard")
struct ServicesTests {
    /// What providers read, from any task.
    final class Seen: Sendable {
        let values = Mutex<[Int]>([])
    }

    /// A widget whose provider records the counter it reads through `WidgetSharedDefaults`.
    static func counterWidget(_ seen: Seen) -> WidgetDescription {
        describe("a", ScriptedProvider(make: { date in
            seen.values.withLock { $0.append(WidgetSharedDefaults(suiteName: "services-test").integer(forKey: "n")) }
            return Timeline(entries: [TestEntry(date: date, label: "a")], policy: .never)
        }))
    }

    @Test("A provider, run in a detached task, reads the services its dashboard was given")
    func providersSeeTheDashboardsServices() async {
        let store = InMemoryWidgetStateStore()
        _ = store.modify("services-test") { $0["n"] = .int(7) }
        let seen = Seen()
        let d = Dashboard(widgets: [Self.counterWidget(seen)], placements: [WidgetPlacement(kind: "a", family: .systemSmall)],
                          clock: ManualClock(t0), services: WidgetServices(sharedDefaults: store))
        await d.settle()
        #expect(seen.values.withLock { $0 } == [7])
        // Nothing reached the unbound services.
        #expect(WidgetSharedDefaults(suiteName: "services-test").integer(forKey: "n") == 0)
    }

    @Test("A shell hands its services, store changes and WidgetCenter relay to the dashboard a config reload builds")
    func aReloadedDashboardGetsTheSame() async throws {
        let file = ShellScreenTests.tempConfig("[[page]]\nwidgets = [\"a@small\"]\n")
        let store = InMemoryWidgetStateStore()
        _ = store.modify("services-test") { $0["n"] = .int(3) }
        let seen = Seen()
        var options = ShellOptions(widgets: [Self.counterWidget(seen)], configFile: file, defaultPages: [], defaultLockScreen: [],
                                   clock: ManualClock(t0))
        options.services = WidgetServices(sharedDefaults: store)
        options.files = DiskConfigFiles()
        let relay = WidgetCenterRelay()
        options.widgetCenter = relay
        let shell = DashboardShell(options)
        await shell.settle()
        let first = shell.dashboard
        try "[[page]]\nwidgets = [\"a@small\", \"a@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.reloadConfig()
        await shell.settle()
        #expect(shell.dashboard !== first)
        #expect(shell.dashboard.storeChanges === first.storeChanges)
        #expect(shell.dashboard.storeChanges === options.storeChanges)
        #expect(seen.values.withLock { $0 } == [3, 3, 3])
        #expect(try await WidgetCenter(handler: relay.handler).currentConfigurations().count == 2)
    }

    @Test("ServicesBoundHost binds them around every call the loop's thread makes")
    func theLoopsCallsAreBound() async {
        final class Probe: InteractiveHost {
            var rendered: [Bool] = []
            func attach(waker: @escaping @Sendable () -> Void) {}
            func handle(_ event: InputEvent) -> HostAction { .continue }
            func advance() {}
            func secondsUntilNextDeadline() -> Double? { nil }
            var needsDisplay: Bool { ImageDecoding.isAvailable }
            func render(size: CellSize) -> Canvas {
                rendered.append(ImageDecoding.isAvailable)
                return Canvas(size: size)
            }
        }
        let probe = Probe()
        let decoder = ImageDecoding.Backing(fileExtensions: ["png"]) { (_: String, _: PixelSize) throws(ImageDecodingError) -> DecodedImage in
            throw ImageDecodingError(.unsupported, "a fake")
        }
        let host = ServicesBoundHost(probe, services: WidgetServices(imageDecoding: decoder))
        #expect(host.needsDisplay)
        _ = host.render(size: CellSize(width: 1, height: 1))
        _ = probe.render(size: CellSize(width: 1, height: 1))
        #expect(probe.rendered == [true, false])
    }
}

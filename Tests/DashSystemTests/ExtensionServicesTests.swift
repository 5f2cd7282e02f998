@testable import DashSystem
import Foundation
import Synchronization
import Testing
import WidgetDash
import DashTesting

/// The host's answers to an extension's service calls: the App Group's suites by
/// compare-and-set, refusals that keep the store whole, pictures found beside the executable.
@Suite struct ExtensionServicesTests {
    func handler(_ store: any WidgetStateStore = InMemoryWidgetStateStore(), executable: String = "/nonexistent/Ext",
                 reloads: ReloadLog? = nil) -> ExtensionServiceHandler {
        var services = WidgetServices(sharedDefaults: store)
        if let reloads {
            services.widgetCenter = WidgetCenter.Handler(reload: { reloads.add($0) }, configurations: { [] })
        }
        return ExtensionServiceHandler(services: services, executable: executable)
    }

    final class ReloadLog: Sendable {
        private let kinds = Mutex<[String?]>([])
        func add(_ kind: String?) { kinds.withLock { $0.append(kind) } }
        var all: [String?] { kinds.withLock { $0 } }
    }

    func modify(_ suite: String, base: [String: WidgetStateValue], values: [String: WidgetStateValue]) -> ServiceCall {
        var call = ServiceCall(.defaultsModify)
        call.suite = suite
        call.base = base
        call.values = values
        return call
    }

    @Test func aChangeMadeFromTheCurrentValuesIsAppliedAndOneFromStaleValuesIsNot() {
        let store = InMemoryWidgetStateStore()
        _ = store.modify("tally") { $0["count"] = .int(1) }
        let host = handler(store)
        let applied = host.reply(to: modify("tally", base: ["count": .int(1)], values: ["count": .int(2)]))
        #expect(applied.applied == true)
        #expect(store.values(in: "tally") == ["count": .int(2)])
        // Another process wrote in between: the extension is told the values to start again from.
        let stale = host.reply(to: modify("tally", base: ["count": .int(1)], values: ["count": .int(2)]))
        #expect(stale.applied == false)
        #expect(stale.values == ["count": .int(2)])
        #expect(store.values(in: "tally") == ["count": .int(2)])
    }

    @Test func badValuesNeverReachTheStore() {
        let store = InMemoryWidgetStateStore()
        _ = store.modify("screentime") { $0["2026-11-22"] = .int(60) }
        let host = handler(store)
        // The dashboard's own suites are read-only to extensions.
        let own = host.reply(to: modify("screentime", base: ["2026-11-22": .int(60)], values: [:]))
        #expect(own.error == "refused")
        #expect(store.values(in: "screentime") == ["2026-11-22": .int(60)])
        var read = ServiceCall(.defaultsValues)
        read.suite = "screentime"
        #expect(host.reply(to: read).values == ["2026-11-22": .int(60)])
        // A suite name that could not be typed, and a suite past its size cap, are refused.
        #expect(host.reply(to: modify("../etc", base: [:], values: ["a": .int(1)])).error == "refused")
        let huge = String(repeating: "x", count: ExtensionServiceHandler.maximumSuiteBytes + 1)
        #expect(host.reply(to: modify("big", base: [:], values: ["a": .string(huge)])).error == "refused")
        #expect(store.values(in: "big").isEmpty)
        // Escape sequences are taken out of what is stored; a lone control shows as its picture.
        _ = host.reply(to: modify("notes", base: [:], values: ["text": .string("hi\u{1B}[2Jthere"), "list": .strings(["\u{7}a"])]))
        #expect(store.values(in: "notes") == ["text": .string("hithere"), "list": .strings(["\u{2407}a"])])
    }

    @Test func aReloadReachesTheKindAndItsQualifiedName() {
        let log = ReloadLog()
        let host = handler(executable: "/x/HabitWidgets", reloads: log)
        var call = ServiceCall(.reload)
        call.kind = "habit"
        _ = host.reply(to: call)
        #expect(log.all == ["habit", "HabitWidgets.habit"])
        call.kind = "bad kind"
        #expect(host.reply(to: call).error == "refused")
    }

    @Test func theStoreRefusesAKeyThatIsNotKindDotKeyAndWritesWhenItCan() throws {
        let written = Mutex<[String: JSONValue?]>([:])
        var services = WidgetServices()
        var backing = WidgetSharedStore.Backing(value: { _ in nil }, timeline: { _ in nil })
        backing.set = { key, value in written.withLock { $0[key] = value } }
        services.sharedStore = backing
        let host = ExtensionServiceHandler(services: services, executable: "/x/E")
        var call = ServiceCall(.storeSet)
        call.key = "no-dot"
        call.value = "1"
        #expect(host.reply(to: call).error == "refused")
        call.key = "tally.count"
        call.value = "{not json"
        #expect(host.reply(to: call).error == "refused")
        call.value = #""a\u001b[31mb""#
        #expect(host.reply(to: call).error == nil)
        #expect(written.withLock { $0 } == ["tally.count": .string("ab")])
    }

    @Test func picturesAreFoundBesideTheExecutableAndNoNameLeavesTheFolders() throws {
        let dir = TestDirectories.path("wd-assets")
        let bundle = dir.appendingPathComponent("Pkg_Ext.resources")
        let catalog = bundle.appendingPathComponent("Assets.xcassets/moon.imageset")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("Ext.assets"), withIntermediateDirectories: true)
        try Data([1]).write(to: bundle.appendingPathComponent("sun.png"))
        try Data([1]).write(to: catalog.appendingPathComponent("moon@2x.png"))
        try Data([1]).write(to: dir.appendingPathComponent("Ext.assets/star.jpg"))
        try Data([1]).write(to: dir.appendingPathComponent("secret.png"))
        let exe = dir.appendingPathComponent("Ext").path
        #expect(ExtensionAssets.find("sun", executable: exe) == bundle.appendingPathComponent("sun.png").path)
        #expect(ExtensionAssets.find("moon", executable: exe) == catalog.appendingPathComponent("moon@2x.png").path)
        #expect(ExtensionAssets.find("star", executable: exe) == dir.appendingPathComponent("Ext.assets/star.jpg").path)
        for name in ["../secret", "..", "", ".hidden", "a/b", "sun\u{1B}"] {
            #expect(ExtensionAssets.find(name, executable: exe) == nil, "\(name)")
        }
        // A FIFO would block whoever opens it: never a picture, by name or by path.
        #expect(mkfifo(bundle.appendingPathComponent("pipe.png").path, 0o600) == 0)
        #expect(ExtensionAssets.find("pipe", executable: exe) == nil)
        var call = ServiceCall(.imageFile)
        call.path = bundle.appendingPathComponent("pipe.png").path
        call.box = [8, 8]
        #expect(handler().reply(to: call).error == "unreadable")
        // Another target's resource bundle in the same build folder is not this extension's.
        #expect(ExtensionAssets.find("sun", executable: dir.appendingPathComponent("Other").path) == nil)
    }

    @Test func anExtensionsCallIsAnsweredOnItsStandardInputWhileItAnswers() throws {
        // A stand-in extension: asks for the suite, changes it from what it read, then answers.
        let dir = TestDirectories.path("wd-svc")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("ext").path
        let script = """
            #!/bin/sh
            printf '%s\\n' '{"protocol":1,"answer":"service","service":"defaults.values","suite":"tally"}'
            read -r reply
            echo "$reply" > \(dir.path)/reply
            printf '%s\\n' '{"protocol":1,"answer":"service","service":"defaults.modify","suite":"tally","base":{"count":4},"values":{"count":5}}'
            read -r reply
            printf '%s\\n' '{"protocol":1,"answer":"performed"}'
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        let store = InMemoryWidgetStateStore()
        _ = store.modify("tally") { $0["count"] = .int(4) }
        var collector = PerformCollector()
        try ExtensionProcess.exchangeNow(path: path, request: ExtensionRequest(request: .perform, kind: "tally"),
                                         limits: .init(first: 10, next: 2), children: ExtensionChildren(), collector: &collector,
                                         services: handler(store))
        #expect(store.values(in: "tally") == ["count": .int(5)])
        let reply = try String(contentsOfFile: dir.path + "/reply", encoding: .utf8)
        #expect(reply.contains(#""values":{"count":4}"#), "\(reply)")
    }
}

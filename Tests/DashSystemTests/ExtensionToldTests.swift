import DashCore
import DashSystem
import Foundation
import Testing
import WidgetDash
import DashTesting

/// What the host tells an extension, what it keeps when a timeline is cut short, and the set of
/// extension processes as a service: shell scripts stand in for the extension.
@Suite struct ExtensionToldTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_334_400)

    /// An executable script that answers `describe` with one widget, `k`, and runs `body` for
    /// every other request (the request is `$2`).
    func fakeExtension(_ body: String) throws -> (path: String, dir: URL) {
        let dir = TestDirectories.path("wd-told")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("fake-extension").path
        let widget = #"{"kind":"k","displayName":"K","description":"","families":["systemSmall"],"contentMarginsDisabled":false,"dataProtection":"none","parameters":[]}"#
        let script = """
            #!/bin/sh
            case "$2" in
            *'"describe"'*) printf '%s\\n' '{"protocol":1,"answer":"describe","widgets":[\(widget)]}'; exit 0;;
            esac
            \(body)
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return (path, dir)
    }

    /// A one-cell rendering that says `text`.
    static func rendering(_ text: String) -> String {
        #"{"canvas":{"width":1,"height":1,"glyphs":["\#(text)"],"styles":[{"fg":"default","bg":"default","attrs":0}],"cellStyles":[0]},"live":[],"elements":[]}"#
    }

    static func line(_ json: String) -> String { "printf '%s\\n' '" + json + "'" }

    @Test func aTimelineCutShortByACrashKeepsWhatArrivedAndSaysWhenItRunsOut() async throws {
        let t = Self.t0.timeIntervalSince1970
        let fake = try fakeExtension([
            Self.line(#"{"protocol":1,"answer":"timeline","policy":{"policy":"atEnd"},"count":3,"dates":[\#(t),\#(t + 60),\#(t + 120)],"placeholder":\#(Self.rendering("p"))}"#),
            Self.line(#"{"protocol":1,"answer":"entry","index":0,"date":\#(t),"normal":\#(Self.rendering("a"))}"#),
            Self.line(#"{"protocol":1,"answer":"entry","index":1,"date":\#(t + 60),"normal":\#(Self.rendering("b"))}"#),
            "echo 'Fatal error: Index out of range' >&2",
            "kill -ILL $$",
        ].joined(separator: "\n"))
        let loaded = try ExtensionLoader.load(path: fake.path)
        let widget = try #require(loaded.widgets.first)
        var cut: TimelineCutShort?
        do {
            _ = try await widget.provider.timeline(TimelineProviderContext(family: .systemSmall, date: Self.t0))
        } catch let error as TimelineCutShort {
            cut = error
        }
        let kept = try #require(cut)
        #expect(kept.runsOut == Self.t0.addingTimeInterval(120))
        #expect(kept.description.contains("crashed (signal 4, SIGILL) while rendering entry 3: Fatal error: Index out of range"), "\(kept)")
        let entries = kept.timeline.entries.compactMap { $0 as? RemoteEntry }
        #expect(entries.map(\.date) == [Self.t0, Self.t0.addingTimeInterval(60), Self.t0.addingTimeInterval(120)])
        #expect(entries.map(\.normal?.canvas.glyphs) == [["a"], ["b"], nil])
        #expect(entries.last?.failure?.hasPrefix("the extension crashed (signal 4, SIGILL) while rendering entry 3") == true)
        #expect((kept.timeline.placeholder as? RemoteEntry)?.normal?.canvas.glyphs == ["p"])
    }

    @Test func withoutTheDatesTheEntriesRunOutAtOnce() async throws {
        let t = Self.t0.timeIntervalSince1970
        let fake = try fakeExtension([
            Self.line(#"{"protocol":1,"answer":"timeline","policy":{"policy":"atEnd"},"count":3}"#),
            Self.line(#"{"protocol":1,"answer":"entry","index":0,"date":\#(t),"normal":\#(Self.rendering("a"))}"#),
            "exit 3",
        ].joined(separator: "\n"))
        let widget = try #require(try ExtensionLoader.load(path: fake.path).widgets.first)
        do {
            _ = try await widget.provider.timeline(TimelineProviderContext(family: .systemSmall, date: Self.t0.addingTimeInterval(5)))
            Issue.record("the timeline was not cut short")
        } catch let cut as TimelineCutShort {
            #expect(cut.runsOut == Self.t0.addingTimeInterval(5))
            #expect(cut.timeline.entries.count == 2)
            #expect(cut.description.contains("exited with status 3 while rendering entry 2"), "\(cut)")
        }
    }

    @Test func theRequestTellsTheSchemeTheRenderingModeAndTheZone() async throws {
        let fake = try fakeExtension([
            #"printf '%s' "$2" > "$(dirname "$0")/request""#,
            Self.line(#"{"protocol":1,"answer":"timeline","policy":{"policy":"never"},"count":0}"#),
            Self.line(#"{"protocol":1,"answer":"end"}"#),
        ].joined(separator: "\n"))
        let widget = try #require(try ExtensionLoader.load(path: fake.path).widgets.first)
        var context = TimelineProviderContext(family: .systemSmall, date: Self.t0)
        context.rendering = RenderingEnvironment(colorScheme: .light, renderingMode: .vibrant, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        _ = try await widget.provider.timeline(context)
        let sent = try String(contentsOf: fake.dir.appendingPathComponent("request"), encoding: .utf8)
        let request = try ExtensionProtocol.decode(ExtensionRequest.self, from: Data(sent.utf8))
        #expect(request.colorScheme == .light)
        #expect(request.renderingMode == "vibrant")
        #expect(request.timeZone == "Asia/Tokyo")
        #expect(request.rendering == context.rendering)
    }

    @Test func theProcessesAreAServiceTheHostKills() async throws {
        // The process lives until it is killed: neither its own end nor the time limit may
        // come first, however slowly a loaded machine starts it.
        let fake = try fakeExtension("sleep 600")
        let children = ExtensionChildren()
        var limits = RemoteLimits()
        limits.timeline = 600
        let widget = try #require(try ExtensionLoader.load(path: fake.path, limits: limits, children: children).widgets.first)
        let timeline = widget.provider.timeline
        let request = Task { try await timeline(TimelineProviderContext(family: .systemSmall, date: Self.t0)) }
        // Another host's set (another test's, say) does not see this one's processes.
        let other = ExtensionChildren()
        // Waits for the spawn itself; the deadline only stops a test that would hang.
        let deadline = ContinuousClock.now + .seconds(300)
        while children.count == 0 && ContinuousClock.now < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(children.count == 1)
        #expect(other.count == 0)
        children.killAll()
        let ended = await request.result
        #expect(throws: (any Error).self) { try ended.get() }
        #expect(children.count == 0)
        // A closed set starts nothing more.
        do {
            _ = try await widget.provider.timeline(TimelineProviderContext(family: .systemSmall, date: Self.t0))
            Issue.record("a closed set started a process")
        } catch {
            #expect("\(error)".contains("the dashboard is closing"), "\(error)")
        }
    }
}

extension ExtensionToldTests {
    @Test func whenOnlyTheEndFailsEveryEntryIsKeptUntilThePolicysDate() async throws {
        let t = Self.t0.timeIntervalSince1970
        let fake = try fakeExtension([
            Self.line(#"{"protocol":1,"answer":"timeline","policy":{"policy":"after","date":\#(t + 600)},"count":2,"dates":[\#(t),\#(t + 60)]}"#),
            Self.line(#"{"protocol":1,"answer":"entry","index":0,"date":\#(t),"normal":\#(Self.rendering("a"))}"#),
            Self.line(#"{"protocol":1,"answer":"entry","index":1,"date":\#(t + 60),"normal":\#(Self.rendering("b"))}"#),
            "kill -SEGV $$",
        ].joined(separator: "\n"))
        let widget = try #require(try ExtensionLoader.load(path: fake.path).widgets.first)
        do {
            _ = try await widget.provider.timeline(TimelineProviderContext(family: .systemSmall, date: Self.t0))
            Issue.record("the timeline was not cut short")
        } catch let cut as TimelineCutShort {
            #expect(cut.runsOut == Self.t0.addingTimeInterval(600))
            let entries = cut.timeline.entries.compactMap { $0 as? RemoteEntry }
            #expect(entries.map(\.normal?.canvas.glyphs) == [["a"], ["b"]])
            #expect(cut.description.contains("after rendering its entries"), "\(cut)")
        }
    }
}

import DashSystem
import Foundation
import Testing
import WidgetDash
import DashTesting

/// The host side of the extension protocol against extensions that misbehave: shell scripts
/// standing in for an extension, so each failure is exact.
@Suite struct ExtensionProcessTests {
    /// Writes `body` as an executable shell script and returns its path.
    func script(_ body: String) throws -> String {
        let dir = TestDirectories.path("wd-ext")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("fake-extension").path
        try ("#!/bin/sh\n" + body + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    func loadError(_ path: String, limits: RemoteLimits = RemoteLimits()) -> String {
        do {
            _ = try ExtensionLoader.load(path: path, limits: limits)
            return "loaded"
        } catch {
            return "\(error)"
        }
    }

    @Test func garbageOnStandardOutputIsNamedWithThePath() throws {
        let path = try script("echo 'hello there'")
        let message = loadError(path)
        #expect(message.hasPrefix("extension \(path): "), "\(message)")
        #expect(message.contains("not the widgetdash protocol: \"hello there\""), "\(message)")
    }

    @Test func aCrashSaysWhichSignalAndWhatTheExtensionWasDoing() throws {
        let path = try script("echo 'Fatal error: Unexpectedly found nil' >&2\nkill -SEGV $$")
        let message = loadError(path)
        #expect(message.contains("crashed (signal 11, SIGSEGV) while describing its widgets: Fatal error: Unexpectedly found nil"), "\(message)")
    }

    @Test func anExitWithoutAnAnswerKeepsTheLastLineOfStandardError() throws {
        let path = try script("echo 'first' >&2\necho 'boom' >&2\nexit 3")
        let message = loadError(path)
        #expect(message.contains("exited with status 3 while describing its widgets without answering: boom"), "\(message)")
    }

    /// A `describe` answer with one widget of `kind`, named `name`, as a shell `printf` line.
    func describeAnswer(kind: String, name: String) -> String {
        let widget = #"{"kind":"\#(kind)","displayName":"\#(name)","description":"","families":["systemSmall"],"contentMarginsDisabled":false,"dataProtection":"none","parameters":[]}"#
        return "printf '%s\\n' '" + #"{"protocol":1,"answer":"describe","widgets":["# + widget + "]}'"
    }

    @Test func aKindThatCannotBePlacedIsRefusedByName() throws {
        let message = loadError(try script(describeAnswer(kind: "my widget@home", name: "Mine")))
        #expect(message.contains("widget kind \"my widget@home\" cannot be placed"), "\(message)")
        #expect(loadError(try script(describeAnswer(kind: "com.example.Pizza-2_b", name: "Pizza"))) == "loaded")
    }

    @Test func aNameWithAnEscapeSequenceArrivesWithoutIt() throws {
        let path = try script(describeAnswer(kind: "pizza", name: #"Piz\u001b[2Jza"#))
        let loaded = try ExtensionLoader.load(path: path)
        #expect(loaded.widgets.map(\.displayName) == ["Pizza"])
    }

    /// A shell line that starts `sleep 30` in the background and notes its pid, and a check
    /// that it is gone: what an extension starts goes with it.
    func backgroundSleep() throws -> (line: String, isGone: () -> Bool) {
        let dir = TestDirectories.path("wd-bg")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let pidFile = dir.appendingPathComponent("child.pid").path
        return ("sleep 30 &\necho $! > \(pidFile)", {
            guard let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                  let child = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
            for _ in 0..<100 {
                if kill(child, 0) != 0 { return true }
                usleep(20_000)
            }
            return false
        })
    }

    @Test func aHangIsKilledWithItsProcessGroupAfterTheLimit() throws {
        let background = try backgroundSleep()
        let path = try script(background.line + "\nsleep 30")
        var limits = RemoteLimits()
        limits.describe = 0.5
        let message = loadError(path, limits: limits)
        #expect(message.contains("did not answer within 0.5 s while describing its widgets and was stopped"), "\(message)")
        #expect(background.isGone())
    }

    @Test func aCrashIsReportedAtOnceEvenWhenSomethingItStartedHoldsItsOutput() throws {
        let background = try backgroundSleep()
        let path = try script(background.line + "\nkill -SEGV $$")
        let message = loadError(path)
        #expect(message.contains("crashed (signal 11, SIGSEGV) while describing its widgets"), "\(message)")
        #expect(background.isGone())
    }

    @Test func anotherProtocolMajorIsRefused() throws {
        let path = try script(#"echo '{"protocol":2,"answer":"describe","widgets":[]}'"#)
        let message = loadError(path)
        #expect(message.contains("the extension speaks protocol 2; this widgetdash speaks 1"), "\(message)")
    }

    @Test func aMissingFileIsNamed() {
        #expect(loadError("/nonexistent/ext") == "extension /nonexistent/ext: no such file")
    }

    @Test func aDescribeAnswerBecomesRemoteWidgets() throws {
        let answer = #"{"protocol":1,"answer":"describe","widgets":[{"kind":"k","displayName":"K","description":"d","families":["systemSmall"],"contentMarginsDisabled":false,"dataProtection":"none","parameters":[{"name":"n","title":"N","type":"integer","range":[1,5],"required":true}]}]}"#
        let path = try script("echo '\(answer)'")
        let loaded = try ExtensionLoader.load(path: path)
        #expect(loaded.name == "fake-extension")
        #expect(loaded.widgets.map(\.kind) == ["k"])
        #expect(loaded.widgets.first?.supportedFamilies == [.systemSmall])
        #expect(loaded.widgets.first?.configurationParameters.first?.problem(with: "9") == "expected a number from 1 to 5, found 9")
    }
}

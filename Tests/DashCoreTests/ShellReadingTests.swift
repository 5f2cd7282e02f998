import DashCatalog
@testable import DashCore
import DashSystem
import DashTesting
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Synchronization
import Testing
import WidgetDash

/// A changed config is read off the run loop: a key (and quitting) is handled while a reading
/// is still in progress, a reading that a newer change overtook is dropped, and what a reading
/// finds is applied on the loop.
@Suite("Shell: config readings off the loop")
struct ShellReadingTests {
    static let file = URL(fileURLWithPath: "/widgetdash/config.toml")

    /// Config files in memory whose reading thread, once `hold()` is called, stops right after
    /// reading the text until `release()`: a reading the test keeps in progress at will.
    final class HeldFiles: ConfigFiles {
        let inner: InMemoryConfigFiles
        /// The loop's thread while held.
        private let held = Mutex<pthread_t?>(nil)
        /// Signalled when a reading has read the text and waits; signalled by `release()`.
        let reached = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)

        init(_ text: String) { inner = InMemoryConfigFiles([ShellReadingTests.file: text]) }

        func hold() { held.withLock { $0 = pthread_self() } }
        func release() {
            held.withLock { $0 = nil }
            gate.signal()
        }

        var defaultConfigFile: URL { inner.defaultConfigFile }
        var environment: [String: String] { inner.environment }
        func exists(_ file: URL) -> Bool { inner.exists(file) }
        func text(of file: URL) -> String? {
            let text = inner.text(of: file)
            // Only the reading's own thread is held: the loop (the test's thread, which called
            // `hold()`) reads the file too, to edit it.
            if held.withLock({ $0.map { pthread_equal($0, pthread_self()) == 0 } ?? false }) {
                reached.signal()
                gate.wait()
            }
            return text
        }
        func write(_ text: String, to file: URL) throws { try inner.write(text, to: file) }
        func watch(_ file: URL) -> (any ConfigWatching)? { nil }
        func theme(at file: URL) -> Result<Theme, ThemeError> { inner.theme(at: file) }
    }

    /// The built-in widgets, as a reading off the loop builds them for itself.
    struct BuiltinCatalog: WidgetCatalogSource {
        func catalog(for request: CatalogRequest) -> sending CatalogLoad {
            CatalogLoad(widgets: BuiltinWidgets().widgetDescriptions, controls: [], problems: [])
        }
    }

    /// Counts wake-ups of the loop, so a test can wait for a reading's result to arrive.
    final class Wakes: Sendable {
        let semaphore = DispatchSemaphore(value: 0)
        func wake() { semaphore.signal() }
        /// Waits for the next wake-up; false after a minute without one (a hung reading).
        func next() -> Bool { semaphore.wait(timeout: .now() + 60) == .success }
    }

    /// Takes in what arrives (the dashboard's own wake-ups too) until `done`; false when a
    /// minute passes without a wake-up.
    static func advance(_ shell: DashboardShell, _ wakes: Wakes, until done: () -> Bool) -> Bool {
        while !done() {
            guard wakes.next() else { return false }
            shell.advance()
        }
        return true
    }

    static func page(_ placements: String...) -> String {
        "[[page]]\nwidgets = [\(placements.map { "\"\($0)\"" }.joined(separator: ", "))]\n"
    }

    static func shell(_ files: HeldFiles) -> (DashboardShell, Wakes) {
        var options = ShellOptions(widgets: BuiltinWidgets().widgetDescriptions, configFile: file, defaultPages: [[]], defaultLockScreen: [],
                                   clock: ManualClock(SampleData.date))
        options.environment = .utcGregorian
        options.files = files
        options.backgroundReading = BackgroundReading(runner: ThreadRunner(name: "test-reader"), catalog: BuiltinCatalog())
        let shell = DashboardShell(options)
        let wakes = Wakes()
        shell.attach(waker: { wakes.wake() })
        _ = shell.handle(.resize(CellSize(width: 80, height: 24)))
        return (shell, wakes)
    }

    /// A shell on `text`, the file changed to `changed`, and its reading held in the middle.
    static func heldReading(from text: String, to changed: String) throws -> (HeldFiles, DashboardShell, Wakes) {
        let files = HeldFiles(text)
        let (shell, wakes) = shell(files)
        try files.inner.write(changed, to: file)
        files.hold()
        shell.requestReading()
        #expect(files.reached.wait(timeout: .now() + 60) == .success, "the reading never started")
        return (files, shell, wakes)
    }

    @Test func aKeyAndQuitAreHandledWhileAReadingIsInProgress() throws {
        let (files, shell, wakes) = try Self.heldReading(from: Self.page("clock@small"), to: Self.page("bank@small"))
        // The reading is stopped in the middle; the loop is not.
        #expect(shell.isReadingConfig)
        _ = shell.handle(.key(.character("?")))
        #expect(shell.dashboard.showsHelp)
        _ = shell.handle(.key(.escape))
        #expect(shell.handle(.key(.character("q"))) == .quit)
        #expect(shell.isReadingConfig && shell.dashboard.placements.map(\.kind) == ["clock"])
        files.release()
        #expect(Self.advance(shell, wakes) { !shell.isReadingConfig })
        #expect(shell.dashboard.placements.map(\.kind) == ["bank"])
    }

    @Test func aReadingOvertakenByANewerChangeIsDroppedAndTheNewestApplied() throws {
        let (files, shell, wakes) = try Self.heldReading(from: Self.page("clock@small"), to: Self.page("bank@small"))
        // Saved again while the first reading has the old text in hand.
        try files.inner.write(Self.page("health@small", "calendar@small"), to: Self.file)
        shell.requestReading()
        #expect(shell.readingGeneration == 1)
        files.release()
        // The first reading lands: it is dropped ("bank" never shows) and the next starts.
        #expect(Self.advance(shell, wakes) { shell.readingGeneration == 2 })
        #expect(shell.dashboard.placements.map(\.kind) == ["clock"])
        #expect(Self.advance(shell, wakes) { !shell.isReadingConfig })
        #expect(shell.dashboard.placements.map(\.kind) == ["health", "calendar"])
    }

    @Test func aReadingWithErrorsKeepsWhatRunsAndNamesTheLine() throws {
        let files = HeldFiles(Self.page("clock@small"))
        let (shell, wakes) = Self.shell(files)
        try files.inner.write("theme = \"dark\"\n" + Self.page("clock@huge"), to: Self.file)
        shell.requestReading()
        #expect(Self.advance(shell, wakes) { !shell.isReadingConfig })
        #expect(shell.dashboard.placements.map(\.kind) == ["clock"])
        #expect(shell.showsProblems && shell.problems.map(\.line) == [3] && shell.problems.first?.column != nil)
    }

    @Test func anEditOfTheShellsOwnIsReadOffTheLoopToo() throws {
        let files = HeldFiles(Self.page("clock@small"))
        let (shell, wakes) = Self.shell(files)
        files.hold()
        #expect(shell.add(kind: "bank", family: .systemSmall))
        #expect(files.reached.wait(timeout: .now() + 60) == .success, "the reading never started")
        #expect(shell.isReadingConfig && shell.dashboard.placements.map(\.kind) == ["clock"])
        files.release()
        #expect(Self.advance(shell, wakes) { !shell.isReadingConfig })
        #expect(shell.dashboard.placements.map(\.kind) == ["clock", "bank"])
        // What the edit said before the reading landed still shows.
        #expect(shell.dashboard.presentation.notice?.text.hasPrefix("Added ") == true)
    }
}

import CNcursesw
import DashCore
@testable import DashTerminal
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fake terminal on a pseudo-terminal: the probe talks to the pty's terminal side, and a
/// thread on the other side reads the query and answers as the terminal under test would.
final class FakeTerminal {
    /// What the fake's thread shares with the test: the bytes it read, and when to stop.
    final class Received: Sendable {
        let bytes = Mutex<[UInt8]>([])
        let stop = Atomic<Bool>(false)
    }

    let terminalSide: Int32
    private let controller: Int32
    private let done = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let received = Received()

    /// `answer`: what the terminal writes back once it has read the whole query (nil: nothing).
    /// `keepsReading`: after answering, go on reading everything written (a whole Terminal's
    /// output) until ``output()``.
    init(answer: [String]?, keepsReading: Bool = false) throws {
        controller = posix_openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0, grantpt(controller) == 0, unlockpt(controller) == 0, let name = ptsname(controller) else {
            throw POSIXError(.ENOTTY)
        }
        terminalSide = open(String(cString: name), O_RDWR | O_NOCTTY)
        guard terminalSide >= 0 else { throw POSIXError(.ENOENT) }
        let controller = self.controller
        let done = self.done
        let finished = self.finished
        let received = self.received
        Thread.detachNewThread {
            var seen: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 64)
            // Read the query as a terminal does, then answer each piece in its own write.
            while seen.count < GraphemeProbe.query.count {
                var pfd = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 2000) > 0 else { break }
                let n = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                seen += buffer[0..<n]
            }
            received.bytes.withLock { $0 = seen }
            for piece in answer ?? [] {
                _ = piece.utf8CString.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count - 1) }
                usleep(2000)
            }
            done.signal()
            guard keepsReading else { return }
            while !received.stop.load(ordering: .acquiring) {
                var pfd = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
                guard poll(&pfd, 1, 50) > 0 else { continue }
                let n = buffer.withUnsafeMutableBytes { read(controller, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                received.bytes.withLock { $0 += buffer[0..<n] }
            }
            finished.signal()
        }
    }

    /// Everything written to the terminal (the query first), once the writer is done.
    func output() -> [UInt8] {
        usleep(100_000)  // the last writes cross the pty
        received.stop.store(true, ordering: .releasing)
        _ = finished.wait(timeout: .now() + 5)
        return received.bytes.withLock { $0 }
    }

    /// What the probe sent, once the fake has answered.
    func query() -> [UInt8] {
        done.wait()
        done.signal()  // for shutDown's wait
        return received.bytes.withLock { $0 }
    }

    /// True when bytes are waiting to be read on the terminal side (an answer left behind).
    var hasPendingInput: Bool {
        var pfd = pollfd(fd: terminalSide, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 50) > 0
    }

    func shutDown() {
        _ = done.wait(timeout: .now() + 5)
        close(terminalSide)
        close(controller)
    }
}

@Suite("The mode 2027 probe")
struct GraphemeProbeTests {
    @Test("a terminal that supports 2027 (reset) is asked DECRQM then DA1, and clusters")
    func supported() throws {
        let fake = try FakeTerminal(answer: ["\u{1B}[?2027;2$y", "\u{1B}[?62;22;52c"])
        defer { fake.shutDown() }
        let answer = GraphemeProbe.ask(input: fake.terminalSide, output: fake.terminalSide, timeout: 2000)
        #expect(fake.query() == GraphemeProbe.query)
        #expect(answer == .reset)
        #expect(GraphemeDrawing.resolve(.auto, probe: answer) == .clusters)
        // Every byte of the answers was consumed: none is left to be read as keys.
        #expect(!fake.hasPendingInput)
    }

    @Test("a terminal with 2027 already set, or always set, answers so")
    func alreadySet() throws {
        for (ps, expected) in [("1", GraphemeProbe.Answer.set), ("3", .permanentlySet), ("4", .notSupported)] {
            let fake = try FakeTerminal(answer: ["\u{1B}[?2027;\(ps)$y\u{1B}[?65;1c"])
            defer { fake.shutDown() }
            #expect(GraphemeProbe.ask(input: fake.terminalSide, output: fake.terminalSide, timeout: 2000) == expected)
            _ = fake.query()
        }
    }

    @Test("a terminal that does not recognise 2027 answers 0: legacy drawing")
    func notRecognised() throws {
        let fake = try FakeTerminal(answer: ["\u{1B}[?2027;0$y", "\u{1B}[?1;2c"])
        defer { fake.shutDown() }
        let answer = GraphemeProbe.ask(input: fake.terminalSide, output: fake.terminalSide, timeout: 2000)
        _ = fake.query()
        #expect(answer == .notSupported)
        #expect(GraphemeDrawing.resolve(.auto, probe: answer) == .legacy)
        #expect(!fake.hasPendingInput)
    }

    @Test("a terminal that ignores DECRQM and only answers DA1 ends the probe at DA1")
    func onlyDeviceAttributes() throws {
        // The time-out is far longer than any test run waits: only the DA1 answer can end it.
        let fake = try FakeTerminal(answer: ["\u{1B}[?62;22c"])
        defer { fake.shutDown() }
        let answer = GraphemeProbe.ask(input: fake.terminalSide, output: fake.terminalSide, timeout: 600_000)
        _ = fake.query()
        #expect(answer == .notSupported)
        #expect(!fake.hasPendingInput)
    }

    @Test("a silent terminal costs the time-out and answers silent")
    func silent() throws {
        let fake = try FakeTerminal(answer: nil)
        defer { fake.shutDown() }
        let answer = GraphemeProbe.ask(input: fake.terminalSide, output: fake.terminalSide, timeout: 100)
        #expect(answer == .silent)
        #expect(GraphemeDrawing.resolve(.auto, probe: answer) == .legacy)
        _ = fake.query()
    }

    @Test("not a terminal: nothing is sent, silent")
    func notATerminal() throws {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(GraphemeProbe.ask(input: fds[0], output: fds[1], timeout: 100) == .silent)
    }

    @Test("answers are parsed across keys typed before them and split reads")
    func parsing() {
        let bytes = Array("ab\u{1B}[?2027;2$y\u{1B}[?6".utf8)
        let partial = GraphemeProbe.parse(bytes)
        #expect(partial.mode == .reset && !partial.sawDeviceAttributes)
        let whole = GraphemeProbe.parse(bytes + Array("2;4c".utf8))
        #expect(whole.mode == .reset && whole.sawDeviceAttributes)
        // Another mode's report is not 2027's.
        #expect(GraphemeProbe.parse(Array("\u{1B}[?2026;2$y\u{1B}[?1c".utf8)).mode == nil)
    }
}

@Suite("Late probe answers in the key input")
struct LateAnswerFilterTests {
    func filtered(_ text: String) -> String {
        var filter = LateAnswerFilter()
        var out: [UInt32] = []
        for scalar in text.unicodeScalars { out += filter.feed(scalar.value) }
        out += filter.flush()
        return String(String.UnicodeScalarView(out.compactMap(Unicode.Scalar.init)))
    }

    @Test("a DA1 or DECRQM answer arriving after the probe is dropped; keys around it stay")
    func dropsAnswers() {
        #expect(filtered("a\u{1B}[?62;22cb") == "ab")
        #expect(filtered("\u{1B}[?2027;0$y\u{1B}[?1;2cq") == "q")
    }

    @Test("Esc, Alt-[ and anything that is not an answer pass as typed")
    func passesKeys() {
        #expect(filtered("\u{1B}") == "\u{1B}")
        #expect(filtered("\u{1B}[") == "\u{1B}[")
        #expect(filtered("\u{1B}[?x") == "\u{1B}[?x")
        #expect(filtered("\u{1B}\u{1B}[?1c") == "\u{1B}")
        #expect(filtered("\u{1B}[?12") == "\u{1B}[?12")
        #expect(filtered("hello") == "hello")
    }
}

extension RealTerminalTests {
    /// Mode 2027 around a whole Terminal on a fake terminal: set only when it was off, and
    /// reset on the way out.
    @Suite("Mode 2027 around a Terminal's run")
    struct ClusteringModeTests {
        /// Starts a Terminal on `fake` (stopped by `body`'s end), and returns all it wrote.
        private func run(on fake: FakeTerminal, term: String = "xterm-256color", _ body: (Terminal) throws -> Void) rethrows -> String {
            let saved = setlocale(LC_ALL, nil).map { String(cString: $0) }
            defer { if let saved { setlocale(LC_ALL, saved) } }
            let terminal = Terminal(environment: [:], device: .other(fd: fake.terminalSide, term: term, locale: "C.UTF-8"))
            defer { terminal.stop() }
            try body(terminal)
            terminal.stop()
            return String(decoding: fake.output(), as: UTF8.self)
        }

        @Test("off (reset): set at start, reset at stop, after the query")
        func setAndReset() throws {
            let fake = try FakeTerminal(answer: ["\u{1B}[?2027;2$y\u{1B}[?62;22c"], keepsReading: true)
            defer { fake.shutDown() }
            let written = try run(on: fake) { terminal in
                try terminal.start()
                #expect(terminal.graphemeDrawing == .clusters)
            }
            let query = try #require(written.range(of: "\u{1B}[?2027$p"))
            let set = try #require(written.range(of: "\u{1B}[?2027h"))
            let reset = try #require(written.range(of: "\u{1B}[?2027l"))
            #expect(query.upperBound <= set.lowerBound && set.upperBound <= reset.lowerBound)
        }

        @Test("already set: left as it was, neither set nor reset")
        func alreadySet() throws {
            let fake = try FakeTerminal(answer: ["\u{1B}[?2027;1$y\u{1B}[?62;22c"], keepsReading: true)
            defer { fake.shutDown() }
            let written = try run(on: fake) { terminal in
                try terminal.start()
                #expect(terminal.graphemeDrawing == .clusters)
            }
            #expect(!written.contains("\u{1B}[?2027h") && !written.contains("\u{1B}[?2027l"))
        }

        @Test("a start that fails after the probe resets what it set")
        func failedStart() throws {
            let fake = try FakeTerminal(answer: ["\u{1B}[?2027;2$y\u{1B}[?62;22c"], keepsReading: true)
            defer { fake.shutDown() }
            let written = run(on: fake, term: "no-such-terminal-type") { terminal in
                #expect(throws: TerminalError.self) { try terminal.start() }
            }
            #expect(written.contains("\u{1B}[?2027h") && written.contains("\u{1B}[?2027l"))
        }

        @Test("legacy by configuration: nothing is asked, nothing is set")
        func legacyAsksNothing() throws {
            let fake = try FakeTerminal(answer: nil, keepsReading: true)
            defer { fake.shutDown() }
            let written = try run(on: fake) { terminal in
                terminal.configuredGraphemes = .legacy
                try terminal.start()
                #expect(terminal.graphemeDrawing == .legacy && terminal.graphemeProbeAnswer == nil)
            }
            #expect(!written.contains("2027"))
        }
    }
}


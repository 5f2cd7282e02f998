import DashCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Asks the terminal whether it clusters graphemes (mode 2027), before ncurses takes it.
///
/// The query is DECRQM for the private mode 2027 (`CSI ? 2027 $ p`) followed by Primary Device
/// Attributes (`CSI c`). Every terminal answers DA1, and answers in order, so a terminal that
/// ignores DECRQM costs one round trip, not the whole time-out; the time-out only bounds a
/// terminal (or a pipe) that answers nothing at all. The answer to DECRQM is
/// `CSI ? 2027 ; Ps $ y` with Ps 1 set, 2 reset (both: supported), 3 permanently set,
/// 0 not recognised, 4 permanently reset (terminal-unicode-core). Everything read while
/// waiting is consumed here, so no answer ever reaches the key decoder.
///
/// ```swift
/// let answer = GraphemeProbe.ask(input: 0, output: 1)   // .reset on foot, .silent on a pipe
/// ```
package enum GraphemeProbe {
    /// What the terminal said about mode 2027.
    package enum Answer: Equatable, Sendable {
        /// Ps 1: supported and on already.
        case set
        /// Ps 2: supported and off (enable it with `CSI ? 2027 h`).
        case reset
        /// Ps 3: always on.
        case permanentlySet
        /// Ps 0 or 4, or only the DA1 answer: the terminal does not cluster.
        case notSupported
        /// No answer at all within the time-out.
        case silent

        /// True when the terminal clusters once 2027 is set.
        package var clusters: Bool { self == .set || self == .reset || self == .permanentlySet }
    }

    /// The bytes sent: DECRQM for mode 2027, then DA1.
    package static let query = Array("\u{1B}[?2027$p\u{1B}[c".utf8)
    /// Sets mode 2027.
    package static let enable = Array("\u{1B}[?2027h".utf8)
    /// Resets mode 2027.
    package static let disable = Array("\u{1B}[?2027l".utf8)

    /// What the bytes read so far say: the DECRQM answer if one came, and whether DA1 did.
    package static func parse(_ bytes: [UInt8]) -> (mode: Answer?, sawDeviceAttributes: Bool) {
        var mode: Answer?
        var sawDA1 = false
        var i = 0
        while i < bytes.count {
            guard bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else {
                i += 1
                continue
            }
            // CSI: parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, one final 0x40–0x7E.
            var j = i + 2
            while j < bytes.count, (0x30...0x3F).contains(bytes[j]) { j += 1 }
            let parameters = bytes[(i + 2)..<j]
            let intermediatesStart = j
            while j < bytes.count, (0x20...0x2F).contains(bytes[j]) { j += 1 }
            guard j < bytes.count else { break }  // incomplete: wait for more
            let intermediates = bytes[intermediatesStart..<j]
            let final = bytes[j]
            if parameters.first == UInt8(ascii: "?") {
                let text = String(decoding: parameters.dropFirst(), as: UTF8.self)
                if final == UInt8(ascii: "c"), intermediates.isEmpty {
                    sawDA1 = true
                } else if final == UInt8(ascii: "y"), Array(intermediates) == [UInt8(ascii: "$")] {
                    let fields = text.split(separator: ";", omittingEmptySubsequences: false)
                    if fields.count == 2, fields[0] == "2027" {
                        switch fields[1] {
                        case "1": mode = .set
                        case "2": mode = .reset
                        case "3": mode = .permanentlySet
                        default: mode = .notSupported
                        }
                    }
                }
            }
            i = j + 1
        }
        return (mode, sawDA1)
    }

    /// Sends the query on `output` and reads the answers from `input` for up to `timeout`
    /// milliseconds, stopping at the DA1 answer; the terminal's modes are put back after.
    ///
    /// `.silent` when `input` is not a terminal or nothing answers in time.
    package static func ask(input: Int32, output: Int32, timeout: Int32 = 150) -> Answer {
        var saved = termios()
        guard isatty(input) == 1, tcgetattr(input, &saved) == 0 else { return .silent }
        var raw = saved
        // No line editing and no echo: the answers arrive at once and never show.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(input, TCSANOW, &raw) == 0 else { return .silent }
        defer { _ = tcsetattr(input, TCSANOW, &saved) }

        let sent = query.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
        guard sent == query.count else { return .silent }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 256)
        let deadline = now() + Int64(timeout)
        while true {
            let left = deadline - now()
            if left <= 0 { break }
            var pfd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            if ready <= 0 { break }
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            received += buffer[0..<n]
            // Bounded: a terminal that floods us is no terminal that answers DA1.
            if received.count > 4096 { break }
            let (mode, sawDA1) = parse(received)
            if sawDA1 { return mode ?? .notSupported }
        }
        let (mode, _) = parse(received)
        return mode ?? (received.isEmpty ? .silent : .notSupported)
    }

    /// Milliseconds on the monotonic clock.
    private static func now() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}

/// Holds back `ESC [ ?` from the key input until it is known to be a late answer to the probe
/// (`… c` for DA1, `… $ y` for DECRQM: dropped) or not (passed on as typed).
///
/// The probe reads answers for 150 ms at most; one that comes later (a slow link) would
/// otherwise arrive as Esc, `[`, `?`, digits and a `c`, which are keys.
package struct LateAnswerFilter {
    private var pending: [UInt32] = []

    package init() {}

    /// The characters to decode now that `code` (a character, not a key code) arrived.
    package mutating func feed(_ code: UInt32) -> [UInt32] {
        switch pending.count {
        case 0:
            if code == 0x1B { pending = [code]; return [] }
            return [code]
        case 1 where code == 0x5B, 2 where code == 0x3F:  // "[" then "?"
            pending.append(code)
            return []
        case 3...63 where (0x30...0x39).contains(code) || code == 0x3B || code == 0x24:  // digits, ";", "$"
            pending.append(code)
            return []
        case 3...64 where code == 0x63 || code == 0x79:  // "c" or "y": an answer, dropped whole
            pending = []
            return []
        default:
            let held = flush()
            return held + feed(code)
        }
    }

    /// What is held back, when no more input follows for now.
    package mutating func flush() -> [UInt32] {
        defer { pending = [] }
        return pending
    }
}

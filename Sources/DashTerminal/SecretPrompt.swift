#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a secret (the passcode) from the terminal with echo off, for `widgetdash passcode set`.
///
/// ```swift
/// if SecretPrompt.standardInputIsTerminal, let code = SecretPrompt.read("New passcode: ") { … }
/// ```
public enum SecretPrompt {
    /// Whether standard input is a terminal; when it is not, a secret is read as a plain line.
    public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) != 0 }

    /// Writes `prompt` to standard error, reads one line from standard input with echo off,
    /// then restores the terminal's modes and ends the prompt's line; nil at end of input.
    public static func read(_ prompt: String) -> String? {
        writeToStandardError(prompt)
        var old = termios()
        tcgetattr(STDIN_FILENO, &old)
        var silent = old
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &old)
            // The user's Enter was not echoed either.
            writeToStandardError("\n")
        }
        return readLine(strippingNewline: true)
    }

    private static func writeToStandardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

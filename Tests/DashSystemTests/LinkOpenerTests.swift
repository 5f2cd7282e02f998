import DashCore
import DashSystem
import Foundation
import Testing
import DashTesting

/// The program that opens a widget's web links: what it is started with, and which one.
@Suite("Link opener")
struct LinkOpenerTests {
    private func scratch() throws -> URL {
        let dir = TestDirectories.path("wd-open")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// What the opener wrote, once it has (it is started, not waited for).
    private func written(_ file: URL) async throws -> String? {
        for _ in 0..<300 {
            if let text = try? String(contentsOf: file, encoding: .utf8), text.hasSuffix("\n") { return text }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// The URL is one argument of the program, never read by a shell: a URL full of shell
    /// syntax arrives as it is and runs nothing.
    @Test(arguments: [true, false])
    func theURLIsOneArgument(fullPath: Bool) async throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("argument")
        let trap = dir.appendingPathComponent("ran")
        // The program prints its arguments one per line; "sh" without a path goes through env.
        let opener = LinkOpener(command: [fullPath ? "/bin/sh" : "sh", "-c", "printf '%s\\n' \"$@\" > '\(out.path)'", "sh"])
        let url = try #require(URL(string: "https://example.com/a?b=1&c=$(touch%20\(trap.path))`touch%20\(trap.path)`;x"))
        try opener.open(url)
        #expect(try await written(out) == url.absoluteString + "\n")
        #expect(!FileManager.default.fileExists(atPath: trap.path))
    }

    /// Only http and https go out: a widget's other URLs open its detail view instead.
    @Test func onlyWebURLsAreStarted() async throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("argument")
        let opener = LinkOpener(command: ["/bin/sh", "-c", "printf '%s\\n' \"$1\" >> '\(out.path)'", "sh"])
        try opener.open(try #require(URL(string: "file:///etc/passwd")))
        try opener.open(try #require(URL(string: "widgetdash://todo")))
        try opener.open(try #require(URL(string: "HTTPS://example.com/")))
        #expect(try await written(out) == "HTTPS://example.com/\n")
        // Had the others been started too, their lines would be there by now.
        try await Task.sleep(for: .milliseconds(200))
        #expect(try String(contentsOf: out, encoding: .utf8) == "HTTPS://example.com/\n")
    }

    /// The opener runs in a process group of its own, so the terminal's Ctrl-C and hang-up for
    /// the dashboard's group do not reach a browser it started, and it is reaped when it ends:
    /// no zombie stays behind for the rest of the session.
    @Test func theOpenerHasItsOwnGroupAndIsReaped() async throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("stat")
        // Field 5 of /proc/PID/stat is the process group; the pid follows on the next line.
        let opener = LinkOpener(command: ["/bin/sh", "-c", "{ cut -d' ' -f5 /proc/$$/stat; echo $$; } > '\(out.path)'", "sh"])
        try opener.open(try #require(URL(string: "https://example.com/")))
        for _ in 0..<300 where (try? String(contentsOf: out, encoding: .utf8))?.split(separator: "\n").count != 2 {
            try await Task.sleep(for: .milliseconds(10))
        }
        let lines = try String(contentsOf: out, encoding: .utf8).split(separator: "\n").map(String.init)
        let pid = try #require(lines.count == 2 ? Int32(lines[1]) : nil, "the opener wrote \(lines)")
        #expect(lines[0] == lines[1], "its own group, led by itself")
        #expect(Int32(lines[0]) != getpgrp())
        // A child that ended but was not waited for keeps its /proc entry, as a zombie.
        var gone = false
        for _ in 0..<300 {
            if !FileManager.default.fileExists(atPath: "/proc/\(pid)") { gone = true; break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(gone, "reaped once it ended")
        // And the thread that reaped it ends with it (other tests' openers end as quickly).
        var reapers = -1
        for _ in 0..<300 {
            reapers = threadNames().filter { $0.hasPrefix("link opener") }.count
            if reapers == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(reapers == 0)
    }

    /// The names of this process's threads (the kernel keeps the first 15 bytes).
    private func threadNames() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.compactMap { try? String(contentsOfFile: "/proc/self/task/\($0)/comm", encoding: .utf8) }
    }

    /// A program that cannot be started is an error naming it, which the dashboard shows as a
    /// notice (through `env`, a missing program was an exit status nobody saw).
    @Test func aMissingProgramIsAnError() throws {
        let opener = LinkOpener(command: ["widgetdash-no-such-opener"])
        #expect {
            try opener.open(try #require(URL(string: "https://example.com/")))
        } throws: { error in
            "\(error)".hasPrefix("widgetdash-no-such-opener: ")
        }
    }

    /// `--opener CMD` splits into words; "none" or nothing means no opener; without the option
    /// `xdg-open` is looked up on the PATH.
    @Test func theOpenerComesFromTheOptionOrThePath() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(LinkOpener.resolve(option: "firefox --new-window", environment: [:])?.command == ["firefox", "--new-window"])
        #expect(LinkOpener.resolve(option: "none", environment: [:]) == nil)
        #expect(LinkOpener.resolve(option: "", environment: [:]) == nil)
        #expect(LinkOpener.resolve(option: nil, environment: ["PATH": dir.path]) == nil)
        let program = dir.appendingPathComponent("xdg-open")
        try "#!/bin/sh\n".write(to: program, atomically: true, encoding: .utf8)
        #expect(LinkOpener.resolve(option: nil, environment: ["PATH": "/nonexistent:" + dir.path]) == nil, "not executable yet")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: program.path)
        #expect(LinkOpener.resolve(option: nil, environment: ["PATH": "/nonexistent:" + dir.path])?.command == [program.path])
    }
}

import Foundation
import Testing

/// The core does no I/O: no file, process, socket, environment or system call appears in
/// `Sources/DashCore`; DashSystem does those behind the small protocols and closures the core
/// is handed (see docs/DECISIONS.md, "DashCore does no I/O; DashSystem does it").
///
/// A text scan, so it reads the sources themselves (through `#filePath`) rather than the
/// built module: it names the file and line of every call it refuses.
@Suite("The core does no I/O")
struct CorePurityTests {
    /// What the core may not call, each with why it is I/O.
    static let refused: [(pattern: String, what: String)] = [
        (#"\bimport (Glibc|Darwin|GRDB)\b"#, "a system library or the store's SQLite"),
        (#"\b(Glibc|Darwin)\."#, "a system call"),
        (#"\bFileManager\b"#, "the file system"),
        (#"\bFileHandle\b"#, "a file"),
        (#"\b(String|Data)\(contentsOf"#, "reading a file"),
        (#"\bcontentsOf(File|Directory)\b"#, "reading a file or a directory"),
        (#"\.write\(to:"#, "writing a file"),
        (#"\bProcess\(\)"#, "starting a process"),
        (#"\bProcessInfo\b"#, "the process's environment"),
        (#"\b(getenv|setenv|NSHomeDirectory)\("#, "the process's environment"),
        (#"\b(posix_spawn\w*|waitpid|kill|fork|execve?)\("#, "child processes"),
        (#"\b(socket|bind|recv|sendto|setsockopt)\("#, "a socket"),
        (#"\b(inotify_\w+|DispatchSource)\b"#, "watching files"),
        (#"\b(fopen|unlink|fcntl|pipe|flock|fchmod)\("#, "a file descriptor"),
        (#"\bopen\([^)]*\bO_[A-Z]"#, "opening a file"),
        (#"\b(read|write|close)\(\w*(fd|FD)\w*\b"#, "a file descriptor"),
        (#"\bURLSession\b"#, "the network"),
    ]

    /// Every refused call in `text`, as `name:line: what (the line)`.
    static func findings(in text: String, name: String) -> [String] {
        let expressions = refused.compactMap { entry in
            (try? NSRegularExpression(pattern: entry.pattern)).map { ($0, entry.what) }
        }
        var found: [String] = []
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            // Comments may say what the system does; only code counts.
            let code = rawLine.range(of: "//").map { String(rawLine[..<$0.lowerBound]) } ?? rawLine
            let range = NSRange(code.startIndex..., in: code)
            // One finding a line, the first refused call on it.
            if let what = expressions.first(where: { $0.0.firstMatch(in: code, range: range) != nil })?.1 {
                found.append("\(name):\(index + 1): \(what): \(rawLine.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    /// `Sources/DashCore`, found from this file's path.
    static var coreDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/DashCore")
    }

    @Test func noCoreSourceDoesIO() throws {
        let root = Self.coreDirectory
        let enumerator = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" { files.append(url) }
        #expect(files.count > 50, "expected the core's sources under \(root.path)")
        var found: [String] = []
        for file in files.sorted(by: { $0.path < $1.path }) {
            let name = String(file.path.dropFirst(root.deletingLastPathComponent().path.count + 1))
            found += Self.findings(in: try String(contentsOf: file, encoding: .utf8), name: name)
        }
        #expect(found.isEmpty, "I/O in the core; DashSystem does it behind a protocol the core is handed:\n\(found.joined(separator: "\n"))")
    }

    @Test func theScanFindsWhatItRefusesAndNotItsLookalikes() {
        let io = """
            import Glibc
            let names = try FileManager.default.contentsOfDirectory(atPath: "/tmp")
            let text = try String(contentsOf: url, encoding: .utf8)
            let fd = open(path, O_WRONLY | O_CREAT, 0o600)
            _ = write(fd, buffer, count)
            let home = ProcessInfo.processInfo.environment["HOME"]
            """
        #expect(Self.findings(in: io, name: "x.swift").map { $0.prefix(10) } == ["x.swift:1:", "x.swift:2:", "x.swift:3:", "x.swift:4:", "x.swift:5:", "x.swift:6:"])
        let pure = """
            // FileManager is DashSystem's; a comment may name it.
            items.append(contentsOf: more)
            try opener.open(url)
            canvas.write(line, x: 0, y: 0, style: style)
            write(ending: true)
            """
        #expect(Self.findings(in: pure, name: "y.swift").isEmpty)
    }
}

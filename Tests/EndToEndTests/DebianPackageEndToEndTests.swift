import Foundation
import XCTest

/// The Debian package `scripts/package-deb` builds, unpacked with `dpkg -x` into a scratch root
/// as dpkg would install it: the control file and the files are what Debian expects, the binary
/// runs with nothing of Swift on `PATH` or among its libraries, and the man page renders cleanly.
///
/// The script builds the static release binary, in its own scratch directory
/// (`.build/package-deb`) because `swift test` holds `.build`: four to seven minutes on two
/// quiet cores the first time; when nothing changed, about 50 s of CPU (mostly xz). It is
/// an XCTest case for the reason ExampleEndToEndTests gives: the compiler must not run beside
/// the timing-sensitive Swift Testing suites (docs/DECISIONS.md, "The Debian package is built
/// and installed by the test suite"). The build starts before the first case of the run,
/// beside the other packages' builds (`SuiteBuilds`).
final class DebianPackageEndToEndTests: XCTestCase {
    /// The package, built once for the run and shared by the cases.
    static var built: Result<DebianPackage, any Error> { Result { try SuiteBuilds.debianPackage.get() } }

    override class func setUp() { SuiteBuilds.startAndWait() }

    func testTheControlFileAndTheFilesAreWhatDebianExpects() throws {
        let package = try Self.built.get()
        let field = { (name: String) in try DebianPackage.run(["dpkg-deb", "--field", package.deb.path, name]).out.trimmingCharacters(in: .whitespacesAndNewlines) }
        XCTAssertEqual(try field("Package"), "widgetdash")
        XCTAssertEqual(try field("Version"), try DebianPackage.sourceVersion())
        XCTAssertEqual(try field("Architecture"), try DebianPackage.run(["dpkg", "--print-architecture"]).out.trimmingCharacters(in: .whitespacesAndNewlines))
        XCTAssertEqual(try field("Section"), "utils")
        XCTAssertEqual(try field("Priority"), "optional")
        let maintainer = try field("Maintainer"), description = try field("Description")
        XCTAssertTrue(maintainer.contains("@"), maintainer)
        XCTAssertGreaterThan(Int(try field("Installed-Size")) ?? 0, 1000)
        XCTAssertTrue(description.hasPrefix("WidgetKit for the terminal"), description)
        // Depends names the packages of the C libraries the binary loads, with versions, and
        // nothing of Swift: the runtime is inside the binary, and so is libstdc++ (the release
        // link takes its static archive; docs/DECISIONS.md).
        let depends = try field("Depends")
        for library in ["libc6 (>= ", "libncursesw6", "libsqlite3-0", "libpng16-16", "libjpeg62-turbo", "libcrypt1"] {
            XCTAssertTrue(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        XCTAssertFalse(depends.lowercased().contains("swift"), depends)
        XCTAssertFalse(depends.contains("libstdc++"), depends)

        let listing = try DebianPackage.run(["dpkg-deb", "--contents", package.deb.path]).out
        let entries = listing.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        XCTAssertFalse(entries.isEmpty)
        for entry in entries {
            XCTAssertEqual(entry.count >= 6 ? String(entry[1]) : "", "root/root", "not owned by root: \(entry.joined(separator: " "))")
        }
        let paths = Set(entries.compactMap { $0.last.map(String.init) })
        for path in ["./usr/bin/widgetdash", "./usr/share/man/man1/widgetdash.1.gz", "./usr/share/doc/widgetdash/copyright",
                     "./usr/share/doc/widgetdash/changelog.gz", "./usr/share/bash-completion/completions/widgetdash",
                     "./usr/share/zsh/vendor-completions/_widgetdash", "./usr/share/fish/vendor_completions.d/widgetdash.fish",
                     "./usr/share/widgetdash/themes/dark.toml"] {
            XCTAssertTrue(paths.contains(path), "the package lacks \(path):\n\(listing)")
        }
        XCTAssertFalse(paths.contains("./usr/share/man/man1/widgetdash.1"), "the man page is not compressed")
        // The bash completion is sourced, so it has no #! line (lintian's bash-completion-with-hashbang).
        let bash = try String(contentsOf: package.root.appendingPathComponent("usr/share/bash-completion/completions/widgetdash"), encoding: .utf8)
        XCTAssertFalse(bash.hasPrefix("#!"), String(bash.prefix(80)))
        XCTAssertTrue(bash.contains("complete -o filenames -F _widgetdash widgetdash"), String(bash.suffix(200)))
    }

    func testTheUnpackedBinaryRunsWithoutSwift() throws {
        let package = try Self.built.get()
        let binary = package.root.appendingPathComponent("usr/bin/widgetdash").path
        // No Swift library is loaded, from the toolchain or anywhere else.
        let libraries = try DebianPackage.run(["ldd", binary])
        XCTAssertEqual(libraries.status, 0, libraries.err)
        for name in ["swift", "Foundation", "dispatch", "BlocksRuntime"] {
            XCTAssertFalse(libraries.out.contains(name), "the binary loads \(name):\n\(libraries.out)")
        }

        // `env -i`: no Swift on PATH, no LD_LIBRARY_PATH, nothing from the test's environment.
        let version = try DebianPackage.run(["env", "-i", "PATH=/usr/bin:/bin", binary, "--version"])
        XCTAssertEqual(version.status, 0, version.err)
        XCTAssertEqual(version.out, try DebianPackage.sourceVersion() + "\n")

        let env = WidgetDashBinary.isolatedEnvironment()
        let xdg = ["XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_RUNTIME_DIR"].map { "\($0)=\(env[$0] ?? "")" }
        let snapshot = try DebianPackage.run(["env", "-i", "PATH=/usr/bin:/bin", "TZ=UTC"] + xdg + [binary, "snapshot", "clock", "--at", "2026-11-22T10:42:00Z"])
        XCTAssertEqual(snapshot.status, 0, snapshot.err)
        XCTAssertEqual(snapshot.out.split(separator: "\n").map(String.init), [
            "┌ Clock ─────────────┐",
            "│ SUNDAY         W47 │",
            "│                    │",
            "│  ╷  ┌─┐ ╷ ╷ ╶─┐    │",
            "│  │  │ │:└─┤ ┌─┘    │",
            "│  ╵  └─┘   ╵ └─╴    │",
            "│         ◴ 10:42:00 │",
            "│                    │",
            "│                    │",
            "│ 22 November        │",
            "└────────────────────┘",
        ], snapshot.out + snapshot.err)
    }

    func testTheManPageRendersWithoutWarningsAndNamesTheCommands() throws {
        let package = try Self.built.get()
        let page = package.root.appendingPathComponent("usr/share/man/man1/widgetdash.1.gz").path
        // man-db's own check (`--warnings`, groff's -w options), then groff with every warning.
        let man = try DebianPackage.run(["env", "-i", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "MANWIDTH=100", "man", "--warnings=all", "-l", page])
        XCTAssertEqual(man.status, 0, man.err)
        XCTAssertEqual(man.err, "", "man -l warns")
        let groff = try DebianPackage.run(["sh", "-c", "gzip -dc \"$1\" | groff -mandoc -Tutf8 -wall -z", "sh", page])
        XCTAssertEqual(groff.status, 0, groff.err)
        XCTAssertEqual(groff.err, "", "groff warns")

        // Every subcommand --help lists is an item of the page (generated from the same definitions).
        let text = man.out
        XCTAssertTrue(text.contains("WidgetKit for the terminal"), String(text.prefix(500)))
        let help = try DebianPackage.run([package.root.appendingPathComponent("usr/bin/widgetdash").path, "--help"]).out
        let commands = help.components(separatedBy: "SUBCOMMANDS:").last?.components(separatedBy: "\n\n").first?.split(separator: "\n")
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) } ?? []
        XCTAssertGreaterThanOrEqual(commands.count, 10, help)
        for command in commands {
            XCTAssertTrue(text.contains("\n     \(command) ") || text.contains("\n     \(command)\n"), "the page does not name \(command)")
        }
        for section in ["KEYS", "FILES", "ENVIRONMENT", "EXIT STATUS", "SEE ALSO"] {
            XCTAssertTrue(text.contains("\n\(section)\n"), "the page has no \(section) section")
        }
    }
}

/// A package built by `scripts/package-deb` and unpacked.
struct DebianPackage {
    /// The directory holding the package and the root it is unpacked into.
    let directory: URL
    let deb: URL
    var root: URL { directory.appendingPathComponent("root") }

    /// Runs scripts/package-deb into an empty directory, then `dpkg -x` into `root` there.
    ///
    /// The directory is `.build/package-deb/test-package`, emptied first, so runs do not pile
    /// up packages of 20 MB and roots of 70 MB in the temporary directory.
    static func build() throws -> DebianPackage {
        let fm = FileManager.default
        let scratch = ExamplePackage.root.appendingPathComponent(".build/package-deb")
        let directory = scratch.appendingPathComponent("test-package")
        try? fm.removeItem(at: directory)
        try fm.createDirectory(at: directory, withIntermediateDirectories: true)
        let outcome = try SuiteBuilds.run(["sh", ExamplePackage.root.appendingPathComponent("scripts/package-deb").path, "--scratch-path", scratch.path, directory.path],
                                          log: scratch.appendingPathComponent("test-package.log").path)
        let debs = (try? fm.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".deb") }) ?? []
        guard outcome.code == 0, debs.count == 1 else {
            throw ExamplePackage.BuildError(description: "scripts/package-deb exited with \(outcome.code), packages \(debs):\n\(outcome.tail)")
        }
        let package = DebianPackage(directory: directory, deb: directory.appendingPathComponent(debs[0]))
        let unpack = try run(["dpkg", "-x", package.deb.path, package.root.path])
        guard unpack.status == 0 else { throw ExamplePackage.BuildError(description: "dpkg -x exited with \(unpack.status): \(unpack.err)") }
        return package
    }

    /// The version the sources give: what the test run's own binary prints for --version.
    static func sourceVersion() throws -> String {
        guard let binary = WidgetDashBinary.path else { throw ExamplePackage.BuildError(description: "the widgetdash binary is missing") }
        return try run([binary, "--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs a command found on the test's PATH; its status, output and error output.
    static func run(_ command: [String]) throws -> (status: Int32, out: String, err: String) {
        try StoreEndToEndTests.run("/usr/bin/env", command, environment: ProcessInfo.processInfo.environment)
    }
}

@testable import DashCore
@testable import DashSystem
import Foundation
import Testing
import WidgetDash

/// The passcode's file and the theme library's files.
@Suite struct PasscodeThemeLibraryTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// yescrypt through libxcrypt, as crypt(5) writes it (was PBKDF2 before issue 17).
    @Test func passcodeFileIsPrivateAndVerifies() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PasscodeStore(directory: dir.appendingPathComponent("widgetdash"))
        #expect(store.load() == nil)
        try store.set("correct horse")
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let text = try String(contentsOf: store.fileURL, encoding: .utf8)
        #expect(!text.contains("correct horse"))
        #expect(text.hasPrefix("$y$"))
        #expect(text.hasSuffix("\n") && text.split(separator: "$", omittingEmptySubsequences: false).count == 5)
        let hash = try #require(store.load())
        #expect(hash == .crypt(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(!hash.isOutdated)
        #expect(store.verify("correct horse", against: hash))
        #expect(!store.verify("correct horsf", against: hash))
        #expect(!store.verify("", against: hash))
        // A second set uses a new salt.
        try store.set("correct horse")
        #expect(store.load() != hash)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path + ".new"))
        #expect(try store.clear())
        #expect(store.load() == nil)
        #expect(try !store.clear())
        #expect(throws: PasscodeStore.StoreError.self) { try store.set("a\u{0}b") }
    }

    /// A file written before yescrypt still unlocks, and that unlock rewrites it as yescrypt.
    @Test func aPBKDF2FileVerifiesAndIsUpgraded() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PasscodeStore(directory: dir)
        let old = PasscodeHash.make("2468", salt: Array("salty".utf8), iterations: 50)
        try (old.encoded + "\n").write(to: store.fileURL, atomically: true, encoding: .utf8)
        let loaded = try #require(store.load())
        #expect(loaded == old && loaded.isOutdated)
        #expect(store.verify("2468", against: loaded))
        #expect(!store.verify("2469", against: loaded))
        let upgraded = try #require(store.upgrade("2468", from: loaded))
        #expect(upgraded.encoded.hasPrefix("$y$"))
        #expect(store.load() == upgraded)
        #expect(store.verify("2468", against: upgraded))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        // A current hash is left alone.
        #expect(store.upgrade("2468", from: upgraded) == nil)
    }

    /// Only crypt(5)'s alphabet reaches libcrypt; anything else in the file is an error.
    @Test func cryptLinesAreChecked() {
        #expect(PasscodeHash(encoded: "$y$j9T$abc$def") == .crypt("$y$j9T$abc$def"))
        // Another crypt(5) method (SHA-512 crypt, as /etc/shadow may hold) verifies and is upgraded.
        #expect(PasscodeHash(encoded: "$6$salt$hash")?.isOutdated == true)
        #expect(PasscodeHash(encoded: "$y$j9T$abc$def")?.isOutdated == false)
        for bad in ["$y$j9T$a\u{1B}c$def", "$y$", "$" + String(repeating: "a", count: 300), "$y$j9T$a c$def"] {
            #expect(PasscodeHash(encoded: bad) == nil, "\(bad)")
        }
    }

    @Test func malformedPasscodeFileIsReported() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = PasscodeStore(directory: dir)
        try "pbkdf2-sha256$x$00$11\n".write(to: store.fileURL, atomically: true, encoding: .utf8)
        guard case .failure = store.loadResult() else {
            Issue.record("a malformed file must be an error")
            return
        }
    }

    @Test func userThemesAddReplaceAndBadOnesAreSkippedWithTheirLine() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try "name = \"My Dark\"\n[dark]\nbackground = 0\nforeground = 15\naccent = 12\n".write(to: dir.appendingPathComponent("dark.toml"), atomically: true, encoding: .utf8)
        try "[light]\nbackground = \"#ffffff\"\nforeground = \"#000000\"\naccent = \"#0000cc\"\n".write(to: dir.appendingPathComponent("paper.toml"), atomically: true, encoding: .utf8)
        try "[light]\nbackground = \"#ffffff\"\nforeground = nope\n".write(to: dir.appendingPathComponent("broken.toml"), atomically: true, encoding: .utf8)
        let library = ThemeLibrary.load(userDirectory: dir)
        #expect(library.themes.map(\.name) == ["dark", "light", "high-contrast", "ansi16", "paper"])
        #expect(library.theme(named: "dark")?.displayName == "My Dark")
        #expect(library.sources["dark"]?.hasSuffix("dark.toml") == true)
        #expect(library.problems.count == 1)
        #expect(library.problems.first?.line == 3)
        #expect(library.problems.first?.file.hasSuffix("broken.toml") == true)
        #expect(library.theme(after: "paper").name == "dark")

        let start = library.startup(requested: nil, environment: [:])
        #expect(start.theme.name == "dark")
        #expect(start.warnings.count == 1)
    }

    @Test func badThemeAtStartupFallsBackToABuiltIn() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let bad = dir.appendingPathComponent("bad.toml")
        try "[dark]\nbackground = \"#000000\"\nforeground = \"#ffffff\"\naccent = \"#12\"\n".write(to: bad, atomically: true, encoding: .utf8)
        let start = ThemeLibrary.builtin.startup(requested: bad.path, environment: ["COLORFGBG": "0;15"])
        #expect(start.theme.name == "light")
        #expect(start.scheme == .light)
        #expect(start.warnings.first?.contains("bad.toml:4:10: expected a color") == true)

        let unknown = ThemeLibrary.builtin.startup(requested: "sepia", environment: [:])
        #expect(unknown.theme.name == "dark")
        #expect(unknown.warnings.first?.contains("unknown theme \"sepia\"") == true)

        let named = ThemeLibrary.builtin.startup(requested: "high-contrast", environment: ["COLORFGBG": "15;0"])
        #expect(named.theme.name == "high-contrast" && named.scheme == .dark)
    }
}

import Foundation

/// The optional passcode that unlocking asks for, kept only as a salted PBKDF2-HMAC-SHA256 hash.
///
/// The file (`passcode` in the config directory, mode 0600) holds one line:
/// `pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>`.
///
/// ```swift
/// let store = PasscodeStore(directory: PasscodeStore.defaultDirectory())
/// try store.set("1234")
/// store.load()?.verify("1234")   // true
/// ```
public struct PasscodeStore: Sendable {
    /// The directory holding the file (`$XDG_CONFIG_HOME/widgetdash`).
    public var directory: URL
    /// PBKDF2 rounds for new hashes: about half a second on a laptop in a release build.
    public var iterations: Int

    public static let defaultIterations = 200_000

    public init(directory: URL, iterations: Int = PasscodeStore.defaultIterations) {
        self.directory = directory
        self.iterations = iterations
    }

    /// `$XDG_CONFIG_HOME/widgetdash`, else `~/.config/widgetdash`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigDirectory.url(environment: environment)
    }

    public var fileURL: URL { directory.appendingPathComponent("passcode") }

    /// Why a passcode could not be stored.
    public enum StoreError: Error, CustomStringConvertible {
        case empty
        case randomUnavailable
        case io(String)
        public var description: String {
            switch self {
            case .empty: "the passcode is empty"
            case .randomUnavailable: "no random bytes for the salt (/dev/urandom unreadable)"
            case .io(let m): m
            }
        }
    }

    /// Hashes and stores `passcode`, replacing any earlier one; the file is created with mode 0600.
    public func set(_ passcode: String) throws {
        guard !passcode.isEmpty else { throw StoreError.empty }
        guard let salt = Self.randomBytes(16) else { throw StoreError.randomUnavailable }
        let record = PasscodeHash.make(passcode, salt: salt, iterations: iterations)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw StoreError.io("cannot create \(directory.path): \(error.localizedDescription)") }
        // Create the file 0600 from the start (never world-readable, even for a moment).
        let path = fileURL.path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot write \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        fchmod(fd, 0o600)
        let bytes = Array((record.encoded + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw StoreError.io("short write to \(path)") }
    }

    /// Removes the passcode; true when there was one.
    @discardableResult
    public func clear() throws -> Bool {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return false }
        do { try FileManager.default.removeItem(at: fileURL) } catch { throw StoreError.io("cannot remove \(fileURL.path): \(error.localizedDescription)") }
        return true
    }

    /// The stored hash, or nil when there is none (or the file is unreadable or malformed, which
    /// is reported by ``loadResult()``).
    public func load() -> PasscodeHash? {
        if case .success(let hash) = loadResult() { return hash }
        return nil
    }

    /// The stored hash; `.success(nil)` when no passcode is set.
    public func loadResult() -> Result<PasscodeHash?, StoreError> {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return .success(nil) }
        guard let text = try? String(contentsOf: fileURL, encoding: .utf8) else {
            return .failure(.io("cannot read \(fileURL.path)"))
        }
        guard let hash = PasscodeHash(encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return .failure(.io("\(fileURL.path): expected pbkdf2-sha256$ITERATIONS$SALT$HASH"))
        }
        return .success(hash)
    }

    static func randomBytes(_ count: Int) -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: "/dev/urandom") else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: count), data.count == count else { return nil }
        return Array(data)
    }
}

/// A salted, slow hash of a passcode.
public struct PasscodeHash: Hashable, Sendable {
    public var iterations: Int
    public var salt: [UInt8]
    public var hash: [UInt8]

    /// Hashes `passcode` with `salt`.
    public static func make(_ passcode: String, salt: [UInt8], iterations: Int) -> PasscodeHash {
        PasscodeHash(iterations: iterations, salt: salt,
                     hash: PBKDF2.sha256(password: Array(passcode.utf8), salt: salt, iterations: iterations, length: 32))
    }

    init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// Parses the file's line; nil when malformed.
    public init?(encoded: String) {
        let parts = encoded.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let n = Int(parts[1]), n > 0, n <= 10_000_000,
              let salt = Self.bytes(hex: parts[2]), !salt.isEmpty, let hash = Self.bytes(hex: parts[3]), hash.count == 32 else { return nil }
        self.init(iterations: n, salt: salt, hash: hash)
    }

    public var encoded: String { "pbkdf2-sha256$\(iterations)$\(Self.hex(salt))$\(Self.hex(hash))" }

    /// True when `passcode` hashes to the stored hash (compared in constant time).
    public func verify(_ passcode: String) -> Bool {
        let candidate = PBKDF2.sha256(password: Array(passcode.utf8), salt: salt, iterations: iterations, length: 32)
        var difference: UInt8 = 0
        for (a, b) in zip(candidate, hash) { difference |= a ^ b }
        return difference == 0 && candidate.count == hash.count
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { let s = String($0, radix: 16); return s.count == 1 ? "0" + s : s }.joined()
    }

    static func bytes(hex: String) -> [UInt8]? {
        let chars = Array(hex.utf8)
        guard chars.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        var i = 0
        while i < chars.count {
            guard let v = UInt8(String(decoding: chars[i..<i + 2], as: UTF8.self), radix: 16) else { return nil }
            out.append(v)
            i += 2
        }
        return out
    }
}

/// Where widgetdash keeps its configuration: `$XDG_CONFIG_HOME/widgetdash`, else `~/.config/widgetdash`.
public enum ConfigDirectory {
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty, xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("widgetdash")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".config").appendingPathComponent("widgetdash")
    }
}

import DashCore
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

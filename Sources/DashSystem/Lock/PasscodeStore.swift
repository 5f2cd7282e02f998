import CCrypt
import DashCore
import Foundation

/// The optional passcode that unlocking asks for, kept only as crypt(5)'s yescrypt hash.
///
/// The file (`passcode` in the config directory, mode 0600) holds one line, the standard
/// `$y$…` string that `/etc/shadow` would hold. Files of the earlier format
/// (`pbkdf2-sha256$<iterations>$<salt hex>$<hash hex>`) still unlock, and are rewritten as
/// yescrypt by the first unlock (``upgrade(_:from:)``).
///
/// ```swift
/// let store = PasscodeStore(directory: PasscodeStore.defaultDirectory())
/// try store.set("1234")
/// store.verify("1234", against: store.load()!)   // true
/// ```
public struct PasscodeStore: PasscodeVerifier {
    /// The directory holding the file (`$XDG_CONFIG_HOME/widgetdash`).
    public var directory: URL
    /// yescrypt's cost for new hashes; 0 is libxcrypt's default (`j9T`, tens of milliseconds).
    public var cost: UInt

    public init(directory: URL, cost: UInt = 0) {
        self.directory = directory
        self.cost = cost
    }

    /// `$XDG_CONFIG_HOME/widgetdash`, else `~/.config/widgetdash`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        ConfigDirectory.url(environment: environment)
    }

    public var fileURL: URL { directory.appendingPathComponent("passcode") }

    /// Why a passcode could not be stored.
    public enum StoreError: Error, CustomStringConvertible {
        case empty
        case hashFailed(String)
        case io(String)
        public var description: String {
            switch self {
            case .empty: "the passcode is empty"
            case .hashFailed(let m): "cannot hash the passcode: \(m)"
            case .io(let m): m
            }
        }
    }

    /// Hashes and stores `passcode`, replacing any earlier one; the file is created with mode 0600.
    @discardableResult
    public func set(_ passcode: String) throws -> PasscodeHash {
        guard !passcode.isEmpty else { throw StoreError.empty }
        // C strings end at NUL: the rest would not count.
        guard !passcode.utf8.contains(0) else { throw StoreError.hashFailed("it holds a NUL character") }
        let record = try YescryptHash.make(passcode, cost: cost)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch { throw StoreError.io("cannot create \(directory.path): \(error.localizedDescription)") }
        // A new file, 0600 from the start (never world-readable, even for a moment), renamed over
        // the old one: a crash halfway leaves the old passcode, not an empty file.
        let path = fileURL.path
        let temporary = path + ".new"
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw StoreError.io("cannot write \(temporary): \(String(cString: strerror(errno)))") }
        fchmod(fd, 0o600)
        let bytes = Array((record.encoded + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw StoreError.io("cannot write \(path): \(String(cString: strerror(errno)))")
        }
        return record
    }

    public func verify(_ passcode: String, against hash: PasscodeHash) -> Bool {
        switch hash {
        case .crypt(let setting): YescryptHash.verify(passcode, against: setting)
        case .pbkdf2(let old): old.verify(passcode)
        }
    }

    /// Stores `passcode` as yescrypt in place of an outdated hash; nil when the hash is current
    /// or the file cannot be written (the old one keeps working then).
    public func upgrade(_ passcode: String, from hash: PasscodeHash) -> PasscodeHash? {
        guard hash.isOutdated else { return nil }
        return try? set(passcode)
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
            return .failure(.io("\(fileURL.path): expected a crypt(5) hash such as $y$j9T$SALT$HASH"))
        }
        return .success(hash)
    }
}

/// crypt(5)'s yescrypt through libxcrypt: `crypt_gensalt_rn` makes the setting (with salt from
/// the system's random source) and `crypt_rn` the hash; both reentrant, so checks may run on any
/// thread.
enum YescryptHash {
    /// A new `$y$…` hash of `passcode`.
    static func make(_ passcode: String, cost: UInt) throws(PasscodeStore.StoreError) -> PasscodeHash {
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        // No random bytes given: libxcrypt reads them from the kernel (getrandom).
        guard crypt_gensalt_rn("$y$", cost, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw .hashFailed("crypt_gensalt_rn: \(String(cString: strerror(errno)))")
        }
        guard let text = hash(passcode, setting: String(decoding: setting.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)),
              text.hasPrefix("$y$"), let record = PasscodeHash(encoded: text) else {
            throw .hashFailed("crypt_rn refused the yescrypt setting")
        }
        return record
    }

    /// Whether `passcode` hashes to `stored` (its own setting), compared in constant time.
    static func verify(_ passcode: String, against stored: String) -> Bool {
        guard let candidate = hash(passcode, setting: stored) else { return false }
        return PasscodeComparison.equal(Array(candidate.utf8), Array(stored.utf8))
    }

    /// crypt_rn's answer; nil on failure (libxcrypt answers a string starting with `*` then).
    private static func hash(_ passcode: String, setting: String) -> String? {
        // struct crypt_data is 32 KiB: on the heap, zeroed as crypt_rn asks, and wiped after.
        let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
        let size = MemoryLayout<crypt_data>.size
        UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size)
        defer {
            UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size)
            data.deallocate()
        }
        guard let out = crypt_rn(passcode, setting, UnsafeMutableRawPointer(data), Int32(size)) else { return nil }
        let text = String(cString: out)
        return text.hasPrefix("*") ? nil : text
    }
}

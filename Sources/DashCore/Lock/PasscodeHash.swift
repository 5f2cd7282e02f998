import Foundation

/// What the passcode file holds: a crypt(5) string (yescrypt, `$y$…`), or a PBKDF2 hash of the
/// format written before yescrypt, which still unlocks and is then rewritten as yescrypt.
public enum PasscodeHash: Hashable, Sendable {
    /// A crypt(5) hash string such as `$y$j9T$salt$hash`; a ``PasscodeVerifier`` checks it.
    case crypt(String)
    /// `pbkdf2-sha256$ITERATIONS$SALT$HASH`: checked in Swift, replaced at the next unlock.
    case pbkdf2(PBKDF2Hash)

    /// The longest crypt string accepted; yescrypt's are about 73 characters.
    static let maximumCryptLength = 256

    /// A PBKDF2 hash of `passcode` (the earlier format; kept for tests and old files).
    public static func make(_ passcode: String, salt: [UInt8], iterations: Int) -> PasscodeHash {
        .pbkdf2(PBKDF2Hash.make(passcode, salt: salt, iterations: iterations))
    }

    /// Parses the file's line; nil when malformed.
    public init?(encoded: String) {
        if encoded.hasPrefix("$") {
            // crypt(5)'s alphabet only: nothing the file holds reaches libcrypt unchecked.
            func isCryptByte(_ b: UInt8) -> Bool {
                switch b {
                case UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                     UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"): true
                default: false
                }
            }
            guard encoded.utf8.count <= Self.maximumCryptLength, encoded.utf8.allSatisfy(isCryptByte),
                  encoded.split(separator: "$", omittingEmptySubsequences: false).count >= 4 else { return nil }
            self = .crypt(encoded)
        } else if let hash = PBKDF2Hash(encoded: encoded) {
            self = .pbkdf2(hash)
        } else {
            return nil
        }
    }

    /// The line as the file holds it.
    public var encoded: String {
        switch self {
        case .crypt(let text): text
        case .pbkdf2(let hash): hash.encoded
        }
    }

    /// Whether unlocking with this hash should store the passcode again in the current scheme
    /// (PBKDF2, or a crypt(5) method other than yescrypt put in the file by hand).
    public var isOutdated: Bool {
        switch self {
        case .crypt(let text): !text.hasPrefix("$y$")
        case .pbkdf2: true
        }
    }
}

/// Checks passcodes against their hashes and upgrades outdated ones: a service the dashboard is
/// handed (DashSystem's calls libcrypt and writes the file), called off the run loop because a
/// good hash is slow on purpose.
public protocol PasscodeVerifier: Sendable {
    /// Whether `passcode` is the one `hash` was made from.
    func verify(_ passcode: String, against hash: PasscodeHash) -> Bool
    /// After `passcode` matched the outdated `hash`: stores it in the current scheme and returns
    /// the new hash; nil when nothing changed.
    func upgrade(_ passcode: String, from hash: PasscodeHash) -> PasscodeHash?
}

/// The verifier without libcrypt: PBKDF2 hashes only, never upgraded (tests, and a dashboard
/// that is handed nothing better).
public struct PBKDF2PasscodeVerifier: PasscodeVerifier {
    public init() {}

    public func verify(_ passcode: String, against hash: PasscodeHash) -> Bool {
        guard case .pbkdf2(let pbkdf2) = hash else { return false }
        return pbkdf2.verify(passcode)
    }

    public func upgrade(_ passcode: String, from hash: PasscodeHash) -> PasscodeHash? { nil }
}

/// A salted PBKDF2-HMAC-SHA256 hash of a passcode: the format before yescrypt.
public struct PBKDF2Hash: Hashable, Sendable {
    public var iterations: Int
    public var salt: [UInt8]
    public var hash: [UInt8]

    /// Hashes `passcode` with `salt`.
    public static func make(_ passcode: String, salt: [UInt8], iterations: Int) -> PBKDF2Hash {
        PBKDF2Hash(iterations: iterations, salt: salt,
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
        return PasscodeComparison.equal(candidate, hash)
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

/// Comparison that takes as long for a near miss as for a far one.
public enum PasscodeComparison {
    /// True when `a` and `b` hold the same bytes; the time depends only on their lengths.
    public static func equal(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Bool {
        var difference: UInt8 = a.count == b.count ? 0 : 1
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}

import Foundation

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

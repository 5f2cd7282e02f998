@testable import DashCore
import Testing

/// The passcode's hash, against published test vectors.
@Suite struct PasscodeHashTests {
    static func hex(_ bytes: [UInt8]) -> String { PBKDF2Hash.hex(bytes) }

    @Test func sha256Vectors() {
        #expect(Self.hex(SHA256.hash(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Self.hex(SHA256.hash([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(Self.hex(SHA256.hash(long)) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func hmacVector() {
        // RFC 4231, test case 2.
        let mac = HMACSHA256(key: Array("Jefe".utf8)).mac(Array("what do ya want for nothing?".utf8))
        #expect(Self.hex(mac) == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test func pbkdf2Vectors() {
        // RFC 7914 §11.
        let a = PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64)
        #expect(Self.hex(a) == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        let b = PBKDF2.sha256(password: Array("password".utf8), salt: Array("salt".utf8), iterations: 4096, length: 32)
        #expect(Self.hex(b) == "c5e478d59288c841aa530db6845c4c8d962893a001ce4e11a4963873aa98134a")
    }
}

import Foundation
import WidgetDash

/// The rules of the shared store's `KIND.KEY` keys: what a script may write, and which widgets
/// a written key concerns.
///
/// Policy, not storage: the dashboard matches a change to its widgets by a key's kind, and the
/// store (DashSystem) refuses a key that breaks these rules before anything is written.
public enum StoreKey {
    /// Checks that `key` is `KIND.KEY`: ASCII letters, digits, `_`, `-`, `.`, at most 200
    /// characters, a kind before the first dot and a name after it. Nil when valid, else why not.
    public static func problem(withKey key: String) -> String? {
        guard key.utf8.count <= 200 else { return "a key has at most 200 characters" }
        guard let dot = key.firstIndex(of: "."), dot != key.startIndex, key.index(after: dot) != key.endIndex else {
            return "expected KIND.KEY (e.g. cpu.temp), got \"\(TextSanitizer.sanitize(key, keepNewlines: false))\""
        }
        if let bad = key.unicodeScalars.first(where: { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-.".unicodeScalars.contains($0))) }) {
            let shown = bad.value < 0x20 || bad.value == 0x7F ? String(format: "U+%04X", bad.value) : "'\(bad)'"
            return "a key may hold only ASCII letters, digits, '_', '-' and '.', not \(shown)"
        }
        return nil
    }

    /// The kind of a `KIND.KEY` key: what is before the first dot.
    public static func kind(ofKey key: String) -> String {
        String(key.prefix { $0 != "." })
    }
}

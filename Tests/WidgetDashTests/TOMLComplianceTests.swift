import Foundation
import Testing
@testable import WidgetDash

/// The TOML project's own compliance suite (toml-test), every case of its TOML 1.0 list: each
/// valid document decodes to exactly the expected tagged JSON, each invalid one is refused.
///
/// The cases are a copy in `TOMLCompliance/` (MIT, its LICENSE beside them; see
/// docs/DECISIONS.md), so the suite runs on a fresh clone.
@Suite("TOMLCompliance")
struct TOMLCompliance {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("TOMLCompliance")

    /// The `.toml` files of the 1.0 list, without the extension, starting `valid/` or `invalid/`.
    static let cases: [String] = {
        guard let list = try? String(contentsOf: directory.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8) else { return [] }
        return list.split(separator: "\n").filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }
    }()
    static let valid = cases.filter { $0.hasPrefix("valid/") }
    static let invalid = cases.filter { $0.hasPrefix("invalid/") }

    @Test func theCopyIsComplete() {
        #expect(Self.valid.count == 210)
        #expect(Self.invalid.count == 499)
    }

    @Test(arguments: valid)
    func decodesValid(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name + ".toml")))
        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: Self.directory.appendingPathComponent(name + ".json")), options: [.fragmentsAllowed])
        let table: TOML.Table
        do { table = try TOML.parseTable(bytes: bytes) } catch {
            Issue.record("\(name): refused at \(error)")
            return
        }
        let found = Self.tagged(.table(table))
        #expect(Self.same(found, expected), "\(name): decoded \(found), expected \(expected)")
    }

    @Test(arguments: invalid)
    func refusesInvalid(_ name: String) throws {
        let bytes = try [UInt8](Data(contentsOf: Self.directory.appendingPathComponent(name + ".toml")))
        #expect(throws: TOML.SyntaxError.self, "\(name)") { try TOML.parseTable(bytes: bytes) }
    }

    /// toml-test's tagged JSON for a value: scalars as `{"type": …, "value": "…"}`.
    static func tagged(_ value: TOML.Value) -> Any {
        switch value {
        case .string(let s): return ["type": "string", "value": s]
        case .integer(let n): return ["type": "integer", "value": String(n)]
        case .float(let x): return ["type": "float", "value": x.isNaN ? "nan" : x.isInfinite ? (x < 0 ? "-inf" : "inf") : String(x)]
        case .boolean(let b): return ["type": "bool", "value": String(b)]
        case .dateTime(let d):
            let type = switch d.kind {
            case .offsetDateTime: "datetime"
            case .localDateTime: "datetime-local"
            case .localDate: "date-local"
            case .localTime: "time-local"
            }
            return ["type": type, "value": d.text]
        case .array(let nodes): return nodes.map { tagged($0.value) }
        case .table(let table):
            var out: [String: Any] = [:]
            for key in table.keys { if let node = table[key] { out[key] = tagged(node.value) } }
            return out
        }
    }

    /// Equal as toml-test compares: exact strings, integers and kinds; floats by value;
    /// date-times with the fraction's trailing zeros and a zero offset written either way.
    static func same(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? [Any], let b = b as? [Any] {
            return a.count == b.count && zip(a, b).allSatisfy { same($0, $1) }
        }
        guard let a = a as? [String: Any], let b = b as? [String: Any] else { return false }
        if let type = b["type"] as? String, let value = b["value"] as? String, b.count == 2 {
            guard let foundType = a["type"] as? String, let found = a["value"] as? String, foundType == type else { return false }
            switch type {
            case "integer": return Int(found) == Int(value)
            case "float":
                let (x, y) = (double(found), double(value))
                return (x.isNaN && y.isNaN) || x == y
            case "datetime", "datetime-local", "date-local", "time-local": return moment(found) == moment(value)
            default: return found == value
            }
        }
        return Set(a.keys) == Set(b.keys) && a.allSatisfy { key, value in b[key].map { same(value, $0) } ?? false }
    }

    static func double(_ text: String) -> Double {
        switch text {
        case "inf", "+inf": .infinity
        case "-inf": -.infinity
        case "nan", "+nan", "-nan": .nan
        default: Double(text) ?? .nan
        }
    }

    static func moment(_ text: String) -> String {
        var t = text.uppercased().replacingOccurrences(of: " ", with: "T")
        for zero in ["+00:00", "-00:00"] where t.hasSuffix(zero) { t = String(t.dropLast(6)) + "Z" }
        guard let dot = t.firstIndex(of: ".") else { return t }
        let digits = t[t.index(after: dot)...].prefix { $0.isNumber }
        let rest = t[t.index(after: dot)...].dropFirst(digits.count)
        let kept = digits.reversed().drop { $0 == "0" }.reversed()
        return String(t[..<dot]) + (kept.isEmpty ? "" : "." + String(kept)) + rest
    }
}

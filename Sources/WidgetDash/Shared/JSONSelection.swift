import Foundation

/// A path into a JSON value, a small subset of jq and JSONPath: the `select` of an http widget.
///
/// ```swift
/// let price = try JSONSelection(".chart.result[0].meta.regularMarketPrice").select(in: json)
/// let names = try JSONSelection("items[*].name").select(in: json)   // an array of every item's name
/// ```
///
/// Syntax: steps separated by `.`; a step is a member name (letters, digits, `_`, `-`), a
/// quoted name in brackets (`["a.b"]`), an index in brackets (`[0]`, `[-1]` for the last) or
/// `[*]` (every element of an array, or every value of an object, the rest of the path applied
/// to each). A leading `.` or `$` is optional; an empty path (or `.`) is the whole value.
public struct JSONSelection: Hashable, Sendable, CustomStringConvertible {
    enum Step: Hashable, Sendable {
        case member(String)
        case index(Int)
        case all
    }

    let steps: [Step]
    public let description: String

    /// Parses `path`; the error says where it is wrong.
    public init(_ path: String) throws(SyntaxError) {
        description = path
        var steps: [Step] = []
        var chars = Array(path.trimmingCharacters(in: .whitespaces))
        if chars.first == "$" { chars.removeFirst() }
        var i = 0
        func fail(_ message: String) -> SyntaxError { SyntaxError(message: "\(message) at character \(i + 1) of \"\(path)\"") }
        while i < chars.count {
            switch chars[i] {
            case ".":
                i += 1
                if i == chars.count, steps.isEmpty { break }
                guard i < chars.count, chars[i] != "." else { throw fail("expected a name after \".\"") }
                if chars[i] == "[" { continue }
                let start = i
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" || chars[i] == "-" { i += 1 }
                guard i > start else { throw fail("expected a name (letters, digits, _ or -)") }
                steps.append(.member(String(chars[start..<i])))
            case "[":
                i += 1
                if i < chars.count, chars[i] == "\"" {
                    i += 1
                    let start = i
                    while i < chars.count, chars[i] != "\"" { i += 1 }
                    guard i < chars.count else { throw fail("expected a closing quote") }
                    steps.append(.member(String(chars[start..<i])))
                    i += 1
                } else if i < chars.count, chars[i] == "*" {
                    steps.append(.all)
                    i += 1
                } else {
                    let start = i
                    if i < chars.count, chars[i] == "-" { i += 1 }
                    while i < chars.count, chars[i].isASCII, chars[i].isNumber { i += 1 }
                    guard let n = Int(String(chars[start..<i])) else { throw fail("expected an index, * or a quoted name in brackets") }
                    steps.append(.index(n))
                }
                guard i < chars.count, chars[i] == "]" else { throw fail("expected \"]\"") }
                i += 1
            default:
                guard steps.isEmpty, i == 0 else { throw fail("expected \".\" or \"[\"") }
                chars.insert(".", at: 0)
            }
        }
        self.steps = steps
    }

    /// The selected value, or nil when the path leads nowhere (a missing member, an index past the end).
    public func select(in value: JSONValue) -> JSONValue? { Self.walk(steps[...], value) }

    private static func walk(_ steps: ArraySlice<Step>, _ value: JSONValue) -> JSONValue? {
        guard let step = steps.first else { return value }
        let rest = steps.dropFirst()
        switch (step, value) {
        case (.member(let name), .object(let members)):
            return members[name].flatMap { walk(rest, $0) }
        case (.index(let n), .array(let items)):
            let index = n < 0 ? items.count + n : n
            return items.indices.contains(index) ? walk(rest, items[index]) : nil
        case (.all, .array(let items)):
            return .array(items.compactMap { walk(rest, $0) })
        case (.all, .object(let members)):
            return .array(members.keys.sorted().compactMap { members[$0].flatMap { walk(rest, $0) } })
        default:
            return nil
        }
    }

    /// Why a path cannot be read.
    public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }
}

import Foundation

/// A `DecodingError` as a person reads it: the field's path and what was expected there
/// (`state: homeScore: expected a whole number, found 1.5`), never Swift's debug dump.
///
/// ```swift
/// DecodingErrorText.describe(error)   // "items[2].due: expected an ISO-8601 date, found 12"
/// ```
package enum DecodingErrorText {
    /// The error's field path and expectation, sanitised (it may quote the input).
    package static func describe(_ error: DecodingError) -> String {
        let text: String
        switch error {
        case .keyNotFound(let key, let context):
            let parent = path(context.codingPath)
            text = "missing the field \"\(key.stringValue)\"" + (parent.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let expected, let context):
            text = located(context, "expected \(name(of: expected))" + found(context))
        case .valueNotFound(let expected, let context):
            text = located(context, "expected \(name(of: expected)), found null")
        case .dataCorrupted(let context):
            text = located(context, context.debugDescription)
        @unknown default:
            text = "\(error)"
        }
        return TextSanitizer.sanitize(text, keepNewlines: false)
    }

    /// Decodes `T` from JSON `data` with Foundation's decoder, and when that fails with an error
    /// that does not say where, finds the field with ``JSONValueDecoder``: the error to describe.
    package static func locate<T: Decodable>(_ error: DecodingError, decoding type: T.Type, from json: JSONValue) -> DecodingError {
        guard case .dataCorrupted(let context) = error, context.codingPath.isEmpty else { return error }
        do { _ = try JSONValueDecoder().decode(T.self, from: json) } catch let located as DecodingError {
            return located
        } catch {}
        return error
    }

    /// `a.b[2].c`.
    package static func path(_ keys: [any CodingKey]) -> String {
        var out = ""
        for key in keys {
            if let index = key.intValue, key.stringValue == "\(index)" || key.stringValue.hasPrefix("Index ") {
                out += "[\(index)]"
            } else {
                out += out.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return out
    }

    /// A short form of a value for messages: scalars as JSON, containers by kind, long strings cut.
    static func sketch(of value: JSONValue) -> String {
        switch value {
        case .array: return "an array"
        case .object: return "an object"
        case .string(let s) where s.count > 40: return JSONValue.string(String(s.prefix(40)) + "…").jsonText
        // A whole number as digits (2^63, not 9.223372036854776e+18), as the file wrote it.
        case .number(let n) where n == n.rounded() && abs(n) < 1e21: return String(format: "%.0f", n)
        default: return value.jsonText
        }
    }

    private static func located(_ context: DecodingError.Context, _ message: String) -> String {
        let at = path(context.codingPath)
        return at.isEmpty ? message : "\(at): \(message)"
    }

    /// ", found …" when ``JSONValueDecoder`` said what it found (Foundation's own wording,
    /// "Expected to decode Int but found a string instead.", is left out: the path and the
    /// expectation say enough).
    private static func found(_ context: DecodingError.Context) -> String {
        context.debugDescription.hasPrefix("found ") ? ", " + context.debugDescription : ""
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int64.Type: "a whole number"
        case is Int32.Type: "a whole number of 32 bits"
        case is Int16.Type, is Int8.Type: "a small whole number"
        case is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type: "a whole number ≥ 0"
        case is Double.Type, is Float.Type: "a number"
        case is Date.Type: "an ISO-8601 date with a zone (2026-11-22T09:00:00Z) or seconds since 1970"
        case is [JSONValue].Type: "an array"
        case is [String: JSONValue].Type: "an object"
        default: type is [Any].Type ? "an array" : (String(describing: type).hasPrefix("Dictionary") ? "an object" : "a \(type)")
        }
    }
}

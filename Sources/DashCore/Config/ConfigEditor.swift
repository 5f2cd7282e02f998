import Foundation
import WidgetDash

/// Adds a placement to a page of a config file's text, leaving every other character alone.
///
/// The gallery's additions go into the user's own file (see docs/DECISIONS.md, "The gallery
/// writes into config.toml"): the reader keeps the line and column of each array element and
/// of each closing `]`, so the new element is spliced in after the page's last one, in that
/// element's indentation, and comments, blank lines and order stay as the user wrote them.
public enum ConfigEditor {
    /// Why an edit could not be made.
    public enum EditError: Error, CustomStringConvertible {
        case unreadable(ConfigProblem)
        /// No element of the page reads as this placement (the file changed under us).
        case notFound(String)
        public var description: String {
            switch self {
            case .unreadable(let p): "the config has a syntax error, fix it first: \(p)"
            case .notFound(let p): "\"\(p)\" is no longer in the config file"
            }
        }
    }

    /// `text` with the element of page `page` (0-based) that reads as `old` rewritten as `new`,
    /// in place: the configuration platter saves an instance's parameters this way.
    ///
    /// The element is found by meaning, not by spelling (`"a@small | b@small"` and
    /// `"a@small|b@small"` are the same stack, parameters in any order), and only the
    /// characters between its quotes change.
    public static func replacing(_ old: PagePlacement, with new: PagePlacement, onPage page: Int, in text: String,
                                 widgets: [WidgetDescription], file: String = "config.toml") throws(EditError) -> String {
        let doc: TOML.Document
        do { doc = try TOML.parse(text) } catch {
            throw .unreadable(ConfigProblem(file: file, line: error.line, column: error.column > 0 ? error.column : nil, message: error.message))
        }
        guard let array = doc.arrays["page[\(page)].widgets"] else { throw .notFound(old.description) }
        let wanted = old.members
        for element in array.elements {
            guard case .string(let value) = element.value else { continue }
            let members = value.split(separator: "|").map { part -> WidgetPlacement? in
                try? WidgetPlacement.parse(part.trimmingCharacters(in: .whitespaces), widgets: widgets).get()
            }
            guard members.count == wanted.count, zip(members, wanted).allSatisfy({ $0 == $1 }) else { continue }
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var chars = Array(lines[element.line - 1])
            // The element ends just after its closing quote; its opening quote is the previous
            // one (placements never hold quotes: parameter values refuse them).
            let close = element.endColumn - 1
            guard chars.indices.contains(close), chars[close] == "\"",
                  let open = chars[..<close].lastIndex(of: "\"") else { throw .notFound(old.description) }
            chars.replaceSubrange((open + 1)..<close, with: Array(new.description))
            lines[element.line - 1] = String(chars)
            return lines.joined(separator: "\n")
        }
        throw .notFound(old.description)
    }

    /// `text` with `slot` appended to page `page` (0-based). A page past the last is added
    /// at the end of the file as a new `[[page]]`.
    public static func adding(_ slot: PagePlacement, toPage page: Int, in text: String, file: String = "config.toml") throws(EditError) -> String {
        let doc: TOML.Document
        do { doc = try TOML.parse(text) } catch {
            throw .unreadable(ConfigProblem(file: file, line: error.line, column: error.column > 0 ? error.column : nil, message: error.message))
        }
        let quoted = "\"\(slot)\""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let headers = doc.arrayTables["page"] ?? []
        guard page < headers.count else {
            var out = text
            if !out.isEmpty && !out.hasSuffix("\n") { out += "\n" }
            return out + "\n[[page]]\nwidgets = [\n  \(quoted),\n]\n"
        }
        guard let array = doc.arrays["page[\(page)].widgets"] else {
            // A page without a widgets list: give it one under its header.
            lines.insert("widgets = [\(quoted)]", at: headers[page])
            return lines.joined(separator: "\n")
        }
        func splice(_ line: Int, _ column: Int, _ insert: String) {
            var chars = Array(lines[line - 1])
            chars.insert(contentsOf: insert, at: min(column, chars.count))
            lines[line - 1] = String(chars)
        }
        guard let last = array.elements.last else {
            splice(array.closeLine, array.closeColumn, quoted)
            return lines.joined(separator: "\n")
        }
        if last.line == array.closeLine {
            // One line (or the last element shares its line with the `]`): stay on it.
            splice(last.line, last.endColumn, ", " + quoted)
        } else {
            if !last.hasComma { splice(last.line, last.endColumn, ",") }
            let indent = String(lines[last.line - 1].prefix { $0 == " " || $0 == "\t" })
            lines.insert(indent + quoted + ",", at: last.line)
        }
        return lines.joined(separator: "\n")
    }
}

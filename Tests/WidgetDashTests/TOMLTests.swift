import Foundation
import Testing
@testable import WidgetDash

/// The TOML reader beyond compliance: where values are, the caps, and that time is linear.
@Suite struct TOMLTests {
    func syntaxError(_ text: String, limits: TOML.Limits = .standard) -> TOML.SyntaxError? {
        do {
            _ = try TOML.parse(text, limits: limits)
            return nil
        } catch { return error }
    }

    @Test func everyValueKeepsItsLineAndColumn() throws {
        let doc = try TOML.parse("""
            scheduler = { budget = 60 }
            lat = 52.37
            [[page]]
            widgets = [
              "clock@small",  "calendar@small"
            ]
            note = \"\"\"
            two
            lines\"\"\"
            """)
        #expect(doc.entries["scheduler.budget"] == TOML.Entry(value: .integer(60), line: 1, column: 23))
        #expect(doc.tables["scheduler"] == 1)
        #expect(doc.entries["lat"] == TOML.Entry(value: .float(52.37), line: 2, column: 6))
        #expect(doc.arrayTables["page"] == [3])
        let array = try #require(doc.arrays["page[0].widgets"])
        #expect(array.line == 4 && array.column == 10 && array.closeLine == 6 && array.closeColumn == 0)
        #expect(array.elements.map(\.line) == [5, 5])
        #expect(array.elements.map(\.column) == [2, 18])
        #expect(array.elements.map(\.endColumn) == [15, 34])
        #expect(array.elements.map(\.hasComma) == [true, false])
        #expect(doc.entries["page[0].note"] == TOML.Entry(value: .string("two\nlines"), line: 7, column: 7))
        #expect(doc.order == ["scheduler.budget", "lat", "page[0].widgets", "page[0].note"])
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let doc = try TOML.parse("\"é→\" = [\"ü\", 2]")
        #expect(doc.arrays["é→"]?.elements.map(\.column) == [8, 13])
        #expect(syntaxError("a = \"ü\" x")?.description == "1:9: expected the end of the line after the value (a comment starts with #), found \"x\"")
    }

    @Test func inlineArraysOfTablesReadLikeHeaders() throws {
        let doc = try TOML.parse("page = [{ widgets = [\"clock@small\"] }, { name = \"two\" }]")
        #expect(doc.arrayTables["page"]?.count == 2)
        #expect(doc.arrays["page[0].widgets"]?.elements.first?.value == .string("clock@small"))
        #expect(doc.entries["page[1].name"]?.value == .string("two"))
    }

    @Test func syntaxErrorsSayWhereAndWhatWasExpected() {
        let cases: [(String, String)] = [
            ("a = ", "1:5: expected a value, found the end of the file"),
            ("a = 1\na = 2", "2:1: key \"a\" is defined twice (first on line 1)"),
            // The fuzzer's: a second value over several lines trapped on the key's column.
            ("a = 1\na = [\n1]", "2:1: key \"a\" is defined twice (first on line 1)"),
            ("[t]\nb = 1\n  b = \"\"\"\nx\n\"\"\"", "3:3: key \"b\" is defined twice (first on line 2)"),
            ("t.u = 1\nt = [\n]", "2:1: key \"t\" is already a table on line 1"),
            ("[t]\n[t]", "2:1: table [t] is defined twice (first on line 1)"),
            ("[a]\nb.c = 1\n[a.b]", "3:1: table [a.b] is already defined by the key on line 2"),
            ("t = {a = 1}\n[t]", "2:1: [t] is already a key on line 1"),
            ("a = 0x", "1:5: expected a value (a string in quotes, a number, true/false, a date, an array or an inline table), found 0x"),
            ("a = 9223372036854775808", "1:5: expected an integer from -9223372036854775808 to 9223372036854775807, found 9223372036854775808"),
            ("a = \"\\q\"", "1:6: expected an escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX), found \\q"),
            ("a = {b = 1,}", "1:12: expected a key after the comma; an inline table takes no trailing comma"),
            ("a = 1979-02-30", "1:5: expected a value (a string in quotes, a number, true/false, a date, an array or an inline table), found 1979-02-30"),
            ("a = [1,\n2", "1: expected ] to close the array opened here"),
            ("a = \"\"\"\nnever closed", "1:5: expected \"\"\" to close the string opened here"),
        ]
        for (text, expected) in cases {
            #expect(syntaxError(text)?.description == expected, "\(text.debugDescription)")
        }
    }

    @Test func nestingIsCappedWithAClearMessage() {
        // Issue 17: a header 10,000 (or 100,000) levels deep took seconds to minutes.
        for depth in [10_000, 100_000] {
            let header = "[" + Array(repeating: "a", count: depth).joined(separator: ".") + "]\n"
            let e = syntaxError(header, limits: TOML.Limits(maximumBytes: 1 << 30, maximumLineBytes: 1 << 30))
            #expect(e?.line == 1)
            #expect(e?.message == "expected a key at most 64 levels deep")
        }
        #expect(syntaxError("a = " + String(repeating: "[", count: 10_000))?.message == "expected arrays and tables nested at most 64 levels deep")
        #expect(syntaxError("a = " + String(repeating: "{b = ", count: 10_000))?.message == "expected arrays and tables nested at most 64 levels deep")
        let deepest = "[" + Array(repeating: "a", count: 64).joined(separator: ".") + "]\nk = 1\n"
        #expect(syntaxError(deepest) == nil)
    }

    @Test func fileAndLineLengthAreCapped() {
        let big = String(repeating: "# filler line\n", count: (1 << 20) / 14 + 1)
        #expect(syntaxError(big)?.message == "expected at most 1048576 bytes, found \(big.utf8.count)")
        #expect(syntaxError("a = \"" + String(repeating: "x", count: 70_000) + "\"")?.message == "expected at most 65536 bytes on a line, found 70006")
        #expect(syntaxError("a = \"" + String(repeating: "x", count: 60_000) + "\"") == nil)
    }

    @Test func refusesBytesThatAreNotUTF8() {
        #expect(throws: TOML.SyntaxError(line: 2, message: "expected UTF-8 text, found a byte that is not UTF-8")) {
            try TOML.parseTable(bytes: Array("a = 1\nb = \"".utf8) + [0xFF, 0x22])
        }
    }

    /// A benchmark (prints, asserts no time): 10,000 `[[widget]]` tables took 8 s before.
    @Test func tenThousandArrayTablesParseInOnePass() throws {
        let text = (0..<10_000).map { "[[widget]]\nname = \"w\($0)\"\ntype = \"command\"\ncommand = \"echo \($0)\"\n" }.joined()
        let start = ContinuousClock.now
        let doc = try TOML.parse(text)
        print("TOML: 10,000 [[widget]] tables (\(text.utf8.count) bytes) parsed in \(ContinuousClock.now - start)")
        #expect(doc.arrayTables["widget"]?.count == 10_000)
        #expect(doc.entries["widget[9999].command"]?.value == .string("echo 9999"))
    }
}

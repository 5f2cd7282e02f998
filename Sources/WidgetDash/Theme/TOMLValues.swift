extension TOMLParser {
    /// One value after `=` or in an array, with where it was written.
    mutating func value(depth: Int) throws(TOML.SyntaxError) -> TOML.Node {
        let (startLine, startLineStart) = (line, lineStart)
        let column = column(of: i, lineStart: lineStart)
        let value: TOML.Value
        switch peek {
        case nil, 0x0A, 0x0D, 0x23:
            throw error("expected a value, found \(found)")
        case 0x22:
            if peek(1) == 0x22 && peek(2) == 0x22 {
                i += 3
                value = .string(try multilineString(literal: false))
            } else {
                i += 1
                value = .string(try basicString())
            }
        case 0x27:
            if peek(1) == 0x27 && peek(2) == 0x27 {
                i += 3
                value = .string(try multilineString(literal: true))
            } else {
                i += 1
                value = .string(try literalString())
            }
        case 0x5B:
            value = try array(depth: depth)
        case 0x7B:
            value = try inlineTable(depth: depth)
        default:
            value = try bareValue()
        }
        let endColumn = line == startLine ? self.column(of: i, lineStart: startLineStart) : self.column(of: i, lineStart: lineStart)
        return TOML.Node(value: value, line: startLine, column: column, endLine: line, endColumn: endColumn)
    }

    /// `[a, b, …]`, over as many lines as it likes, a trailing comma allowed.
    mutating func array(depth: Int) throws(TOML.SyntaxError) -> TOML.Value {
        guard depth <= limits.maximumDepth else { throw error("expected arrays and tables nested at most \(limits.maximumDepth) levels deep") }
        let openLine = line
        i += 1
        var elements: [TOML.Node] = []
        while true {
            try skipBlank()
            if peek == 0x5D {
                i += 1
                return .array(elements)
            }
            if atEnd {
                line = openLine
                throw TOML.SyntaxError(line: openLine, message: "expected ] to close the array opened here")
            }
            if let last = elements.last, !last.hasComma {
                throw error("expected , between array elements or ] to close the array, found \(found)")
            }
            var element = try value(depth: depth + 1)
            try skipBlank()
            if peek == 0x2C {
                i += 1
                element.hasComma = true
            }
            elements.append(element)
        }
    }

    /// `{ a = 1, b.c = 2 }` on one line, no trailing comma; closed for good once read.
    mutating func inlineTable(depth: Int) throws(TOML.SyntaxError) -> TOML.Value {
        guard depth <= limits.maximumDepth else { throw error("expected arrays and tables nested at most \(limits.maximumDepth) levels deep") }
        let box = TableBox(made: .inline, line: line, column: column(of: i, lineStart: lineStart), depth: depth)
        i += 1
        skipSpaces()
        if peek == 0x7D {
            i += 1
            return .table(Self.table(box))
        }
        while true {
            try keyValue(into: box, depth: depth)
            skipSpaces()
            switch peek {
            case 0x2C:
                i += 1
                skipSpaces()
                guard peek != 0x7D else { throw error("expected a key after the comma; an inline table takes no trailing comma") }
            case 0x7D:
                i += 1
                return .table(Self.table(box))
            default:
                throw error("expected , or } in the inline table (which stays on one line), found \(found)")
            }
        }
    }

    /// The rest of a one-line basic string whose opening quote was consumed.
    mutating func basicString() throws(TOML.SyntaxError) -> String {
        var out: [UInt8] = []
        while let c = peek {
            switch c {
            case 0x22:
                i += 1
                return String(decoding: out, as: UTF8.self)
            case 0x5C:
                try escape(into: &out)
            case 0x0A, 0x0D:
                throw error("expected \" to close the string")
            default:
                guard c >= 0x20 || c == 0x09, c != 0x7F else { throw error("expected no control characters in a string (write them as escapes such as \\u0001)") }
                out.append(c)
                i += 1
            }
        }
        throw error("expected \" to close the string")
    }

    /// The rest of a one-line literal string whose opening quote was consumed.
    mutating func literalString() throws(TOML.SyntaxError) -> String {
        let start = i
        while let c = peek {
            switch c {
            case 0x27:
                i += 1
                return String(decoding: bytes[start..<(i - 1)], as: UTF8.self)
            case 0x0A, 0x0D:
                throw error("expected ' to close the string")
            default:
                guard c >= 0x20 || c == 0x09, c != 0x7F else { throw error("expected no control characters in a literal string") }
                i += 1
            }
        }
        throw error("expected ' to close the string")
    }

    /// The rest of a `"""` or `'''` string whose opening delimiter was consumed.
    mutating func multilineString(literal: Bool) throws(TOML.SyntaxError) -> String {
        let quote: UInt8 = literal ? 0x27 : 0x22
        let (openLine, openColumn) = (line, column(of: i - 3, lineStart: lineStart) + 1)
        _ = try newline()   // a line break straight after the delimiter is not part of the string
        var out: [UInt8] = []
        while let c = peek {
            if c == quote, peek(1) == quote, peek(2) == quote {
                var run = 3
                while peek(run) == quote { run += 1 }
                guard run <= 5 else { throw error("expected at most two quotes before the closing \(literal ? "'''" : "\"\"\"")") }
                out.append(contentsOf: repeatElement(quote, count: run - 3))
                i += run
                return String(decoding: out, as: UTF8.self)
            }
            if c == 0x0A || c == 0x0D {
                _ = try newline()
                out.append(0x0A)
                continue
            }
            if c == 0x5C, !literal {
                // A backslash at the end of a line swallows the break and the blanks after it.
                var j = i + 1
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j < bytes.count, bytes[j] == 0x0A || (bytes[j] == 0x0D && j + 1 < bytes.count && bytes[j + 1] == 0x0A) {
                    i = j
                    while true {
                        skipSpaces()
                        guard try newline() else { break }
                    }
                    continue
                }
                try escape(into: &out)
                continue
            }
            guard c >= 0x20 || c == 0x09, c != 0x7F else { throw error("expected no control characters in a string") }
            out.append(c)
            i += 1
        }
        throw TOML.SyntaxError(line: openLine, column: openColumn, message: "expected \(literal ? "'''" : "\"\"\"") to close the string opened here")
    }

    /// An escape at the backslash: `\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX`.
    mutating func escape(into out: inout [UInt8]) throws(TOML.SyntaxError) {
        let start = i
        i += 1
        guard let e = peek else { throw error("expected an escape after \\") }
        i += 1
        switch e {
        case 0x62: out.append(0x08)
        case 0x74: out.append(0x09)
        case 0x6E: out.append(0x0A)
        case 0x66: out.append(0x0C)
        case 0x72: out.append(0x0D)
        case 0x22: out.append(0x22)
        case 0x5C: out.append(0x5C)
        case 0x75, 0x55:
            let count = e == 0x75 ? 4 : 8
            guard i + count <= bytes.count, let v = UInt32(String(decoding: bytes[i..<(i + count)], as: UTF8.self), radix: 16),
                  bytes[i..<(i + count)].allSatisfy({ Self.isHex($0) }), let scalar = Unicode.Scalar(v) else {
                throw error("expected \(count) hex digits of a Unicode scalar value after \\\(e == 0x75 ? "u" : "U")", at: start)
            }
            i += count
            out.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw error("expected an escape (\\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX), found \\\(Character(Unicode.Scalar(e)))", at: start)
        }
    }

    static func isHex(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66) }
    static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// A boolean, number or date-time: the word up to the next delimiter, checked whole.
    mutating func bareValue() throws(TOML.SyntaxError) -> TOML.Value {
        let start = i
        while let c = peek, Self.isBare(c) || c == 0x2B || c == 0x2E || c == 0x3A { i += 1 }
        // A date and a time may be separated by a space: `1979-05-27 07:32:00`.
        if i - start == 10, bytes[start + 4] == 0x2D, peek == 0x20, let a = peek(1), let b = peek(2), Self.isDigit(a), Self.isDigit(b), peek(3) == 0x3A {
            i += 1
            while let c = peek, Self.isBare(c) || c == 0x2B || c == 0x2E || c == 0x3A { i += 1 }
        }
        let word = bytes[start..<i]
        if let n = TOMLScalars.integer(word) {
            let text = String(decoding: word, as: UTF8.self)
            guard let value = n else { throw error("expected an integer from -9223372036854775808 to 9223372036854775807, found \(text)", at: start) }
            return .integer(value)
        }
        if let dateTime = TOMLScalars.dateTime(word) { return .dateTime(dateTime) }
        let text = String(decoding: word, as: UTF8.self)
        switch text {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if let x = TOMLScalars.float(word) { return .float(x) }
        if word.isEmpty { throw error("expected a value, found \(found)") }
        throw error("expected a value (a string in quotes, a number, true/false, a date, an array or an inline table), found \(text)", at: start)
    }
}

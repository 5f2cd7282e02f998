import Foundation

/// Reading the header of an RFC 5322 message: unfolding, RFC 2047 encoded words, senders.
public enum MailHeaders {
    /// The header fields of a message, unfolded, in order; the body and anything after the
    /// first empty line are ignored. Bytes that are not UTF-8 are read as ISO-8859-1, so a
    /// binary file yields garbage fields at worst, never a failure.
    public static func parse(_ data: Data) -> [(name: String, value: String)] {
        let bytes = [UInt8](data)
        var end = bytes.count
        if let blank = headerEnd(bytes) { end = blank }
        let slice = Array(bytes[..<end])
        let text = String(validating: slice, as: UTF8.self) ?? String(String.UnicodeScalarView(slice.map { Unicode.Scalar($0) }))
        var fields: [(name: String, value: String)] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
            if line.isEmpty { break }
            if let first = line.first, first == " " || first == "\t" {
                // A folded line continues the field above it.
                if !fields.isEmpty { fields[fields.count - 1].value += String(line) }
                continue
            }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon]
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && !$0.isWhitespace && $0 != ":" && ($0.asciiValue ?? 0) > 32 }) else { continue }
            fields.append((String(name), String(line[line.index(after: colon)...])))
        }
        return fields.map { ($0.name, $0.value.trimmingCharacters(in: .whitespaces)) }
    }

    /// Where the header ends: the index of the first empty line (LF LF or CR LF CR LF).
    private static func headerEnd(_ bytes: [UInt8]) -> Int? {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == 0x0A && bytes[i + 1] == 0x0A { return i }
            if bytes[i] == 0x0A && bytes[i + 1] == 0x0D && i + 2 < bytes.count && bytes[i + 2] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    /// The first field called `name` (any case).
    public static func value(_ name: String, in fields: [(name: String, value: String)]) -> String? {
        fields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// A subject as one clean line: encoded words decoded, runs of spaces made one.
    public static func subject(_ raw: String) -> String {
        let text = oneLine(decodeEncodedWords(raw))
        return text.isEmpty ? "(no subject)" : text
    }

    /// Who a `From` field names: the display name of its first address, else the address.
    ///
    /// `"Ana Lima" <ana@example.com>`, `Ana Lima <ana@…>`, `=?UTF-8?Q?J=C3=B6rg?= <…>` and
    /// `ana@example.com (Ana Lima)` all give the name; `<ana@…>` and `ana@…` the address.
    public static func senderName(_ raw: String) -> String {
        let value = raw.trimmingCharacters(in: .whitespaces)
        if let open = value.firstIndex(of: "<") {
            let phrase = value[..<open].trimmingCharacters(in: .whitespaces)
            let afterOpen = value[value.index(after: open)...]
            let address = afterOpen.prefix { $0 != ">" }.trimmingCharacters(in: .whitespaces)
            let name = oneLine(decodeEncodedWords(unquote(phrase)))
            if !name.isEmpty { return name }
            return address.isEmpty ? "(unknown sender)" : oneLine(address)
        }
        let first = value.split(separator: ",", maxSplits: 1).first.map(String.init) ?? value
        if let open = first.firstIndex(of: "("), let close = first.lastIndex(of: ")"), open < close {
            let comment = oneLine(decodeEncodedWords(String(first[first.index(after: open)..<close])))
            if !comment.isEmpty { return comment }
        }
        let address = oneLine(String(first.prefix { $0 != "(" }))
        return address.isEmpty ? "(unknown sender)" : address
    }

    /// A quoted string's content (`"Lima, Ana"` → `Lima, Ana`), backslash escapes undone.
    static func unquote(_ phrase: String) -> String {
        guard phrase.count >= 2, phrase.hasPrefix("\""), phrase.hasSuffix("\"") else { return phrase }
        var out = ""
        var escaped = false
        for c in phrase.dropFirst().dropLast() {
            if escaped { out.append(c); escaped = false } else if c == "\\" { escaped = true } else { out.append(c) }
        }
        return out
    }

    /// Text for one row: controls removed, whitespace runs made one space, trimmed.
    static func oneLine(_ text: String) -> String {
        let scalars = text.unicodeScalars.map { s -> Unicode.Scalar in
            s.properties.generalCategory == .control || s == "\u{FEFF}" ? " " : s
        }
        let spaced = String(String.UnicodeScalarView(scalars))
        return spaced.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    // MARK: RFC 2047

    /// The text with its RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?ISO-8859-1?Q?…?=`) decoded.
    ///
    /// Whitespace between two encoded words is dropped (that is how long text is split), and
    /// adjacent words in one charset are decoded together, so a character whose bytes were
    /// split over two words comes out whole. Charsets: UTF-8, ISO-8859-1, ISO-8859-15,
    /// US-ASCII and Windows-1252; a word in another charset (or malformed) stays as written.
    public static func decodeEncodedWords(_ input: String) -> String {
        guard input.contains("=?") else { return input }
        let scalars = Array(input.unicodeScalars)
        var output = String.UnicodeScalarView()
        var pending: (charset: String, bytes: [UInt8])?
        var spaceAfterWord = String.UnicodeScalarView()

        func flush() {
            if let p = pending { output.append(contentsOf: decode(p.bytes, charset: p.charset).unicodeScalars) }
            pending = nil
        }

        var i = 0
        while i < scalars.count {
            if scalars[i] == "=", i + 1 < scalars.count, scalars[i + 1] == "?", let word = encodedWord(scalars, at: i) {
                if let p = pending, p.charset == word.charset {
                    pending?.bytes += word.bytes
                } else {
                    flush()
                    pending = (word.charset, word.bytes)
                }
                spaceAfterWord = String.UnicodeScalarView()
                i = word.end
            } else if pending != nil, scalars[i] == " " || scalars[i] == "\t" || scalars[i] == "\r" || scalars[i] == "\n" {
                spaceAfterWord.append(scalars[i])
                i += 1
            } else {
                flush()
                output.append(contentsOf: spaceAfterWord)
                spaceAfterWord = String.UnicodeScalarView()
                output.append(scalars[i])
                i += 1
            }
        }
        flush()
        output.append(contentsOf: spaceAfterWord)
        return String(output)
    }

    /// The encoded word starting at `start` (`=?charset?B|Q?text?=`) with its bytes and the
    /// index after it, or nil when it is not one or its charset is not known.
    private static func encodedWord(_ s: [Unicode.Scalar], at start: Int) -> (charset: String, bytes: [UInt8], end: Int)? {
        var i = start + 2
        var charset = ""
        while i < s.count, s[i] != "?" {
            guard s[i].isASCII, s[i].properties.isWhitespace == false, charset.count < 40 else { return nil }
            charset.unicodeScalars.append(s[i])
            i += 1
        }
        guard i + 2 < s.count, !charset.isEmpty else { return nil }
        let encoding = s[i + 1]
        guard s[i + 2] == "?" else { return nil }
        i += 3
        var text: [Unicode.Scalar] = []
        while i + 1 < s.count, !(s[i] == "?" && s[i + 1] == "=") {
            guard !s[i].properties.isWhitespace, text.count < 1000 else { return nil }
            text.append(s[i])
            i += 1
        }
        guard i + 1 < s.count else { return nil }
        // Drop a language tag (RFC 2231: `UTF-8*en`).
        let name = charset.split(separator: "*").first.map { $0.lowercased() } ?? ""
        guard knownCharsets.contains(name) else { return nil }
        let bytes: [UInt8]?
        switch encoding {
        case "B", "b": bytes = base64(text)
        case "Q", "q": bytes = quotedPrintable(text)
        default: bytes = nil
        }
        guard let bytes else { return nil }
        return (name, bytes, i + 2)
    }

    static let knownCharsets: Set<String> = [
        "utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "iso8859-1", "latin1", "iso-8859-15", "iso8859-15",
        "windows-1252", "cp1252",
    ]

    private static func base64(_ text: [Unicode.Scalar]) -> [UInt8]? {
        var s = String(String.UnicodeScalarView(text))
        while s.count % 4 != 0 { s += "=" }
        return Data(base64Encoded: s).map { [UInt8]($0) }
    }

    private static func quotedPrintable(_ text: [Unicode.Scalar]) -> [UInt8]? {
        var bytes: [UInt8] = []
        var i = 0
        while i < text.count {
            let c = text[i]
            if c == "_" {
                bytes.append(0x20)
                i += 1
            } else if c == "=" {
                guard i + 2 < text.count, let hi = hexValue(text[i + 1]), let lo = hexValue(text[i + 2]) else { return nil }
                bytes.append(hi << 4 | lo)
                i += 3
            } else {
                bytes.append(contentsOf: Array(String(c).utf8))
                i += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ s: Unicode.Scalar) -> UInt8? {
        switch s.value {
        case 0x30...0x39: UInt8(s.value - 0x30)
        case 0x41...0x46: UInt8(s.value - 0x41 + 10)
        case 0x61...0x66: UInt8(s.value - 0x61 + 10)
        default: nil
        }
    }

    /// Bytes in a known charset as text (invalid UTF-8 becomes U+FFFD).
    static func decode(_ bytes: [UInt8], charset: String) -> String {
        switch charset {
        case "utf-8", "utf8":
            return String(decoding: bytes, as: UTF8.self)
        case "us-ascii", "ascii":
            return String(String.UnicodeScalarView(bytes.map { $0 < 0x80 ? Unicode.Scalar($0) : "\u{FFFD}" }))
        case "windows-1252", "cp1252":
            return String(data: Data(bytes), encoding: .windowsCP1252) ?? latin1(bytes)
        case "iso-8859-15", "iso8859-15":
            // Latin-9 differs from Latin-1 in eight places, the euro sign among them.
            let changes: [UInt8: Unicode.Scalar] = [0xA4: "€", 0xA6: "Š", 0xA8: "š", 0xB4: "Ž", 0xB8: "ž", 0xBC: "Œ", 0xBD: "œ", 0xBE: "Ÿ"]
            return String(String.UnicodeScalarView(bytes.map { changes[$0] ?? Unicode.Scalar($0) }))
        default:
            return latin1(bytes)
        }
    }

    private static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }
}

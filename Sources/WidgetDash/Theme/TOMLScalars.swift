/// TOML's numbers and date-times, checked against the 1.0 grammar whole-word (the parser has
/// already cut the word at the next delimiter).
enum TOMLScalars {
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// Digits of `radix` with single underscores only between digits; the digits alone, or nil.
    private static func digits(_ word: ArraySlice<UInt8>, radix: Int) -> String? {
        guard let first = word.first, let last = word.last, first != 0x5F, last != 0x5F else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(word.count)
        var previous: UInt8 = 0
        for c in word {
            if c == 0x5F {
                guard previous != 0x5F else { return nil }
            } else {
                let valid = switch radix {
                case 16: TOMLParser.isHex(c)
                case 8: c >= 0x30 && c <= 0x37
                case 2: c == 0x30 || c == 0x31
                default: isDigit(c)
                }
                guard valid else { return nil }
                out.append(c)
            }
            previous = c
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil when `word` is not an integer; `.some(nil)` when it is one too large for 64 bits.
    static func integer(_ word: ArraySlice<UInt8>) -> Int?? {
        guard !word.isEmpty else { return nil }
        // Plain digits, the common case, without building a string.
        if word.count < 19, word.allSatisfy(isDigit), word.count == 1 || word.first != 0x30 {
            return .some(word.reduce(0) { $0 * 10 + Int($1 - 0x30) })
        }
        let word = Array(word)
        if word.count > 2, word[0] == 0x30, let radix = [0x78: 16, 0x6F: 8, 0x62: 2][word[1]] {
            guard let text = digits(word[2...], radix: radix) else { return nil }
            return .some(Int(text, radix: radix))
        }
        var body = word[...]
        var sign = ""
        if let first = body.first, first == 0x2B || first == 0x2D {
            sign = first == 0x2D ? "-" : ""
            body = body.dropFirst()
        }
        guard let text = digits(body, radix: 10), !(text.count > 1 && text.hasPrefix("0")) else { return nil }
        return .some(Int(sign + text))
    }

    /// A float: `1.5`, `-2e10`, `6.02_2e+23`, with TOML's rules (digits on both sides of the
    /// point, no leading zeros, underscores only between digits); inf and nan are the caller's.
    static func float(_ word: ArraySlice<UInt8>) -> Double? {
        var body = word[...]
        var text = ""
        if let first = body.first, first == 0x2B || first == 0x2D {
            if first == 0x2D { text = "-" }
            body = body.dropFirst()
        }
        let exponentAt = body.firstIndex { $0 == 0x65 || $0 == 0x45 }
        let mantissa = body[..<(exponentAt ?? body.endIndex)]
        let pointAt = mantissa.firstIndex(of: 0x2E)
        guard let whole = digits(mantissa[..<(pointAt ?? mantissa.endIndex)], radix: 10),
              !(whole.count > 1 && whole.hasPrefix("0")) else { return nil }
        text += whole
        if let pointAt {
            guard let fraction = digits(mantissa[(pointAt + 1)...], radix: 10) else { return nil }
            text += "." + fraction
        }
        if let exponentAt {
            var exponent = body[(exponentAt + 1)...]
            text += "e"
            if let first = exponent.first, first == 0x2B || first == 0x2D {
                if first == 0x2D { text += "-" }
                exponent = exponent.dropFirst()
            }
            guard let power = digits(exponent, radix: 10) else { return nil }
            text += power
        }
        guard pointAt != nil || exponentAt != nil else { return nil }
        return Double(text)
    }

    /// `1979-05-27T07:32:00Z`, `1979-05-27 07:32:00.999-07:00`, `1979-05-27T07:32:00`,
    /// `1979-05-27` or `07:32:00`; nil when the word is none of these or names no real day or time.
    static func dateTime(_ word: ArraySlice<UInt8>) -> TOML.DateTime? {
        guard word.count >= 8 else { return nil }
        let word = Array(word)
        if word.count >= 8, word[2] == 0x3A {
            guard let time = time(word[...]), time.rest.isEmpty else { return nil }
            return TOML.DateTime(kind: .localTime, text: time.text)
        }
        guard word.count >= 10, word[4] == 0x2D, let date = date(word[..<10]) else { return nil }
        if word.count == 10 { return TOML.DateTime(kind: .localDate, text: date) }
        guard [0x54, 0x74, 0x20].contains(word[10]), let time = time(word[11...]) else { return nil }
        if time.rest.isEmpty { return TOML.DateTime(kind: .localDateTime, text: date + "T" + time.text) }
        guard let offset = offset(time.rest) else { return nil }
        return TOML.DateTime(kind: .offsetDateTime, text: date + "T" + time.text + offset)
    }

    /// A number of exactly `count` digits at the start of `word`.
    private static func number(_ word: ArraySlice<UInt8>, _ count: Int) -> Int? {
        guard word.count >= count else { return nil }
        var n = 0
        for c in word.prefix(count) {
            guard isDigit(c) else { return nil }
            n = n * 10 + Int(c - 0x30)
        }
        return n
    }

    private static func date(_ word: ArraySlice<UInt8>) -> String? {
        let s = word.startIndex
        guard let year = number(word, 4), word[s + 4] == 0x2D, let month = number(word[(s + 5)...], 2), word[s + 7] == 0x2D,
              let day = number(word[(s + 8)...], 2), (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard (1...days).contains(day) else { return nil }
        return String(decoding: word, as: UTF8.self)
    }

    /// `HH:MM:SS[.fraction]` at the start of `word`, and what follows it.
    private static func time(_ word: ArraySlice<UInt8>) -> (text: String, rest: ArraySlice<UInt8>)? {
        let s = word.startIndex
        guard word.count >= 8, let hour = number(word, 2), word[s + 2] == 0x3A, let minute = number(word[(s + 3)...], 2),
              word[s + 5] == 0x3A, let second = number(word[(s + 6)...], 2),
              hour < 24, minute < 60, second <= 60 else { return nil }
        var end = s + 8
        if end < word.endIndex, word[end] == 0x2E {
            end += 1
            let digitsStart = end
            while end < word.endIndex, isDigit(word[end]) { end += 1 }
            guard end > digitsStart else { return nil }
        }
        return (String(decoding: word[s..<end], as: UTF8.self), word[end...])
    }

    /// `Z`, `z` or `±HH:MM`, as RFC 3339 writes it.
    private static func offset(_ word: ArraySlice<UInt8>) -> String? {
        if word.count == 1, word.first == 0x5A || word.first == 0x7A { return "Z" }
        let s = word.startIndex
        guard word.count == 6, word[s] == 0x2B || word[s] == 0x2D, let hour = number(word[(s + 1)...], 2), word[s + 3] == 0x3A,
              let minute = number(word[(s + 4)...], 2), hour < 24, minute < 60 else { return nil }
        return String(decoding: word, as: UTF8.self)
    }
}

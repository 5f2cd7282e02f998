extension Canvas {
    /// Writes text starting at (x, y) on one line, clipped; returns the columns used.
    ///
    /// Zero-width clusters were already folded into their base by Swift's grapheme breaking;
    /// a stray one (a combining mark at the start of a string) is dropped.
    @discardableResult
    public mutating func write<S: StringProtocol>(_ text: S, x: Int, y: Int, style: CellStyle) -> Int {
        var cx = x
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII (most titles, labels and numbers): one cell per printable byte, without
            // making a Character of each. Control bytes (and "\r\n") have no width and are
            // skipped, as in the loop below.
            for byte in text.utf8 {
                if cx >= clip.maxX { break }
                guard byte >= 0x20, byte != 0x7F else { continue }
                put(GraphemeStorage(ascii: byte), width: 1, x: cx, y: y, style: style)
                cx += 1
            }
            return cx - x
        }
        if TextWidth.scalarsStandAlone(text) {
            // Each scalar is a Character (see LoneScalars.swift): the loop below, a scalar at a time.
            for scalar in text.unicodeScalars {
                if cx >= clip.maxX { break }
                let w = TextWidth.width(of: scalar)
                if w == 0 { continue }
                put(GraphemeStorage(scalar), width: w, x: cx, y: y, style: style)
                cx += w
            }
            return cx - x
        }
        for c in text {
            if cx >= clip.maxX { break }
            let w = TextWidth.width(of: c)
            if w == 0 { continue }
            put(c, width: w, x: cx, y: y, style: style)
            cx += w
        }
        return cx - x
    }

    /// The canvas as plain text, one string per row (wide glyphs once, continuations skipped).
    public var lines: [String] {
        (0..<height).map { line($0) }
    }

    /// Row `y` as plain text.
    public func line(_ y: Int) -> String {
        var s = ""
        s.reserveCapacity(width)
        for x in 0..<width {
            let c = cells[y * width + x]
            if c.isContinuation { continue }
            s += c.text
        }
        return s
    }
}

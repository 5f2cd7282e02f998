import Foundation

/// Lays out and draws a `Text`: wrapping, truncation, alignment, live dates, big digits, masks.
final class TextNode: LayoutNode {
    struct ResolvedPiece {
        var segment: Text.Segment
        var style: CellStyle
    }

    /// One grapheme of a text, packed as the canvas stores it: plain data, so the arrays of
    /// glyphs that wrapping copies and slices cost no reference counting.
    struct Glyph {
        var grapheme: GraphemeStorage
        var width: Int
        var style: CellStyle
        var isSpace: Bool { grapheme == .space }
    }

    private static let shade = GraphemeStorage("▒")
    private static let ellipsis = GraphemeStorage("…")

    let pieces: [ResolvedPiece]
    let lineLimit: Int?
    let alignment: TextAlignment
    let bigDigits: Bool
    let mask: CellStyle?
    let calendar: Calendar

    private var cachedNow: Date?
    private var cachedGlyphs: [[Glyph]] = []
    private var cachedIdealWidth = 0

    init(pieces: [ResolvedPiece], lineLimit: Int?, alignment: TextAlignment, bigDigits: Bool, mask: CellStyle?, calendar: Calendar) {
        self.pieces = pieces
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.bigDigits = bigDigits
        self.mask = mask
        self.calendar = calendar
    }

    /// The text's paragraphs as glyphs for this moment (live dates are formatted for `now`).
    private func paragraphs(_ context: RenderContext) -> [[Glyph]] {
        if cachedNow == context.now { return cachedGlyphs }
        var paragraphs: [[Glyph]] = []
        // The paragraph being read; room is made for a piece at once (its UTF-8 length is at
        // least its number of glyphs), not a glyph at a time.
        var paragraph: [Glyph] = []
        for piece in pieces {
            let (string, refresh) = DateText.string(for: piece.segment, now: context.now, calendar: calendar)
            if let refresh { context.refresh(at: refresh) }
            paragraph.reserveCapacity(paragraph.count + string.utf8.count)
            if appendASCII(string, style: mask ?? piece.style, to: &paragraph, paragraphs: &paragraphs) { continue }
            for c in string {
                if c == "\n" {
                    paragraphs.append(paragraph)
                    paragraph = []
                    continue
                }
                let w = TextWidth.width(of: c)
                if w == 0 { continue }
                if let mask {
                    let glyph: GraphemeStorage = c == " " ? .space : Self.shade
                    for _ in 0..<w { paragraph.append(Glyph(grapheme: glyph, width: 1, style: mask)) }
                } else {
                    paragraph.append(Glyph(grapheme: GraphemeStorage(c), width: w, style: piece.style))
                }
            }
        }
        paragraphs.append(paragraph)
        cachedNow = context.now
        cachedGlyphs = paragraphs
        var idealWidth = 0
        for paragraph in paragraphs { idealWidth = max(idealWidth, paragraph.reduce(0) { $0 + $1.width }) }
        cachedIdealWidth = idealWidth
        return paragraphs
    }

    /// Appends `string` as glyphs when it is printable ASCII and line breaks (most texts): one
    /// grapheme and one cell per byte, read from its UTF-8 in place, without breaking it into
    /// Characters. False, having appended nothing, for any other text.
    private func appendASCII(_ string: String, style: CellStyle, to paragraph: inout [Glyph], paragraphs: inout [[Glyph]]) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            for byte in bytes where !((0x20...0x7E).contains(byte) || byte == 0x0A) { return false }
            for byte in bytes {
                if byte == 0x0A {
                    paragraphs.append(paragraph)
                    paragraph = []
                    continue
                }
                let grapheme = mask == nil ? GraphemeStorage(ascii: byte) : byte == 0x20 ? .space : Self.shade
                paragraph.append(Glyph(grapheme: grapheme, width: 1, style: style))
            }
            return true
        }
    }

    private var cachedBig: (now: Date, lines: [String]?, width: Int)?
    /// Wrapped lines by width and line limit: layout offers a text several widths (a stack's
    /// minimum, maximum and share) and comes back to them, so one remembered answer was
    /// overwritten and wrapped again. A few are kept; the oldest makes room.
    private var cachedLines: [(width: Int, maxLines: Int, lines: [[Glyph]])] = []

    /// The big-digit rendering of the text and its width, when it is all digits and the font
    /// asks for it.
    private func bigLines(_ context: RenderContext) -> (lines: [String], width: Int)? {
        guard bigDigits, mask == nil else { return nil }
        if let cached = cachedBig, cached.now == context.now { return cached.lines.map { ($0, cached.width) } }
        let text = paragraphs(context).first?.map(\.grapheme.string).joined() ?? ""
        let lines = BigDigits.render(text)
        let width = lines.map { TextWidth.width(of: $0[0]) } ?? 0
        cachedBig = (context.now, lines, width)
        return lines.map { ($0, width) }
    }

    /// Wrapped lines for a width, remembered: layout asks for the same width more than once.
    private func lines(_ context: RenderContext, width: Int, maxLines: Int) -> [[Glyph]] {
        let paragraphs = paragraphs(context)
        for cached in cachedLines where cached.width == width && cached.maxLines == maxLines { return cached.lines }
        let result: [[Glyph]]
        if paragraphs.count == 1 && cachedIdealWidth <= width {
            // One line that fits: nothing to wrap.
            result = paragraphs
        } else {
            result = layoutLines(paragraphs, width: width, maxLines: maxLines)
        }
        if cachedLines.count == 4 { cachedLines.removeFirst() }
        if cachedLines.isEmpty { cachedLines.reserveCapacity(4) }
        cachedLines.append((width, maxLines, result))
        return result
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        if let (_, w) = bigLines(context) {
            // Big digits need three rows. A proposal of zero rows asks for the minimum, and the
            // minimum of a big number is its three rows; one or two rows get plain text.
            let h = proposal.height ?? 3
            if (proposal.width ?? w) >= w && (h >= 3 || h == 0) { return CellSize(width: w, height: 3) }
        }
        let paragraphs = paragraphs(context)
        let width = proposal.width ?? cachedIdealWidth
        if width <= 0 { return CellSize(width: 0, height: 1) }
        if paragraphs.count == 1 && cachedIdealWidth <= width { return CellSize(width: cachedIdealWidth, height: 1) }
        let lines = lines(context, width: width, maxLines: maxLines(proposal.height))
        var used = 0
        for line in lines { used = max(used, line.reduce(0) { $0 + $1.width }) }
        return CellSize(width: used, height: max(1, lines.count))
    }

    private func maxLines(_ height: Int?) -> Int {
        var limit = lineLimit ?? Int.max
        if let height { limit = min(limit, max(1, height)) }
        return max(1, limit)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        // An extension sends its live texts so that the host keeps them ticking.
        if context.liveTexts != nil, let live = WireLiveText(self, rect: rect, canvas: canvas) { context.liveTexts?.append(live) }
        if let (big, w) = bigLines(context), rect.height >= 3, w <= rect.width {
            let style = pieces[0].style
            let x = alignedX(lineWidth: w, in: rect)
            for (i, line) in big.enumerated() { canvas.write(line, x: x, y: rect.y + i, style: style) }
            return
        }
        for (row, line) in lines(context, width: rect.width, maxLines: maxLines(rect.height)).enumerated() {
            let lineWidth = line.reduce(0) { $0 + $1.width }
            var x = alignedX(lineWidth: lineWidth, in: rect)
            for g in line {
                canvas.put(g.grapheme, width: g.width, x: x, y: rect.y + row, style: g.style)
                x += g.width
            }
        }
    }

    private func alignedX(lineWidth: Int, in rect: CellRect) -> Int {
        switch alignment {
        case .leading: rect.x
        case .center: rect.x + max(0, rect.width - lineWidth) / 2
        case .trailing: rect.x + max(0, rect.width - lineWidth)
        }
    }

    /// Lines of at most `width` cells, at most `maxLines` of them, the last ending in "…"
    /// when text was left out.
    func layoutLines(_ paragraphs: [[Glyph]], width: Int, maxLines: Int) -> [[Glyph]] {
        var lines: [[Glyph]] = []
        // The text that did not fit, starting with the last shown line, to fill it before "…".
        var overflow: [Glyph]? = nil
        outer: for paragraph in paragraphs {
            for line in LineBreaker.wrap(paragraph, width: width, widthOf: { $0.width }, isSpace: { $0.isSpace }) {
                if lines.count == maxLines {
                    if overflow == nil { overflow = lines.removeLast() }
                    else { break outer }
                }
                if var rest = overflow {
                    // Lines were broken at a space that wrapping dropped; put one back.
                    rest.append(Glyph(grapheme: .space, width: 1, style: line.first?.style ?? .plain))
                    rest += line
                    overflow = rest
                    // Enough to fill the last line: the rest is cut anyway, and gathering it
                    // all made a long text (a 5 MB name) quadratic.
                    if rest.reduce(0, { $0 + $1.width }) >= width { break outer }
                } else {
                    lines.append(line)
                }
            }
            if overflow != nil { break }
        }
        if var last = overflow {
            // As SwiftUI truncates: as much as fits, then "…".
            let style = last.last?.style ?? pieces.first?.style ?? .plain
            var kept: [Glyph] = []
            var used = 0
            for g in last {
                if used + g.width > width - 1 { break }
                kept.append(g)
                used += g.width
            }
            while kept.last?.isSpace == true { kept.removeLast() }
            last = kept
            last.append(Glyph(grapheme: Self.ellipsis, width: 1, style: style))
            lines.append(last)
        }
        return lines
    }
}

/// Breaks a run of glyphs into lines: at spaces where it can, between wide (CJK) characters
/// where it must, and inside a word only when the word alone is wider than a line.
package enum LineBreaker {
    package static func wrap<G>(_ glyphs: [G], width: Int, widthOf: (G) -> Int, isSpace: (G) -> Bool) -> [[G]] {
        guard width > 0 else { return [] }
        // The line being filled is always a run of the input, `start..<end`, so it is kept as
        // indices and copied out once when it is done: appending glyph by glyph to a fresh array
        // reallocated it several times per line, which was most of the cost of wrapping.
        var lines: [[G]] = []
        var start = 0
        var end = 0
        var used = 0
        // The index in `glyphs` where a break may happen (the line ends before it).
        var breakAt: Int? = nil
        /// The run `from..<to` without its trailing spaces.
        func trimmed(_ from: Int, _ to: Int) -> [G] {
            var last = to
            while last > from, isSpace(glyphs[last - 1]) { last -= 1 }
            return Array(glyphs[from..<last])
        }
        for i in glyphs.indices {
            let g = glyphs[i]
            let w = widthOf(g)
            if used + w > width {
                if isSpace(g) {
                    lines.append(trimmed(start, end))
                    start = i + 1; end = i + 1; used = 0; breakAt = nil
                    continue
                }
                if let b = breakAt, b > start {
                    lines.append(trimmed(start, b))
                    start = b
                    while start < end, isSpace(glyphs[start]) { start += 1 }
                } else {
                    lines.append(Array(glyphs[start..<end]))
                    start = end
                }
                used = 0
                for k in start..<end { used += widthOf(glyphs[k]) }
                breakAt = nil
            }
            if w == 2, end > start { breakAt = end }
            end = i + 1
            used += w
            if isSpace(g) || w == 2 { breakAt = end }
        }
        lines.append(trimmed(start, end))
        return lines
    }
}

/// Formats the live and static date styles, and says when the shown value next changes.
enum DateText {
    static func string(for segment: Text.Segment, now: Date, calendar: Calendar) -> (String, Date?) {
        switch segment {
        case .verbatim(let s):
            return (s, nil)
        case .date(let date, let style):
            return format(date, style: style, now: now, calendar: calendar)
        case .live(.currentTime(let showsSeconds)):
            let c = calendar.dateComponents([.hour, .minute, .second], from: now)
            let hm = pad2(c.hour ?? 0) + ":" + pad2(c.minute ?? 0)
            // Seconds and minutes start on whole seconds of the epoch in every zone in use.
            let epoch = Date(timeIntervalSince1970: 0)
            if showsSeconds { return (hm + ":" + pad2(c.second ?? 0), nextSecond(after: now, reference: epoch)) }
            return (hm, nextMinute(after: now, reference: epoch))
        case .live(.currentDate):
            return (format(now, style: .date, now: now, calendar: calendar).0,
                    nextMinute(after: now, reference: Date(timeIntervalSince1970: 0)))
        case .timerInterval(let range, let countsDown, let pauseTime, let showsHours):
            let at = pauseTime ?? now
            let total = range.upperBound.timeIntervalSince(range.lowerBound)
            let elapsed = min(max(0, at.timeIntervalSince(range.lowerBound)), total)
            let shown = countsDown ? (total - elapsed).rounded(.up) : elapsed.rounded(.down)
            var refresh: Date? = nil
            if pauseTime == nil {
                if now < range.lowerBound { refresh = range.lowerBound }
                else if now < range.upperBound { refresh = nextSecond(after: now, reference: range.lowerBound) }
            }
            return (clock(seconds: Int(shown), showsHours: showsHours), refresh)
        }
    }

    static func format(_ date: Date, style: Text.DateStyle, now: Date, calendar: Calendar) -> (String, Date?) {
        switch style {
        case .time:
            let c = calendar.dateComponents([.hour, .minute], from: date)
            return (pad2(c.hour ?? 0) + ":" + pad2(c.minute ?? 0), nil)
        case .date:
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let month = monthNames[((c.month ?? 1) - 1 + 12) % 12]
            return ("\(month) \(c.day ?? 1), \(c.year ?? 2000)", nil)
        case .relative, .offset:
            let delta = date.timeIntervalSince(now)
            let magnitude = Int(abs(delta).rounded(.down))
            let (text, secondPrecision) = duration(magnitude)
            let refresh = secondPrecision
                ? nextSecond(after: now, reference: date)
                : nextMinute(after: now, reference: date)
            if style == .relative { return (text, refresh) }
            return ((delta >= 0 ? "+" : "-") + text, refresh)
        case .timer:
            let delta = now.timeIntervalSince(date)
            let shown = delta < 0 ? (-delta).rounded(.up) : delta.rounded(.down)
            return (clock(seconds: Int(shown), showsHours: true), nextSecond(after: now, reference: date))
        }
    }

    /// "11 min, 14 sec", "2 hr, 5 min", "3 days, 4 hr"; and whether seconds are shown.
    static func duration(_ seconds: Int) -> (String, Bool) {
        if seconds < 60 { return ("\(seconds) sec", true) }
        if seconds < 3600 {
            let s = seconds % 60
            return (s == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min, \(s) sec", true)
        }
        if seconds < 86_400 {
            let m = (seconds % 3600) / 60
            return (m == 0 ? "\(seconds / 3600) hr" : "\(seconds / 3600) hr, \(m) min", false)
        }
        let d = seconds / 86_400
        let h = (seconds % 86_400) / 3600
        let days = d == 1 ? "1 day" : "\(d) days"
        return (h == 0 ? days : "\(days), \(h) hr", false)
    }

    /// "4:05" or "1:04:05".
    static func clock(seconds: Int, showsHours: Bool) -> String {
        let h = seconds / 3600, m = (seconds % 3600) / 60, s = seconds % 60
        if h > 0 && showsHours { return "\(h):\(pad2(m)):\(pad2(s))" }
        return "\(showsHours ? m : seconds / 60):\(pad2(s))"
    }

    /// The next moment after `now` that is a whole number of seconds from `reference`.
    static func nextSecond(after now: Date, reference: Date) -> Date {
        let d = now.timeIntervalSince(reference)
        return reference.addingTimeInterval(d.rounded(.down) + 1)
    }

    static func nextMinute(after now: Date, reference: Date) -> Date {
        let d = now.timeIntervalSince(reference)
        return reference.addingTimeInterval((d / 60).rounded(.down) * 60 + 60)
    }

    static func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

/// Three-row digits drawn with box-drawing characters, for `.largeTitle` numbers.
enum BigDigits {
    static let glyphs: [Character: [String]] = [
        "0": ["┌─┐", "│ │", "└─┘"],
        "1": [" ╷ ", " │ ", " ╵ "],
        "2": ["╶─┐", "┌─┘", "└─╴"],
        "3": ["╶─┐", " ─┤", "╶─┘"],
        "4": ["╷ ╷", "└─┤", "  ╵"],
        "5": ["┌─╴", "└─┐", "╶─┘"],
        "6": ["┌─╴", "├─┐", "└─┘"],
        "7": ["╶─┐", "  │", "  ╵"],
        "8": ["┌─┐", "├─┤", "└─┘"],
        "9": ["┌─┐", "└─┤", "╶─┘"],
        ":": [" ", ":", " "],
        ".": [" ", " ", "."],
        "-": ["   ", "╶─╴", "   "],
        " ": [" ", " ", " "],
        "°": ["°", " ", " "],
    ]

    /// The three lines of `text` in big digits, or nil when a character has no big form.
    static func render(_ text: String) -> [String]? {
        guard !text.isEmpty, text.contains(where: \.isNumber) else { return nil }
        var rows = ["", "", ""]
        for (i, c) in text.enumerated() {
            guard let g = glyphs[c] else { return nil }
            // Digits get a one-column gap between them; punctuation sits tight.
            let gap = i > 0 && c.isNumber && text[text.index(text.startIndex, offsetBy: i - 1)].isNumber ? " " : ""
            for r in 0..<3 { rows[r] += gap + g[r] }
        }
        return rows
    }
}

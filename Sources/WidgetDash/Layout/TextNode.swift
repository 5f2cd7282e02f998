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

    let pieces: PieceList<ResolvedPiece>
    let lineLimit: Int?
    let alignment: TextAlignment
    let bigDigits: Bool
    let mask: CellStyle?
    /// The calendar dates are computed in, before ``timeZone`` is applied.
    private let baseCalendar: Calendar
    /// The time zone dates are shown in; nil when ``baseCalendar`` already has it.
    private let timeZone: TimeZone?

    /// The calendar, in its time zone, that the text's dates are computed in. Made when a date
    /// is shown rather than for every text: setting a calendar's zone copies the calendar.
    var calendar: Calendar {
        guard let timeZone else { return baseCalendar }
        var zoned = baseCalendar
        zoned.timeZone = timeZone
        return zoned
    }

    private var cachedNow: Date?
    private var cachedGlyphs: [[Glyph]] = []
    private var cachedIdealWidth = 0
    /// When the text drawn at ``cachedNow`` changes by itself (a timer's next second).
    private var cachedRefresh: Date?

    /// The text when it is one unmasked verbatim piece of printable ASCII on one line (most
    /// labels and numbers), else nil. Such a text is one glyph and one cell per byte, so its
    /// width is its length: it is measured, and drawn when it fits, from the string itself,
    /// without building the glyph arrays that `paragraphs` makes (two arrays for every text of
    /// every frame). Wrapping it still goes through `paragraphs`, which gives the same glyphs.
    private let plainLine: String?

    init(pieces: PieceList<ResolvedPiece>, lineLimit: Int?, alignment: TextAlignment, bigDigits: Bool, mask: CellStyle?,
         calendar: Calendar, timeZone: TimeZone? = nil) {
        self.pieces = pieces
        self.lineLimit = lineLimit
        self.alignment = alignment
        self.bigDigits = bigDigits
        self.mask = mask
        self.baseCalendar = calendar
        self.timeZone = timeZone
        if mask == nil, pieces.count == 1, case .verbatim(let string) = pieces[0].segment, Self.isPrintableASCII(string) {
            plainLine = string
        } else {
            plainLine = nil
        }
        super.init()
        answersQuickly = plainLine != nil && !bigDigits
        // The height reaches the answer only through the lines allowed (`maxLines`), at most
        // one here whatever the height, and big digits (three rows or one) are not drawn: a
        // row of such texts in a column is then measured once per width, not once per probe.
        ignoresProposedHeight = (lineLimit.map { $0 <= 1 } ?? false) && !bigDigits
    }

    /// A plain line's answer when it fits (as ``measure(_:_:)`` gives it); nil when it must wrap.
    override func quickSize(_ proposal: ProposedSize) -> CellSize? {
        guard let plainLine else { return nil }
        let ideal = plainLine.utf8.count
        let width = proposal.width ?? ideal
        if width <= 0 { return CellSize(width: 0, height: 1) }
        return ideal <= width ? CellSize(width: ideal, height: 1) : nil
    }

    /// True when every byte of `string` is printable ASCII (read in place where the string's
    /// bytes are contiguous: the UTF-8 view's iterator costs several times as much per byte).
    private static func isPrintableASCII(_ string: String) -> Bool {
        func check(_ bytes: some Sequence<UInt8>) -> Bool { bytes.allSatisfy { (0x20...0x7E).contains($0) } }
        return string.utf8.withContiguousStorageIfAvailable { check($0) } ?? check(string.utf8)
    }

    /// The text's paragraphs as glyphs for this moment (live dates are formatted for `now`).
    private func paragraphs(_ context: RenderContext) -> [[Glyph]] {
        updateGlyphs(context)
        return cachedGlyphs
    }

    /// Makes ``cachedGlyphs`` the paragraphs for `context.now`, and reports when they change by
    /// themselves; glyphs already made for this moment are kept, and their refresh reported
    /// again (a kept tree's next pass at the same moment must learn it too).
    @inline(__always)
    private func updateGlyphs(_ context: RenderContext) {
        if cachedNow == context.now {
            if let cachedRefresh { context.refresh(at: cachedRefresh) }
            return
        }
        makeGlyphs(context)
    }

    /// Makes the paragraphs' glyphs for `context.now` (see ``updateGlyphs(_:)``).
    private func makeGlyphs(_ context: RenderContext) {
        cachedRefresh = nil
        // Lines wrapped for another moment may be wider or narrower than this one's.
        cachedLines.removeAll(keepingCapacity: true)
        var paragraphs: [[Glyph]] = []
        // The paragraph being read; room is made for a piece at once (its UTF-8 length is at
        // least its number of glyphs), not a glyph at a time.
        var paragraph: [Glyph] = []
        // The zoned calendar, made at the first date shown.
        var zoned: Calendar? = nil
        for piece in pieces {
            let string: String
            if case .verbatim(let verbatim) = piece.segment {
                string = verbatim
            } else {
                let calendar = zoned ?? self.calendar
                zoned = calendar
                let refresh: Date?
                (string, refresh) = DateText.string(for: piece.segment, now: context.now, calendar: calendar)
                if let refresh {
                    context.refresh(at: refresh)
                    cachedRefresh = min(cachedRefresh ?? refresh, refresh)
                }
            }
            paragraph.reserveCapacity(paragraph.count + string.utf8.count)
            if appendASCII(string, style: mask ?? piece.style, to: &paragraph, paragraphs: &paragraphs) { continue }
            if TextWidth.scalarsStandAlone(string, newlines: true) {
                // Each scalar is a Character (see LoneScalars.swift): the loop below, a scalar at a time.
                for scalar in string.unicodeScalars {
                    if scalar == "\n" {
                        paragraphs.append(paragraph)
                        paragraph = []
                        continue
                    }
                    append(GraphemeStorage(scalar), width: TextWidth.width(of: scalar), isSpace: scalar == " ", style: piece.style, to: &paragraph)
                }
                continue
            }
            for c in string {
                if c == "\n" {
                    paragraphs.append(paragraph)
                    paragraph = []
                    continue
                }
                append(GraphemeStorage(c), width: TextWidth.width(of: c), isSpace: c == " ", style: piece.style, to: &paragraph)
            }
        }
        paragraphs.append(paragraph)
        cachedNow = context.now
        cachedGlyphs = paragraphs
        var idealWidth = 0
        for paragraph in paragraphs { idealWidth = max(idealWidth, paragraph.reduce(0) { $0 + $1.width }) }
        cachedIdealWidth = idealWidth
    }

    /// Appends one cluster of `width` cells in `style`, or the mask's shade over as many cells
    /// (a space stays a space); a cluster of no width is left out.
    @inline(__always)
    private func append(_ grapheme: @autoclosure () -> GraphemeStorage, width w: Int, isSpace: @autoclosure () -> Bool, style: CellStyle, to paragraph: inout [Glyph]) {
        if w == 0 { return }
        if let mask {
            let glyph: GraphemeStorage = isSpace() ? .space : Self.shade
            for _ in 0..<w { paragraph.append(Glyph(grapheme: glyph, width: 1, style: mask)) }
        } else {
            paragraph.append(Glyph(grapheme: grapheme(), width: w, style: style))
        }
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
        if let cached = cachedBig, cached.now == context.now {
            updateGlyphs(context)
            return cached.lines.map { ($0, cached.width) }
        }
        let text = paragraphs(context).first?.map(\.grapheme.string).joined() ?? ""
        let lines = BigDigits.render(text)
        let width = lines.map { TextWidth.width(of: $0[0]) } ?? 0
        cachedBig = (context.now, lines, width)
        return lines.map { ($0, width) }
    }

    /// Wrapped lines for a width, remembered: layout asks for the same width more than once.
    private func lines(_ context: RenderContext, width: Int, maxLines: Int) -> [[Glyph]] {
        let paragraphs = paragraphs(context)
        // One line that fits: nothing to wrap, and nothing worth remembering (the test is as
        // cheap as a lookup, and remembering it cost most texts an allocation).
        if paragraphs.count == 1 && cachedIdealWidth <= width { return paragraphs }
        for cached in cachedLines where cached.width == width && cached.maxLines == maxLines { return cached.lines }
        let result = Self.unwrappedLines(paragraphs, width: width, maxLines: maxLines)
            ?? layoutLines(paragraphs, width: width, maxLines: maxLines)
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
        if let plainLine {
            // As below, with the line's length for its ideal width.
            let ideal = plainLine.utf8.count
            let width = proposal.width ?? ideal
            if width <= 0 { return CellSize(width: 0, height: 1) }
            if ideal <= width { return CellSize(width: ideal, height: 1) }
        }
        // The glyphs are built once per moment, and only their count is read here: the common
        // answer (one line that fits) then copies and releases no array.
        updateGlyphs(context)
        let width = proposal.width ?? cachedIdealWidth
        if width <= 0 { return CellSize(width: 0, height: 1) }
        if cachedGlyphs.count == 1 && cachedIdealWidth <= width { return CellSize(width: cachedIdealWidth, height: 1) }
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
        if var plainLine, plainLine.utf8.count <= rect.width {
            // The one line `lines` would give, drawn from the string's bytes.
            let style = pieces[0].style
            let x = alignedX(lineWidth: plainLine.utf8.count, in: rect)
            plainLine.withUTF8 { bytes in
                // Printable ASCII: one column a byte, no control character.
                canvas.writeRun(columns: x..<(x + bytes.count), y: rect.y) { column in
                    Cell(glyph: GraphemeStorage(ascii: bytes[column - x]), width: 1, style: style)
                }
            }
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

    /// What ``layoutLines(_:width:maxLines:)`` makes of paragraphs that each fit in `width`,
    /// no more than `maxLines` of them (a sparkline's rows): each paragraph is one line, without
    /// its trailing spaces, as `LineBreaker` leaves a line that fits. Nil for any other text.
    /// Nothing is copied but a line that had trailing spaces.
    static func unwrappedLines(_ paragraphs: [[Glyph]], width: Int, maxLines: Int) -> [[Glyph]]? {
        guard width > 0, paragraphs.count <= maxLines else { return nil }
        var lines = paragraphs
        for i in paragraphs.indices {
            let paragraph = paragraphs[i]
            var used = 0
            for glyph in paragraph { used += glyph.width }
            if used > width { return nil }
            var end = paragraph.count
            while end > 0, paragraph[end - 1].isSpace { end -= 1 }
            if end < paragraph.count { lines[i] = Array(paragraph[..<end]) }
        }
        return lines
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

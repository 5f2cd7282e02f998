import Synchronization

/// One cell of a canvas: a grapheme cluster, the columns it covers, and its style.
///
/// A wide glyph (CJK, emoji) sits in its first cell with `width == 2`; the cell to its right
/// is a continuation with `width == 0` and empty text, so every row always spans exactly the
/// canvas's columns.
public struct Cell: Hashable, Sendable {
    /// The grapheme, packed so that a cell is plain data: copying a canvas is a memory copy, with
    /// no reference counting. See ``GraphemeStorage``.
    var glyph: GraphemeStorage
    public var width: UInt8
    public var style: CellStyle

    public init(text: String, width: UInt8 = 1, style: CellStyle = .plain) {
        self.glyph = GraphemeStorage(text)
        self.width = width
        self.style = style
    }

    init(glyph: GraphemeStorage, width: UInt8, style: CellStyle) {
        self.glyph = glyph
        self.width = width
        self.style = style
    }

    /// The grapheme cluster drawn in this cell ("" for a continuation).
    public var text: String {
        get { glyph.string }
        set { glyph = GraphemeStorage(newValue) }
    }

    /// A space in the given style.
    public static func blank(_ style: CellStyle = .plain) -> Cell { Cell(glyph: .space, width: 1, style: style) }

    /// True for the right half of a wide glyph.
    public var isContinuation: Bool { width == 0 }

    /// True for one ASCII character or none: nothing a terminal could cluster (the drawing's
    /// fast path, without making a string).
    package var isASCII: Bool { glyph.raw < 0x80 }
}

/// A grapheme cluster in eight bytes: its UTF-8 inline when it fits (almost every grapheme,
/// flags and skin tones included), else the index of an interned string.
///
/// Inline bytes never contain 0 (NUL is a control character and never reaches a cell), so the
/// unused bytes are zero. Interned entries set the top byte to 0xFF, a byte UTF-8 never uses
/// (the top *bit* alone would not do: the last byte of an eight-byte cluster, such as a flag,
/// is a continuation byte with that bit set). The table only grows, and only with distinct
/// long clusters (ZWJ emoji sequences), so it stays small.
struct GraphemeStorage: Hashable, Sendable {
    let raw: UInt64

    static let space = GraphemeStorage(raw: 0x20)
    static let empty = GraphemeStorage(raw: 0)

    /// A printable ASCII character (0x20–0x7E), stored as its byte.
    init(ascii byte: UInt8) { self.init(raw: UInt64(byte)) }
    private static let internedTag: UInt64 = 0xFF << 56

    private init(raw: UInt64) { self.raw = raw }

    /// A cluster's UTF-8 bytes (at most eight, none zero), packed from the lowest byte up.
    init(packed raw: UInt64) { self.init(raw: raw) }

    init(_ string: String) {
        // `withUTF8` reads a small string's bytes in place (no copy, no iterator): the canvas
        // packs a grapheme for every cell it writes.
        var utf8 = string
        let packed: UInt64? = utf8.withUTF8 { bytes in
            guard bytes.count <= 8 else { return nil }
            var raw: UInt64 = 0
            for i in 0..<bytes.count { raw |= UInt64(bytes[i]) << (8 * UInt64(i)) }
            return raw
        }
        if let packed {
            self.init(raw: packed)
        } else {
            self.init(raw: Self.internedTag | UInt64(GraphemeTable.shared.intern(string)))
        }
    }

    init(_ character: Character) {
        self.init(String(character))
        // "\r\n" is one Character whose `asciiValue` is "\n", and was stored as "\n".
        if raw == 0x0A0D { self = GraphemeStorage(raw: 0x0A) }
    }

    /// True when the cluster starts with a C0 or C1 control character or DEL.
    ///
    /// Inline storage holds the UTF-8 bytes from the lowest byte up: C0 controls and DEL are
    /// one byte, C1 controls (U+0080–U+009F) are 0xC2 followed by 0x80–0x9F.
    var startsWithControl: Bool {
        if isInterned {
            guard let scalar = string.unicodeScalars.first else { return false }
            return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        }
        let first = raw & 0xFF
        if first < 0x20 || first == 0x7F { return true }
        return first == 0xC2 && (0x80...0x9F).contains((raw >> 8) & 0xFF)
    }

    private var isInterned: Bool { raw & Self.internedTag == Self.internedTag }

    var string: String {
        if isInterned { return GraphemeTable.shared.string(Int(raw & ~Self.internedTag)) }
        if raw < 0x80 { return raw == 0 ? "" : String(UnicodeScalar(UInt8(raw))) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(8)
        var v = raw
        while v != 0 { bytes.append(UInt8(v & 0xFF)); v >>= 8 }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Long grapheme clusters, interned for ``GraphemeStorage``.
final class GraphemeTable: Sendable {
    static let shared = GraphemeTable()
    private let state = Mutex<(strings: [String], index: [String: Int])>(([], [:]))

    func intern(_ s: String) -> Int {
        state.withLock { st in
            if let i = st.index[s] { return i }
            st.strings.append(s)
            st.index[s] = st.strings.count - 1
            return st.strings.count - 1
        }
    }

    func string(_ i: Int) -> String {
        state.withLock { st in i < st.strings.count ? st.strings[i] : "\u{FFFD}" }
    }
}

/// A grid of cells that views render into and screens are composed of.
///
/// Every write is clipped to ``clip`` (the whole canvas unless narrowed with
/// ``withClip(_:_:)``), so a view can never draw outside the frame it was given. A wide glyph
/// that would straddle the right edge of the clip is replaced by a blank: half a glyph is
/// never drawn.
public struct Canvas: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// The rectangle writes are limited to; always kept within ``bounds``.
    public var clip: CellRect {
        // A clip reaching past the canvas would let a wide glyph land in the last column
        // without room for its continuation, and `fill`/`restyle` index past the cells.
        didSet { clip = clip.intersection(bounds) }
    }

    public init(width: Int, height: Int, fill: Cell = .blank()) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Self.filled(with: fill, count: self.width * self.height)
        self.clip = CellRect(x: 0, y: 0, width: self.width, height: self.height)
    }

    /// `count` copies of `cell`, made by copying the cells already made onto the next ones
    /// (a memory copy of twice as many each time, up to 128 cells, 3 KB, a copy: glibc copies
    /// larger blocks with `rep movsb`, which callgrind counts a byte at a time): a cell is plain
    /// data, and filling one at a time cost about ten instructions a cell for every panel and
    /// every frame of a dashboard.
    private static func filled(with cell: Cell, count: Int) -> [Cell] {
        guard count > 0 else { return [] }
        return Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let first = buffer.baseAddress else { return }
            first.initialize(to: cell)
            var done = 1
            while done < count {
                let more = min(done, count - done, 128)
                (first + done).initialize(from: first, count: more)
                done += more
            }
            initialized = count
        }
    }

    public init(size: CellSize, fill: Cell = .blank()) {
        self.init(width: size.width, height: size.height, fill: fill)
    }

    public var size: CellSize { CellSize(width: width, height: height) }
    public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
    }

    /// Runs `body` with writes limited to `rect` (within the current clip), then restores the clip.
    @discardableResult
    public mutating func withClip<R>(_ rect: CellRect, _ body: (inout Canvas) throws -> R) rethrows -> R {
        let saved = clip
        clip = clip.intersection(rect)
        defer { clip = saved }
        return try body(&self)
    }

    /// Writes one grapheme cluster at (x, y); returns the columns it advanced (its width).
    ///
    /// Writing over either half of an existing wide glyph blanks the other half, so no
    /// orphaned half-glyph is ever left behind.
    @discardableResult
    public mutating func put(_ character: Character, width w: Int, x: Int, y: Int, style: CellStyle) -> Int {
        guard y >= clip.y, y < clip.maxY, x < clip.maxX, x + max(w, 1) > clip.x else { return w }
        return put(GraphemeStorage(character), width: w, x: x, y: y, style: style)
    }

    /// Writes one packed grapheme cluster at (x, y), as `put(_:width:x:y:style:)` does.
    @discardableResult
    mutating func put(_ glyph: GraphemeStorage, width w: Int, x: Int, y: Int, style: CellStyle) -> Int {
        guard y >= clip.y, y < clip.maxY, x < clip.maxX, x + max(w, 1) > clip.x else { return w }
        if w == 2 {
            if x < clip.x || x + 1 >= clip.maxX {
                // The glyph straddles the clip edge: fill the visible half with a blank.
                let visible = x < clip.x ? x + 1 : x
                setCell(x: visible, y: y, Cell(text: " ", width: 1, style: style))
                return 2
            }
            setCell(x: x, y: y, Cell(glyph: glyph, width: 2, style: style))
            setCell(x: x + 1, y: y, Cell(glyph: .empty, width: 0, style: style))
            return 2
        }
        if w <= 0 { return 0 }
        // Last line of defence: a control character never reaches a cell.
        if glyph.startsWithControl {
            setCell(x: x, y: y, Cell(text: "\u{FFFD}", width: 1, style: style))
            return 1
        }
        setCell(x: x, y: y, Cell(glyph: glyph, width: 1, style: style))
        return 1
    }

    /// Paints every cell of `rect` (within the clip) as a blank in `style`.
    public mutating func fill(_ rect: CellRect, style: CellStyle) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { setCell(x: x, y: y, .blank(style)) }
        }
    }

    /// Changes only the background of the cells in `rect`, keeping their text.
    public mutating func paintBackground(_ rect: CellRect, _ color: TerminalColor) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * width + x].style.background = color }
        }
    }

    /// Applies `transform` to the style of every cell in `rect`.
    public mutating func restyle(_ rect: CellRect, _ transform: (inout CellStyle) -> Void) {
        let r = rect.intersection(clip)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { transform(&cells[y * width + x].style) }
        }
    }

    /// Copies `other` onto this canvas with its top-left corner at `origin`, clipped.
    public mutating func draw(_ other: Canvas, at origin: CellPoint) {
        let target = CellRect(origin: origin, size: other.size).intersection(clip)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            // The index in `other.cells` of column `x` on this row is `sourceRow + x`; here it is
            // `targetRow + x`.
            let sourceRow = (y - origin.y) * other.width - origin.x
            let targetRow = y * width
            var x = copyNarrowCells(from: other, sourceRow: sourceRow, targetRow: targetRow, columns: target.x..<target.maxX)
            while x < target.maxX {
                let cell = other.cells[sourceRow + x]
                let old = cells[targetRow + x]
                if cell.width == 1 && old.width == 1 {
                    // Neither is half of a wide glyph (nearly every cell): what `setCell` does
                    // comes down to the transparent background.
                    var new = cell
                    if new.style.background.isDefault { new.style.background = old.style.background }
                    cells[targetRow + x] = new
                    x += 1
                    continue
                }
                if cell.isContinuation {
                    // A lead cell skips its continuation, so reaching one here means its left
                    // half was clipped away (or is missing): show a blank, not half a glyph.
                    setCell(x: x, y: y, .blank(cell.style))
                    x += 1
                    continue
                }
                if cell.width == 2 && x + 1 >= target.maxX {
                    setCell(x: x, y: y, .blank(cell.style))
                    x += 1
                    continue
                }
                setCell(x: x, y: y, cell)
                if cell.width == 2 { setCell(x: x + 1, y: y, other.cells[sourceRow + x + 1]) }
                x += max(1, Int(cell.width))
            }
        }
    }

    /// Copies the cells of one row of `other` (the column `x` there is `sourceRow + x`) onto the
    /// row at `targetRow + x` here, from the first of `columns` for as long as neither side is
    /// half of a wide glyph, and returns the first column it did not copy (the end of `columns`
    /// when it copied them all). It is `draw`'s per-cell rule for two narrow cells (a default
    /// background is transparent), done over raw buffers in one pass: a panel's rows are nearly
    /// always narrow, and the per-cell path paid bounds and uniqueness checks on every cell of the
    /// screen. `draw` goes on from the column returned with the same rules, cell by cell.
    private mutating func copyNarrowCells(from other: Canvas, sourceRow: Int, targetRow: Int, columns: Range<Int>) -> Int {
        other.cells.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { target in
                guard let from = source.baseAddress, let to = target.baseAddress else { return columns.lowerBound }
                var x = columns.lowerBound
                while x < columns.upperBound {
                    // A run of narrow cells over narrow cells with a background of their own is
                    // copied as it is, in one block: the rule below leaves such a cell unchanged,
                    // and a panel's cells nearly all have its background.
                    var end = x
                    while end < columns.upperBound, source[sourceRow + end].width == 1, target[targetRow + end].width == 1,
                          !source[sourceRow + end].style.background.isDefault {
                        end += 1
                    }
                    if end > x {
                        (to + targetRow + x).update(from: from + sourceRow + x, count: end - x)
                        x = end
                        continue
                    }
                    var new = source[sourceRow + x]
                    let old = target[targetRow + x]
                    guard new.width == 1, old.width == 1 else { return x }
                    if new.style.background.isDefault { new.style.background = old.style.background }
                    target[targetRow + x] = new
                    x += 1
                }
                return x
            }
        }
    }

    private mutating func setCell(x: Int, y: Int, _ newCell: Cell) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        let i = y * width + x
        let width = width
        // Over the raw buffer: one uniqueness check per cell written, not one per access (text,
        // boxes and bars write thousands of cells a frame). `i` is in range by the guard, `i + 1`
        // only when `x + 1 < width`, `i - 1` only when `x > 0`.
        cells.withUnsafeMutableBufferPointer { cells in Self.write(newCell, at: i, x: x, width: width, in: cells) }
    }

    /// Writes `newCell` at index `i` (column `x` of a row `width` long) of `cells`: what
    /// `setCell` does once the position is checked, shared with the run writers.
    @inline(__always)
    static func write(_ newCell: Cell, at i: Int, x: Int, width: Int, in cells: UnsafeMutableBufferPointer<Cell>) {
        let old = cells[i]
        var cell = newCell
        // The default background is transparent: text drawn over a panel keeps its color.
        if cell.style.background.isDefault { cell.style.background = old.style.background }
        // Overwriting half of a wide glyph: blank its other half.
        if old.width == 2, cell.width != 2, x + 1 < width, cells[i + 1].isContinuation {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
        // Not when writing a continuation: its new left half was just written by the caller,
        // and blanking it would erase a wide glyph redrawn where one already was.
        if old.isContinuation, !cell.isContinuation, x > 0, cells[i - 1].width == 2 {
            cells[i - 1] = .blank(cells[i - 1].style)
        }
        cells[i] = cell
    }

    /// Writes one-column cells in `columns` of row `y`, clipped, with `cell(x)` giving each: what
    /// `put(_:width:x:y:style:)` of each in turn does, in one pass over the buffer (a panel's
    /// frame, a divider and a line of text wrote thousands of cells a frame one call each).
    /// `cell` must give a cell one column wide whose glyph is no control character.
    mutating func writeRun(columns: Range<Int>, y: Int, _ cell: (Int) -> Cell) {
        guard y >= max(clip.y, 0), y < min(clip.maxY, height) else { return }
        let lo = max(columns.lowerBound, clip.x, 0), hi = min(columns.upperBound, clip.maxX, width)
        guard lo < hi else { return }
        let width = width
        let row = y * width
        cells.withUnsafeMutableBufferPointer { cells in
            for x in lo..<hi { Self.write(cell(x), at: row + x, x: x, width: width, in: cells) }
        }
    }
}

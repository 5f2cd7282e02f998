import CNcursesw
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Drawing: canvases become ncurses cells, only where they changed.
extension Terminal {
    // MARK: - Drawing

    /// Shows `canvas`, writing only the cells that differ from the previous one.
    ///
    /// A change of size, a resize or a continue after suspend repaints every cell. The canvas
    /// is clipped to the screen if their sizes disagree.
    public func draw(_ canvas: Canvas) {
        guard started, let window = wd_stdscr() else { return }
        if !drawCells(canvas, window: window, allowPairRecycling: true) {
            // The pair table was recycled mid-frame, so cells drawn earlier this frame may now
            // point at re-initialized pairs: repaint them all, without recycling again.
            needsFullRepaint = true
            _ = drawCells(canvas, window: window, allowPairRecycling: false)
        }
        if needsClear, let current = wd_curscr() {
            clearok(current, true)
            needsClear = false
        }
        wnoutrefresh(window)
        doupdate()
        if graphemeDrawing == .clusters { writeWholeClusters(canvas) }
        previous = canvas
        needsFullRepaint = false
    }

    /// Writes the changed cells; false if the color pairs had to be recycled.
    func drawCells(_ canvas: Canvas, window: UnsafeMutablePointer<WINDOW>, allowPairRecycling: Bool) -> Bool {
        let rows = min(canvas.height, Int(wd_lines()))
        let cols = min(canvas.width, Int(wd_cols()))
        let full = needsFullRepaint || previous?.size != canvas.size
        let old = full ? nil : previous
        if full { werase(window) }
        var recycled = false
        rowsWritten.removeAll(keepingCapacity: true)
        for y in 0..<max(0, rows) {
            // Rows ncurses may rewrite this frame: cluster mode writes their clusters again.
            var wrote = false
            defer { if wrote { rowsWritten.append(y) } }
            var x = 0
            while x < cols {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    // Only reached when the wide glyph's left half lies off screen or was
                    // skipped; a lone continuation shows as a blank.
                    if x == 0 || canvas[x - 1, y].width != 2 {
                        if old?[x, y] != cell {
                            recycled = put(.blank(cell.style), x: x, y: y, in: window, allowPairRecycling) || recycled
                            wrote = true
                        }
                    }
                    x += 1
                    continue
                }
                let span = cell.width == 2 ? 2 : 1
                if let old, old[x, y] == cell, span == 1 || old[x + 1, y] == canvas[x + 1, y] {
                    x += span
                    continue
                }
                if span == 2 && x + 1 >= cols {
                    // Cut by the screen's right edge: never half a glyph.
                    recycled = put(.blank(cell.style), x: x, y: y, in: window, allowPairRecycling) || recycled
                } else {
                    recycled = put(cell, x: x, y: y, in: window, allowPairRecycling) || recycled
                }
                wrote = true
                x += span
            }
        }
        return !recycled
    }

    /// Writes one cell at (x, y); returns true if the color pairs were recycled for it.
    func put(_ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>, _ allowPairRecycling: Bool) -> Bool {
        let style = colorDepth.map(cell.style)
        var recycled = false
        let pair = pairNumber(foreground: colorNumber(style.foreground), background: colorNumber(style.background),
                              allowRecycling: allowPairRecycling, recycled: &recycled)
        let attrs = attributes(style.attributes)

        let cy = Int32(y), cx = Int32(x)
        let cellWidth: Int32 = cell.width == 2 ? 2 : 1
        let text = cell.text
        var utf8 = text.utf8.makeIterator()
        if let byte = utf8.next(), byte >= 0x20, byte < 0x7F, utf8.next() == nil {
            // Printable ASCII (nearly every cell): one character, one column.
            wideBuffer[0] = wchar_t(byte)
            wideBuffer[1] = 0
            write(window, cy, cx, attrs, pair)
            return recycled
        }
        // What ncurses (through the C library's wcwidth) thinks each character's width is
        // decides where it moves its cursor, so the cell is written in the form that takes
        // exactly the canvas's columns there (see GraphemeForm); in cluster mode the whole
        // cluster is written over it after the update (see writeWholeClusters).
        let form: [UInt32] = utf8Locale ? GraphemeForm.legacy(of: text, cellWidth: Int(cellWidth), scalarWidth: Self.scalarWidth)
                                        : [UInt32(UInt8(ascii: "?"))]
        var column: Int32 = 0
        var i = 0
        while i < form.count {
            let w = Self.scalarWidth(form[i])
            var end = i + 1
            while end < form.count, Self.scalarWidth(form[end]) == 0 { end += 1 }
            if w <= 0 || column + w > cellWidth {
                // Unprintable here, or wider than the canvas counted: a placeholder, never a
                // glyph that pushes the rest of the row.
                wideBuffer[0] = wchar_t(UInt8(ascii: "?"))
                wideBuffer[1] = 0
                write(window, cy, cx, attrs, pair)
                column = 1
                break
            }
            for k in i..<end { wideBuffer[k - i] = wchar_t(bitPattern: form[k]) }
            wideBuffer[end - i] = 0
            write(window, cy, cx + column, attrs, pair)
            column += w
            i = end
        }
        while column < cellWidth {
            // The canvas reserved more columns than the form takes: blank the rest.
            wideBuffer[0] = wchar_t(UInt8(ascii: " "))
            wideBuffer[1] = 0
            write(window, cy, cx + column, attrs, pair)
            column += 1
        }
        return recycled
    }

    /// Writes the wide string in ``wideBuffer`` as one ncurses cell at (x, y).
    private func write(_ window: UnsafeMutablePointer<WINDOW>, _ y: Int32, _ x: Int32, _ attrs: attr_t, _ pair: Int32) {
        wideBuffer.withUnsafeBufferPointer { buffer in
            // ERR at the bottom-right corner is expected and harmless (see shim.h).
            _ = wd_put_wide(window, y, x, buffer.baseAddress, attrs, pair)
        }
    }

    /// A character's width as ncurses counts it: the C library's `wcwidth` in the current locale.
    static func scalarWidth(_ value: UInt32) -> Int32 { wd_wcwidth(wchar_t(bitPattern: value)) }
}

extension Terminal {
    /// Rings the terminal's bell (ncurses' `beep`, which flashes where there is no bell).
    public func bell() {
        guard started else { return }
        _ = beep()
    }
}

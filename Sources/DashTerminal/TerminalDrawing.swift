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
        for y in 0..<max(0, rows) {
            var x = 0
            while x < cols {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    // Only reached when the wide glyph's left half lies off screen or was
                    // skipped; a lone continuation shows as a blank.
                    if x == 0 || canvas[x - 1, y].width != 2 {
                        if old?[x, y] != cell { recycled = put(.blank(cell.style), x: x, y: y, in: window, allowPairRecycling) || recycled }
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

        // What ncurses (through the C library's wcwidth) thinks the glyph's width is decides
        // where it moves its cursor; when that disagrees with the canvas we adjust, so ncurses'
        // idea of the screen stays aligned with ours.
        var count = 0
        var glyphWidth: Int32 = 1
        for scalar in cell.text.unicodeScalars {
            if count == 5 { break }  // CCHARW_MAX: a base plus four combining marks.
            let wc = wchar_t(bitPattern: scalar.value)
            if count == 0 {
                glyphWidth = wd_wcwidth(wc)
                if glyphWidth < 0 || (!utf8Locale && scalar.value > 0x7F) {
                    // Unprintable here (a control, or any non-ASCII in a non-UTF-8 locale).
                    wideBuffer[0] = wchar_t(UInt8(ascii: "?"))
                    count = 1
                    glyphWidth = 1
                    break
                }
                if glyphWidth == 0 {
                    // A stray combining mark cannot start a cell.
                    wideBuffer[0] = wchar_t(UInt8(ascii: " "))
                    count = 1
                    glyphWidth = 1
                    break
                }
            } else if wd_wcwidth(wc) != 0 {
                // A cell of ncurses holds one spacing character and its combining marks, so an
                // emoji ZWJ sequence shows its first emoji; the rest would be dropped by ncurses.
                break
            }
            wideBuffer[count] = wc
            count += 1
        }
        // A joiner left with nothing to join would attach, in some terminals (tmux 3.3), to
        // whatever character is written next.
        while count > 1 && wideBuffer[count - 1] == 0x200D { count -= 1 }
        if count == 0 {
            wideBuffer[0] = wchar_t(UInt8(ascii: " "))
            count = 1
            glyphWidth = 1
        }
        if cell.width != 2 && glyphWidth == 2 {
            // The canvas gave it one column but it needs two: show a placeholder instead of
            // letting it push the rest of the row.
            wideBuffer[0] = wchar_t(UInt8(ascii: "?"))
            count = 1
            glyphWidth = 1
        }
        wideBuffer[count] = 0
        let cy = Int32(y), cx = Int32(x)
        wideBuffer.withUnsafeBufferPointer { buffer in
            // ERR at the bottom-right corner is expected and harmless (see shim.h).
            _ = wd_put_wide(window, cy, cx, buffer.baseAddress, attrs, pair)
        }
        if cell.width == 2 && glyphWidth == 1 {
            // The canvas reserved two columns but ncurses will advance one: fill the second.
            wideBuffer[0] = wchar_t(UInt8(ascii: " "))
            wideBuffer[1] = 0
            wideBuffer.withUnsafeBufferPointer { buffer in
                _ = wd_put_wide(window, cy, cx + 1, buffer.baseAddress, attrs, pair)
            }
        }
        return recycled
    }
}

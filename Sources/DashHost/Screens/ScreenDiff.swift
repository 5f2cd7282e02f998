import WidgetDash

/// The bytes a terminal needs to turn one screen into another: cursor moves, SGR changes and
/// the changed cells only.
///
/// The ncurses layer does its own writing; this encoder is what the render benchmark and the
/// tests use to count what a frame costs, with the same rule (skip unchanged cells).
public enum ScreenDiff {
    /// The changed cells between two canvases of the same size, row by row.
    public static func changedCells(from old: Canvas, to new: Canvas) -> Int {
        guard old.size == new.size else { return new.width * new.height }
        var count = 0
        for i in 0..<new.cells.count where old.cells[i] != new.cells[i] { count += 1 }
        return count
    }

    /// An ANSI byte stream that updates a terminal showing `old` to show `new`.
    public static func ansiUpdate(from old: Canvas?, to new: Canvas) -> [UInt8] {
        var out: [UInt8] = []
        let full = old?.size != new.size
        var style: CellStyle? = nil
        var cursor: (x: Int, y: Int)? = nil
        for y in 0..<new.height {
            var x = 0
            while x < new.width {
                let cell = new[x, y]
                let changed = full || old.map { $0[x, y] != cell } ?? true
                if !changed || cell.isContinuation { x += 1; continue }
                if cursor.map({ $0.x != x || $0.y != y }) ?? true {
                    out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
                }
                if cell.style != style {
                    out += Array(ANSI.sgr(cell.style).utf8)
                    style = cell.style
                }
                out += Array(cell.text.utf8)
                let advance = max(1, Int(cell.width))
                cursor = (x + advance, y)
                x += advance
            }
        }
        return out
    }
}

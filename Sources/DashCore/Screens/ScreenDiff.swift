import WidgetDash

/// What changed between two screens, counted the way the terminal draws: cell by cell.
///
/// The bytes of such an update are DashTerminal's to write (`ANSI.update(from:to:)`).
public enum ScreenDiff {
    /// The changed cells between two canvases of the same size, row by row.
    public static func changedCells(from old: Canvas, to new: Canvas) -> Int {
        guard old.size == new.size else { return new.width * new.height }
        var count = 0
        for i in 0..<new.cells.count where old.cells[i] != new.cells[i] { count += 1 }
        return count
    }
}

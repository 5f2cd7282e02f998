import WidgetDash

/// Packs widgets into pages of a grid, as the iOS home screen does.
///
/// System families fill a grid of slots one small widget in size (22×11 cells, with a
/// 2-column and 1-row gutter): small 1×1, medium 2×1, large 2×2, extra large 4×2, in
/// reading order, each at the first free place where it fits. (In iOS's terms a slot is
/// 2×2 of its small units.) There are as many slot columns as the terminal's width allows.
/// Accessory widgets are packed on rows of their own below them. What does not fit on a
/// page starts the next.
public enum HomeLayout {
    public static let slotSize = CellSize(width: 22, height: 11)
    public static let columnGutter = 2
    public static let rowGutter = 1

    /// One widget's place on a page.
    public struct Placement: Hashable, Sendable {
        /// The index of the widget in the list that was packed.
        public var index: Int
        public var rect: CellRect
    }

    /// The result of packing.
    public struct Result: Hashable, Sendable {
        public var pages: [[Placement]]
        /// Indices of widgets too big for this terminal at all.
        public var unplaced: [Int]
    }

    /// Slot footprint of a system family.
    static func slots(_ family: WidgetFamily) -> (columns: Int, rows: Int)? {
        switch family {
        case .systemSmall: (1, 1)
        case .systemMedium: (2, 1)
        case .systemLarge: (2, 2)
        case .systemExtraLarge: (4, 2)
        default: nil
        }
    }

    /// Packs `families` (in order) into pages for a screen area of `size`.
    public static func pack(_ families: [WidgetFamily], in size: CellSize) -> Result {
        let columns = max(0, (size.width + columnGutter) / (slotSize.width + columnGutter))
        let rows = max(0, (size.height + rowGutter) / (slotSize.height + rowGutter))
        let gridWidth = max(0, columns * (slotSize.width + columnGutter) - columnGutter)
        // Accessories use the grid's width when there is one, else the whole width.
        let accessoryWidth = columns > 0 ? gridWidth : size.width
        let originX = max(0, (size.width - accessoryWidth) / 2)

        // System widgets: each at the first free place where it fits, on the first page with
        // one, so a smaller widget later in the list fills a gap a big one left behind.
        var pages: [[Placement]] = []
        var grids: [[[Bool]]] = []
        var usedRows: [Int] = []
        var unplaced: [Int] = []
        func fit(_ grid: [[Bool]], _ w: Int, _ h: Int) -> (Int, Int)? {
            for r in 0...(rows - h) {
                for c in 0...(columns - w) {
                    var free = true
                    check: for rr in r..<(r + h) { for cc in c..<(c + w) where grid[rr][cc] { free = false; break check } }
                    if free { return (r, c) }
                }
            }
            return nil
        }
        for (i, family) in families.enumerated() {
            guard let (w, h) = slots(family) else { continue }
            guard w <= columns, h <= rows else { unplaced.append(i); continue }
            var target: (page: Int, row: Int, column: Int)? = nil
            for p in grids.indices {
                if let (r, c) = fit(grids[p], w, h) { target = (p, r, c); break }
            }
            if target == nil {
                grids.append([[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows))
                pages.append([])
                usedRows.append(0)
                if let (r, c) = fit(grids[grids.count - 1], w, h) { target = (grids.count - 1, r, c) }
            }
            guard let (p, r, c) = target else { unplaced.append(i); continue }
            for rr in r..<(r + h) { for cc in c..<(c + w) { grids[p][rr][cc] = true } }
            usedRows[p] = max(usedRows[p], r + h)
            pages[p].append(Placement(index: i, rect: CellRect(
                origin: CellPoint(x: originX + c * (slotSize.width + columnGutter), y: r * (slotSize.height + rowGutter)),
                size: family.size
            )))
        }

        // Accessory widgets: flowed left to right in rows of their own below the grid, on the
        // first page with room for the row they would start or continue.
        var cursors: [(x: Int, y: Int, rowHeight: Int)] = usedRows.map { (0, $0 * (slotSize.height + rowGutter), 0) }
        for (i, family) in families.enumerated() where family.isAccessory {
            let fsize = family.size
            let width = min(fsize.width, size.width)
            guard fsize.height <= size.height else { unplaced.append(i); continue }
            var placed = false
            var p = 0
            while !placed {
                if p == pages.count {
                    pages.append([])
                    cursors.append((0, 0, 0))
                }
                var cursor = cursors[p]
                if cursor.x > 0 && cursor.x + width > accessoryWidth {
                    cursor = (0, cursor.y + cursor.rowHeight + rowGutter, 0)
                }
                if cursor.y + fsize.height <= size.height {
                    pages[p].append(Placement(index: i, rect: CellRect(x: originX + cursor.x, y: cursor.y, width: width, height: fsize.height)))
                    cursor.x += width + columnGutter
                    cursor.rowHeight = max(cursor.rowHeight, fsize.height)
                    cursors[p] = cursor
                    placed = true
                } else {
                    p += 1
                }
            }
        }
        let nonEmpty = pages.filter { !$0.isEmpty }
        return Result(pages: nonEmpty.isEmpty ? [[]] : nonEmpty, unplaced: unplaced)
    }
}

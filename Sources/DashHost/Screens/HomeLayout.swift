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
        let originX = max(0, (size.width - max(gridWidth, min(accessoryWidth, size.width))) / 2)

        var pages: [[Placement]] = []
        var unplaced: [Int] = []

        // System widgets: first fit on a page's slot grid.
        var page: [Placement] = []
        var occupied = [[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows)
        var usedRows = 0
        func newPage() {
            pages.append(page)
            page = []
            occupied = [[Bool]](repeating: [Bool](repeating: false, count: columns), count: rows)
            usedRows = 0
        }
        func fit(_ w: Int, _ h: Int) -> (Int, Int)? {
            guard w <= columns, h <= rows else { return nil }
            for r in 0...(rows - h) {
                for c in 0...(columns - w) {
                    var free = true
                    check: for rr in r..<(r + h) { for cc in c..<(c + w) where occupied[rr][cc] { free = false; break check } }
                    if free { return (r, c) }
                }
            }
            return nil
        }
        for (i, family) in families.enumerated() {
            guard let (w, h) = slots(family) else { continue }
            guard w <= columns, h <= rows else { unplaced.append(i); continue }
            var spot = fit(w, h)
            if spot == nil { newPage(); spot = fit(w, h) }
            guard let (r, c) = spot else { unplaced.append(i); continue }
            for rr in r..<(r + h) { for cc in c..<(c + w) { occupied[rr][cc] = true } }
            usedRows = max(usedRows, r + h)
            page.append(Placement(index: i, rect: CellRect(
                origin: CellPoint(x: originX + c * (slotSize.width + columnGutter), y: r * (slotSize.height + rowGutter)),
                size: family.size
            )))
        }

        // Accessory widgets: flowed left to right in rows below the grid of the last page.
        var y = usedRows > 0 ? usedRows * (slotSize.height + rowGutter) : 0
        var x = 0
        var rowHeight = 0
        let limitX = max(accessoryWidth, 0)
        for (i, family) in families.enumerated() where family.isAccessory {
            let fsize = family.size
            let width = min(fsize.width, size.width)
            guard width <= size.width, fsize.height <= size.height else { unplaced.append(i); continue }
            if x > 0 && x + width > limitX {
                y += rowHeight + rowGutter
                x = 0
                rowHeight = 0
            }
            if y + fsize.height > size.height {
                newPage()
                y = 0; x = 0; rowHeight = 0
            }
            page.append(Placement(index: i, rect: CellRect(x: originX + x, y: y, width: width, height: fsize.height)))
            x += width + columnGutter
            rowHeight = max(rowHeight, fsize.height)
        }
        if !page.isEmpty || pages.isEmpty { pages.append(page) }
        return Result(pages: pages.filter { !$0.isEmpty }.isEmpty ? [[]] : pages.filter { !$0.isEmpty }, unplaced: unplaced)
    }
}

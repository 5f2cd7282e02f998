/// Lays out rows of cells in columns, as SwiftUI's `Grid`: a column is as wide as its widest
/// cell, a row as tall as its tallest, and a view that is not in a `GridRow` spans the grid.
final class GridNode: LayoutNode {
    enum Row {
        case cells([LayoutNode], alignment: VerticalAlignment?)
        case spanning(LayoutNode)
    }

    let rows: [Row]
    let alignment: Alignment
    let horizontalSpacing: Int
    let verticalSpacing: Int
    let columnCount: Int
    /// The alignment a cell of each column set with `gridColumnAlignment` (the first wins).
    let columnAlignments: [HorizontalAlignment?]

    init(children: [LayoutNode], alignment: Alignment, horizontalSpacing: Int, verticalSpacing: Int) {
        rows = children.map { child in
            if let row = child as? GridRowNode { return .cells(row.cells, alignment: row.rowAlignment) }
            return .spanning(child)
        }
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        var count = 0
        var alignments: [HorizontalAlignment?] = []
        for case .cells(let cells, _) in rows {
            var column = 0
            for cell in cells {
                let settings = GridCellNode.settings(of: cell)
                if let wanted = settings.columnAlignment {
                    while alignments.count <= column { alignments.append(nil) }
                    if alignments[column] == nil { alignments[column] = wanted }
                }
                column += settings.columns
            }
            count = max(count, column)
        }
        columnCount = count
        while alignments.count < count { alignments.append(nil) }
        columnAlignments = alignments
        super.init()
    }

    /// Each column's width for a width of `proposedWidth` (nil: the columns' ideal widths).
    private func columnWidths(_ proposedWidth: Int?, _ context: RenderContext) -> [Int] {
        let available = proposedWidth.map { max(0, $0 - horizontalSpacing * max(0, columnCount - 1)) }
        // The most a cell uses is its answer for all the space there is: what it would take
        // of more than that does not matter here.
        let most = available ?? ProposedSize.unbounded
        var tracks = Array(repeating: GridTrack(), count: columnCount)
        // Cells of one column first; then a cell that spans columns and wants more than they
        // add up to shares what it lacks among them.
        for spanning in [false, true] {
            for case .cells(let cells, _) in rows {
                var column = 0
                for cell in cells {
                    let settings = GridCellNode.settings(of: cell)
                    defer { column += settings.columns }
                    guard (settings.columns > 1) == spanning, !settings.unsizedAxes.contains(.horizontal) else { continue }
                    let ideal = cell.sizeThatFits(ProposedSize(width: nil, height: nil), context).width
                    guard spanning else {
                        tracks[column].take(
                            ideal: ideal,
                            least: cell.sizeThatFits(ProposedSize(width: 0, height: nil), context).width,
                            most: cell.sizeThatFits(ProposedSize(width: most, height: nil), context).width
                        )
                        continue
                    }
                    let spanned = column..<min(columnCount, column + settings.columns)
                    let has = spanned.reduce(0) { $0 + tracks[$1].ideal } + horizontalSpacing * (spanned.count - 1)
                    guard ideal > has, !spanned.isEmpty else { continue }
                    let share = (ideal - has + spanned.count - 1) / spanned.count
                    for i in spanned {
                        tracks[i].ideal += share
                        tracks[i].most = max(tracks[i].most, tracks[i].ideal)
                    }
                }
            }
        }
        return GridTrack.sizes(tracks, within: available)
    }

    /// Each row's height, for columns of `widths` and a height of `proposedHeight`.
    private func rowHeights(_ widths: [Int], _ proposedHeight: Int?, _ context: RenderContext) -> [Int] {
        let total = gridWidth(widths)
        let available = proposedHeight.map { max(0, $0 - verticalSpacing * max(0, rows.count - 1)) }
        let most = available ?? ProposedSize.unbounded
        var tracks: [GridTrack] = []
        for row in rows {
            var track = GridTrack()
            func take(_ node: LayoutNode, width: Int) {
                guard !GridCellNode.settings(of: node).unsizedAxes.contains(.vertical) else { return }
                track.take(
                    ideal: node.sizeThatFits(ProposedSize(width: width, height: nil), context).height,
                    least: node.sizeThatFits(ProposedSize(width: width, height: 0), context).height,
                    most: node.sizeThatFits(ProposedSize(width: width, height: most), context).height
                )
            }
            switch row {
            case .spanning(let node): take(node, width: total)
            case .cells(let cells, _):
                var column = 0
                for cell in cells {
                    let span = GridCellNode.settings(of: cell).columns
                    take(cell, width: spannedWidth(widths, from: column, span: span))
                    column += span
                }
            }
            tracks.append(track)
        }
        return GridTrack.sizes(tracks, within: available)
    }

    private func gridWidth(_ widths: [Int]) -> Int {
        widths.reduce(0, +) + horizontalSpacing * max(0, widths.count - 1)
    }

    /// The width of `span` columns from `column`, with the spacing between them.
    private func spannedWidth(_ widths: [Int], from column: Int, span: Int) -> Int {
        let end = min(widths.count, column + span)
        guard column < end else { return 0 }
        return widths[column..<end].reduce(0, +) + horizontalSpacing * (end - column - 1)
    }

    /// The grid's width: its columns, or wider where a spanning view asks for more.
    private func width(_ widths: [Int], _ proposedWidth: Int?, _ context: RenderContext) -> Int {
        var width = gridWidth(widths)
        for case .spanning(let node) in rows where !GridCellNode.settings(of: node).unsizedAxes.contains(.horizontal) {
            width = max(width, node.sizeThatFits(ProposedSize(width: proposedWidth, height: nil), context).width)
        }
        return width
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let widths = columnWidths(proposal.width, context)
        let heights = rowHeights(widths, proposal.height, context)
        return CellSize(
            width: width(widths, proposal.width, context),
            height: heights.reduce(0, +) + verticalSpacing * max(0, rows.count - 1)
        )
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let widths = columnWidths(rect.width, context)
        let heights = rowHeights(widths, rect.height, context)
        // The columns sit in the grid's rectangle as the grid's alignment says, when a spanning
        // view made the grid wider than they are.
        let columnsWidth = gridWidth(widths)
        let left = Alignment(horizontal: alignment.horizontal, vertical: .top)
            .origin(of: CellSize(width: columnsWidth, height: 0), in: rect).x
        var y = rect.y
        for (index, row) in rows.enumerated() {
            let height = heights[index]
            switch row {
            case .spanning(let node):
                node.render(aligned: alignment, in: CellRect(x: rect.x, y: y, width: rect.width, height: height), canvas: &canvas, context)
            case .cells(let cells, let rowAlignment):
                var x = left
                var column = 0
                for cell in cells {
                    let settings = GridCellNode.settings(of: cell)
                    let width = spannedWidth(widths, from: column, span: settings.columns)
                    let cellAlignment = settings.anchor ?? Alignment(
                        horizontal: column < columnAlignments.count ? columnAlignments[column] ?? alignment.horizontal : alignment.horizontal,
                        vertical: rowAlignment ?? alignment.vertical
                    )
                    cell.render(aligned: cellAlignment, in: CellRect(x: x, y: y, width: width, height: height), canvas: &canvas, context)
                    x += width + horizontalSpacing
                    column += settings.columns
                }
            }
            y += height + verticalSpacing
        }
    }
}

/// A row of a `Grid`; outside a grid, a row of views as an `HStack` lays them out.
final class GridRowNode: WrappingNode {
    let cells: [LayoutNode]
    let rowAlignment: VerticalAlignment?

    init(cells: [LayoutNode], alignment: VerticalAlignment?) {
        self.cells = cells
        self.rowAlignment = alignment
        let cross: StackNode.CrossAlignment = alignment == .top ? .start : alignment == .bottom ? .end : .center
        super.init(child: StackNode(axis: .horizontal, alignment: cross, spacing: 1, children: cells))
        followsChildsIndependence()
    }
}

/// A view with its place in a grid set: how many columns it spans, its column's alignment, its
/// own alignment in its cell, and the axes it takes no size on. Elsewhere it is its content.
final class GridCellNode: WrappingNode {
    struct Settings {
        var columns = 1
        var columnAlignment: HorizontalAlignment?
        var anchor: Alignment?
        var unsizedAxes: Axis.Set = []
    }

    let settings: Settings

    /// Wraps `child` with `change` made to its settings (the settings of a cell modified twice
    /// are merged into one node).
    static func wrap(_ child: LayoutNode, _ change: (inout Settings) -> Void) -> GridCellNode {
        var settings = settings(of: child)
        change(&settings)
        let content = (child as? GridCellNode)?.child ?? child
        return GridCellNode(child: content, settings: settings)
    }

    private init(child: LayoutNode, settings: Settings) {
        self.settings = settings
        super.init(child: child)
        followsChildsIndependence()
    }

    /// The grid settings of `node`: its own, or the defaults.
    static func settings(of node: LayoutNode) -> Settings { (node as? GridCellNode)?.settings ?? Settings() }
}

/// What a grid knows of one column or row while sharing out space: the size its cells want,
/// the least they can take and the most they will use.
struct GridTrack {
    var ideal = 0
    var least = 0
    var most = 0

    mutating func take(ideal: Int, least: Int, most: Int) {
        self.ideal = max(self.ideal, ideal)
        self.least = max(self.least, least)
        self.most = max(self.most, most)
    }

    /// The size of each track within `available` (nil: each at its ideal size). Tracks that
    /// want more than there is shrink from the largest down (none below its least); space left
    /// over goes in equal shares to the tracks that will use it (none past its most).
    static func sizes(_ tracks: [GridTrack], within available: Int?) -> [Int] {
        var sizes = tracks.map(\.ideal)
        guard let available else { return sizes }
        let total = sizes.reduce(0, +)
        if total > available {
            // The largest cap that fits: every track at min(ideal, cap), but never below least.
            func fitted(_ cap: Int) -> Int { tracks.reduce(0) { $0 + max($1.least, min($1.ideal, cap)) } }
            var low = 0, high = tracks.map(\.ideal).max() ?? 0
            while low < high {
                let mid = (low + high + 1) / 2
                if fitted(mid) <= available { low = mid } else { high = mid - 1 }
            }
            sizes = tracks.map { max($0.least, min($0.ideal, low)) }
            // What the cap leaves unused goes a cell at a time to the tracks it cut, in order.
            var left = available - sizes.reduce(0, +)
            for i in sizes.indices where left > 0 && sizes[i] < tracks[i].ideal {
                sizes[i] += 1
                left -= 1
            }
            return sizes
        }
        var left = available - total
        while left > 0 {
            let growing = sizes.indices.filter { sizes[$0] < tracks[$0].most }
            guard !growing.isEmpty else { break }
            let share = max(1, left / growing.count)
            for i in growing where left > 0 {
                let grant = min(share, tracks[i].most - sizes[i], left)
                sizes[i] += grant
                left -= grant
            }
        }
        return sizes
    }
}

/// Flows views into the tracks of a `LazyVGrid` (columns) or `LazyHGrid` (rows): the tracks
/// are sized from their `GridItem`s across the grid, and each line of items is as long as its
/// longest item.
final class LazyGridNode: LayoutNode {
    /// A `GridItem` in cells.
    struct Item {
        enum Size { case fixed(Int), flexible(least: Int, most: Int), adaptive(least: Int, most: Int) }
        var size: Size
        /// The space after this track.
        var spacing: Int
        var alignment: Alignment?
    }

    /// A track across the grid: its size, the space after it, and its items' alignment.
    typealias Track = (size: Int, spacing: Int, alignment: Alignment?)

    /// The axis the tracks run along: vertical for `LazyVGrid`'s columns.
    let axis: Axis
    let items: [Item]
    let lineSpacing: Int
    let children: [LayoutNode]

    init(axis: Axis, items: [Item], lineSpacing: Int, children: [LayoutNode]) {
        self.axis = axis
        self.items = items.isEmpty ? [Item(size: .flexible(least: 1, most: ProposedSize.unbounded), spacing: 1, alignment: nil)] : items
        self.lineSpacing = lineSpacing
        self.children = children
        super.init()
    }

    private func across(_ size: CellSize) -> Int { axis == .vertical ? size.width : size.height }
    private func along(_ size: CellSize) -> Int { axis == .vertical ? size.height : size.width }
    private func proposal(across: Int?, along: Int?) -> ProposedSize {
        axis == .vertical ? ProposedSize(width: across, height: along) : ProposedSize(width: along, height: across)
    }

    /// The tracks for `length` across the grid (nil: as the items would have them unconstrained):
    /// each track's size, the spacing after it, and its items' alignment. Fixed items take their
    /// size; the rest share what is left equally, an adaptive item as many tracks of at least
    /// its minimum as fit in its share, a flexible one a track within its limits.
    private func tracks(_ length: Int?, _ context: RenderContext) -> [Track] {
        let fixed = items.reduce(0) { total, item in
            if case .fixed(let size) = item.size { return total + size + item.spacing }
            return total
        }
        let shared = items.filter { if case .fixed = $0.size { return false } else { return true } }
        let spacingOfShared = shared.dropLast().reduce(0) { $0 + $1.spacing }
        let share: Int? = length.map { shared.isEmpty ? 0 : max(0, ($0 - fixed - spacingOfShared) / shared.count) }
        // The widest item, for tracks sized without a length: asked at most once, and only
        // when one is.
        var widest: Int?
        func ideal() -> Int {
            if let widest { return widest }
            let value = idealAcross(context)
            widest = value
            return value
        }
        var result: [Track] = []
        for item in items {
            switch item.size {
            case .fixed(let size):
                result.append((size, item.spacing, item.alignment))
            case .flexible(let least, let most):
                let size = share ?? ideal()
                result.append((min(most, max(least, size)), item.spacing, item.alignment))
            case .adaptive(let least, let most):
                let least = max(1, least)
                // Offered no length, or an unbounded one (a stack asking how far it could
                // grow), one track; else as many as fit (at most a thousand: an author's huge
                // frame must not make a million tracks a frame).
                guard let share, share < ProposedSize.unbounded / 2 else {
                    result.append((min(most, max(least, ideal())), item.spacing, item.alignment))
                    continue
                }
                let count = max(1, min(1000, (share + item.spacing) / (least + item.spacing)))
                let size = min(most, max(least, (share - item.spacing * (count - 1)) / count))
                for _ in 0..<count { result.append((size, item.spacing, item.alignment)) }
            }
        }
        return result
    }

    /// The widest (for columns) of the items when offered nothing: a track's size when the
    /// grid is offered nothing across.
    private func idealAcross(_ context: RenderContext) -> Int {
        children.reduce(0) { max($0, across($1.sizeThatFits(.unspecified, context))) }
    }

    /// The length of each line of items, for `tracks`.
    private func lines(_ tracks: [Track], _ context: RenderContext) -> [Int] {
        guard !tracks.isEmpty else { return [] }
        var lengths: [Int] = []
        for (index, child) in children.enumerated() {
            let track = tracks[index % tracks.count]
            let length = along(child.sizeThatFits(proposal(across: track.size, along: nil), context))
            if index % tracks.count == 0 { lengths.append(length) } else { lengths[lengths.count - 1] = max(lengths[lengths.count - 1], length) }
        }
        return lengths
    }

    private func totalAcross(_ tracks: [Track]) -> Int {
        tracks.reduce(0) { $0 + $1.size } + tracks.dropLast().reduce(0) { $0 + $1.spacing }
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let tracks = tracks(proposal.value(axis == .vertical ? .horizontal : .vertical), context)
        let lines = lines(tracks, context)
        let acrossLength = totalAcross(tracks)
        let alongLength = lines.reduce(0, +) + lineSpacing * max(0, lines.count - 1)
        return axis == .vertical ? CellSize(width: acrossLength, height: alongLength) : CellSize(width: alongLength, height: acrossLength)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let tracks = tracks(across(rect.size), context)
        guard !tracks.isEmpty else { return }
        let lines = lines(tracks, context)
        var lineStart = 0
        for (line, length) in lines.enumerated() {
            var trackStart = 0
            for (index, track) in tracks.enumerated() {
                let itemIndex = line * tracks.count + index
                guard itemIndex < children.count else { break }
                let child = children[itemIndex]
                let cell = axis == .vertical
                    ? CellRect(x: rect.x + trackStart, y: rect.y + lineStart, width: track.size, height: length)
                    : CellRect(x: rect.x + lineStart, y: rect.y + trackStart, width: length, height: track.size)
                child.render(aligned: track.alignment ?? .center, in: cell, canvas: &canvas, context)
                trackStart += track.size + track.spacing
            }
            lineStart += length + lineSpacing
        }
    }
}

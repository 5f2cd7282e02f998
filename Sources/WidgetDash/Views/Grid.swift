import Foundation

/// Views in rows and columns, as SwiftUI's `Grid`: each `GridRow` is a row, a column is as
/// wide as its widest cell, and a view outside a `GridRow` (a `Divider`) spans the grid.
///
/// Spacing defaults to one column between columns and none between rows, as the stacks'.
public struct Grid<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let horizontalSpacing: Double?
    let verticalSpacing: Double?
    let content: AnyView

    public init(alignment: Alignment = .center, horizontalSpacing: Double? = nil, verticalSpacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = AnyView(content())
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        // A view that spans the grid is a row of a column: a `Divider` there is horizontal.
        NodeList(GridNode(
            children: content.makeChildren(env, stackAxis: .vertical, context),
            alignment: alignment,
            horizontalSpacing: horizontalSpacing.map { env.layoutUnit.gap($0, .horizontal) } ?? 1,
            verticalSpacing: verticalSpacing.map { env.layoutUnit.gap($0, .vertical) } ?? 0
        ))
    }
}

/// One row of a `Grid`: each view is a cell of the next column. Outside a grid, a row of
/// views as in an `HStack`.
public struct GridRow<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment?
    let content: AnyView

    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = AnyView(content())
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(GridRowNode(cells: content.makeChildren(env, stackAxis: .horizontal, context), alignment: alignment))
    }
}

extension View {
    /// How many columns of its `Grid` this cell spans (they widen, equally, when it needs more).
    public func gridCellColumns(_ count: Int) -> some View {
        gridCell { $0.columns = max(1, count) }
    }

    /// The alignment of every cell in this cell's column (the first cell to set one wins).
    public func gridColumnAlignment(_ guide: HorizontalAlignment) -> some View {
        gridCell { $0.columnAlignment = guide }
    }

    /// Where this cell's content sits in its cell, instead of the row's and column's alignment.
    public func gridCellAnchor(_ anchor: UnitPoint) -> some View {
        gridCell { $0.anchor = anchor.alignment }
    }

    /// The axes on which this cell takes no size of its own: a `Color` or a `Divider` that
    /// should fill what the other cells make, not widen the grid.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        gridCell { $0.unsizedAxes = axes }
    }

    private func gridCell(_ change: @escaping (inout GridCellNode.Settings) -> Void) -> some View {
        modified { env, _, content in NodeList(GridCellNode.wrap(content(env).single, change)) }
    }
}

extension UnitPoint {
    /// The alignment nearest to this point (thirds of the square).
    var alignment: Alignment {
        let horizontal: HorizontalAlignment = x < 1.0 / 3 ? .leading : x > 2.0 / 3 ? .trailing : .center
        let vertical: VerticalAlignment = y < 1.0 / 3 ? .top : y > 2.0 / 3 ? .bottom : .center
        return Alignment(horizontal: horizontal, vertical: vertical)
    }
}

/// A column of a `LazyVGrid` or a row of a `LazyHGrid`, as SwiftUI's.
public struct GridItem: Sendable {
    /// How a track is sized (in the widget's layout unit).
    public enum Size: Sendable {
        /// Exactly this size.
        case fixed(Double)
        /// An equal share of what the fixed tracks leave, within the limits.
        case flexible(minimum: Double = 10, maximum: Double = .infinity)
        /// As many tracks of at least `minimum` as fit in an equal share.
        case adaptive(minimum: Double, maximum: Double = .infinity)
    }

    public var size: Size
    public var spacing: Double?
    public var alignment: Alignment?

    public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// In cells, along `axis` (across the tracks).
    func cells(_ unit: LayoutUnit, _ axis: Axis) -> LazyGridNode.Item {
        func size(_ value: Double) -> Int { unit.size(value, axis) ?? 0 }
        let cellSize: LazyGridNode.Item.Size
        switch self.size {
        case .fixed(let value): cellSize = .fixed(size(value))
        case .flexible(let least, let most): cellSize = .flexible(least: size(least), most: size(most))
        case .adaptive(let least, let most): cellSize = .adaptive(least: size(least), most: size(most))
        }
        let defaultSpacing = axis == .horizontal ? 1 : 0
        return LazyGridNode.Item(size: cellSize, spacing: spacing.map { unit.gap($0, axis) } ?? defaultSpacing, alignment: alignment)
    }
}

/// Which views stay in place while a lazy container scrolls; accepted and ignored (widgets do
/// not scroll).
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// Views flowing into columns, row after row, as SwiftUI's `LazyVGrid` (a widget draws every
/// view at once, so "lazy" changes nothing).
public struct LazyVGrid<Content: View>: View, PrimitiveView {
    let grid: LazyGrid

    public init(columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        grid = LazyGrid(axis: .vertical, items: columns, spacing: spacing, content: AnyView(content()))
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { grid.makeNodes(env, context) }
}

/// Views flowing into rows, column after column, as SwiftUI's `LazyHGrid`.
public struct LazyHGrid<Content: View>: View, PrimitiveView {
    let grid: LazyGrid

    public init(rows: [GridItem], alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        grid = LazyGrid(axis: .horizontal, items: rows, spacing: spacing, content: AnyView(content()))
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { grid.makeNodes(env, context) }
}

/// What `LazyVGrid` and `LazyHGrid` share: tracks along `axis` (vertical: columns, the items
/// flowing down), `spacing` between lines of items.
struct LazyGrid {
    let axis: Axis
    let items: [GridItem]
    let spacing: Double?
    let content: AnyView

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let unit = env.layoutUnit
        let across: Axis = axis == .vertical ? .horizontal : .vertical
        return NodeList(LazyGridNode(
            axis: axis,
            items: items.map { $0.cells(unit, across) },
            // Lines of items are spaced as a stack's children: none between rows, a column
            // between columns.
            lineSpacing: spacing.map { unit.gap($0, axis) } ?? (axis == .vertical ? 0 : 1),
            children: content.makeChildren(env, stackAxis: nil, context)
        ))
    }
}

/// A column of views, as SwiftUI's `LazyVStack`: a `VStack` here, since a widget draws
/// every view at once.
public struct LazyVStack<Content: View>: View, PrimitiveView {
    let stack: VStack<Content>

    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        stack = spacing.map { VStack(alignment: alignment, spacing: $0, content: content) } ?? VStack(alignment: alignment, content: content)
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { stack.makeNodes(env, context) }
}

/// A row of views, as SwiftUI's `LazyHStack`: an `HStack` here.
public struct LazyHStack<Content: View>: View, PrimitiveView {
    let stack: HStack<Content>

    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil,
                pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content) {
        stack = spacing.map { HStack(alignment: alignment, spacing: $0, content: content) } ?? HStack(alignment: alignment, content: content)
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { stack.makeNodes(env, context) }
}

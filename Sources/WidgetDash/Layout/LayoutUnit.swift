/// What the numbers of `frame`, `padding`, stack spacing and `Spacer(minLength:)` count.
///
/// iOS code counts points; a terminal lays out in cells. Widgets made with
/// `StaticConfiguration`, `AppIntentConfiguration` or `IntentConfiguration` count points, so
/// that `.frame(width: 150)` or `.padding(8)` written for iOS lays out as it would on a phone:
/// one column is 7.2 points and one row 14.4, the ratio of a small widget's 158 points to its
/// 22 columns and 11 rows here. A widget written in cells says so with
/// `.layoutUnit(.cells)` on its configuration (the built-in widgets do). See docs/DECISIONS.md,
/// "Layout numbers are points for iOS code, cells for the built-ins".
public enum LayoutUnit: Hashable, Sendable {
    /// Whole terminal cells: a number is columns across and rows down.
    case cells
    /// iOS points, converted to cells at 7.2 points a column and 14.4 a row.
    case points

    /// Points in one column and in one row.
    public static let pointsPerColumn = 7.2
    public static let pointsPerRow = 14.4

    /// A size (a frame's width or height) in cells: to the nearest cell, at least one for any
    /// positive size, so a 2-point rule stays visible. Unbounded stays unbounded.
    func size(_ value: Double?, _ axis: Axis) -> Int? {
        guard let value, !value.isNaN else { return nil }
        if value.isInfinite || value >= Double(ProposedSize.unbounded) { return ProposedSize.unbounded }
        guard self == .points else { return max(0, Int(clamping: value)) }
        let cells = value / (axis == .horizontal ? Self.pointsPerColumn : Self.pointsPerRow)
        return value > 0 ? max(1, Int(clamping: cells)) : 0
    }

    /// A gap (padding, spacing, a spacer's minimum) in cells: a gap of less than three quarters
    /// of a cell is none, since rows are scarce and a whole blank row is a large gap.
    func gap(_ value: Double, _ axis: Axis) -> Int {
        guard value.isFinite else { return 0 }
        guard self == .points else { return min(ProposedSize.unbounded, max(0, Int(clamping: value))) }
        let cells = value / (axis == .horizontal ? Self.pointsPerColumn : Self.pointsPerRow)
        return min(ProposedSize.unbounded, max(0, Int(clamping: cells + 0.25, rounding: .towardZero)))
    }

    func gap(_ value: Int, _ axis: Axis) -> Int { gap(Double(value), axis) }

    /// `cells` along `axis` in this unit: what a view that counts points is told of a length
    /// the layout measured in cells (a geometry reader's size, a container's, the margins).
    func length(ofCells cells: Int, _ axis: Axis) -> Double {
        guard self == .points else { return Double(cells) }
        return Double(cells) * (axis == .horizontal ? Self.pointsPerColumn : Self.pointsPerRow)
    }
}

extension WidgetConfiguration {
    /// What the widget's layout numbers count: points (the default, as iOS code writes them)
    /// or cells (for widgets written for the terminal).
    public func layoutUnit(_ unit: LayoutUnit) -> ModifiedWidgetConfiguration {
        var d = _description
        d.layoutUnit = unit
        return ModifiedWidgetConfiguration(_description: d)
    }
}

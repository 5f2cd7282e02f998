/// The sizes and shapes a widget comes in, as in WidgetKit.
///
/// The family table is the one source of truth for sizes in cells. A terminal cell is about
/// twice as tall as it is wide, so a family that is square on a phone is twice as many
/// columns as rows here: medium is two smalls and a 2-column gutter wide, large is two smalls
/// and a 1-row gutter tall, extra large is two larges wide.
public enum WidgetFamily: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case systemSmall
    case systemMedium
    case systemLarge
    case systemExtraLarge
    case accessoryCircular
    case accessoryRectangular
    case accessoryInline

    /// The whole footprint in cells, border included (inline: its widest).
    public var size: CellSize {
        switch self {
        case .systemSmall: CellSize(width: 22, height: 11)
        case .systemMedium: CellSize(width: 46, height: 11)
        case .systemLarge: CellSize(width: 46, height: 23)
        case .systemExtraLarge: CellSize(width: 94, height: 23)
        case .accessoryCircular: CellSize(width: 10, height: 5)
        case .accessoryRectangular: CellSize(width: 22, height: 5)
        case .accessoryInline: CellSize(width: 40, height: 1)
        }
    }

    /// How the family's frame is drawn.
    package var border: PanelBorder {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: .boxed
        case .accessoryCircular, .accessoryRectangular: .rounded
        case .accessoryInline: .none
        }
    }

    /// Cells between the frame and the content on each side (WidgetKit's default content margins).
    public var contentMargins: EdgeInsets {
        switch self {
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge: EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1)
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: EdgeInsets()
        }
    }

    /// The size the widget's content is laid out in: the footprint less border and margins.
    public var contentSize: CellSize { contentSize(marginsDisabled: false) }

    /// The content size, optionally without the default margins (`contentMarginsDisabled()`).
    public func contentSize(marginsDisabled: Bool) -> CellSize {
        let frame = border == .none ? 0 : 1
        let m = marginsDisabled ? EdgeInsets() : contentMargins
        return CellSize(
            width: size.width - 2 * frame - m.leading - m.trailing,
            height: size.height - 2 * frame - m.top - m.bottom
        )
    }

    /// True for the lock screen's families.
    public var isAccessory: Bool {
        switch self {
        case .accessoryCircular, .accessoryRectangular, .accessoryInline: true
        default: false
        }
    }

    /// The short name used on the command line and in the config: small, medium, large,
    /// extraLarge, circular, rectangular, inline.
    public var shortName: String {
        switch self {
        case .systemSmall: "small"
        case .systemMedium: "medium"
        case .systemLarge: "large"
        case .systemExtraLarge: "extraLarge"
        case .accessoryCircular: "circular"
        case .accessoryRectangular: "rectangular"
        case .accessoryInline: "inline"
        }
    }

    /// A family from its short name or its full WidgetKit name, case-insensitively.
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let family = WidgetFamily.allCases.first(where: {
            $0.shortName.lowercased() == lowered || $0.rawValue.lowercased() == lowered
        }) else { return nil }
        self = family
    }

    public var description: String { rawValue }

    /// The families a widget gets when it lists none: every system family, as on iOS (where
    /// extra large is the iPad's, and widgetdash has its room); the accessory families only
    /// when a widget names them, as WidgetKit does.
    public static let defaultFamilies: [WidgetFamily] = [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge]
}

/// How a panel's frame is drawn.
package enum PanelBorder: Hashable, Sendable {
    /// A square box with the widget's name in the top border.
    case boxed
    /// A light, rounded outline (the lock screen's accessory families).
    case rounded
    /// No frame at all.
    case none
}

/// Insets on the four edges, in cells.
public struct EdgeInsets: Hashable, Sendable {
    public var top: Int
    public var leading: Int
    public var bottom: Int
    public var trailing: Int
    public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }
}

import Foundation

// Environment values iOS widget code reads that have one answer in a terminal. They store
// nothing (the environment is copied for every view of every frame); the few that iOS code
// also sets accept the value and keep their answer.

/// The width or height class of the space a view has; a widget's is compact.
public enum UserInterfaceSizeClass: Hashable, Sendable { case compact, regular }

/// The reading direction of the interface.
public enum LayoutDirection: Hashable, Sendable, CaseIterable { case leftToRight, rightToLeft }

/// The weight of text the accessibility settings ask for.
public enum LegibilityWeight: Hashable, Sendable { case regular, bold }

/// The older Dynamic Type sizes; text has one size in a terminal.
public enum ContentSizeCategory: Hashable, Sendable, CaseIterable {
    case extraSmall, small, medium, large, extraLarge, extraExtraLarge, extraExtraExtraLarge
    case accessibilityMedium, accessibilityLarge, accessibilityExtraLarge, accessibilityExtraExtraLarge, accessibilityExtraExtraExtraLarge
}

extension EnvironmentValues {
    /// The locale: the process's own. Setting it is accepted and ignored (texts and formats
    /// are in one language).
    public var locale: Locale {
        get { Locale.current }
        set {}
    }

    /// False: a terminal shows every frame at full brightness (there is no always-on dimming).
    public var isLuminanceReduced: Bool { false }

    /// `.large`, iOS's default: text has one size in a terminal.
    public var dynamicTypeSize: DynamicTypeSize { .large }

    /// `.large`, iOS's default (the older spelling of ``dynamicTypeSize``).
    public var sizeCategory: ContentSizeCategory { .large }

    /// One: a cell is a cell.
    public var displayScale: Double { 1 }

    /// Compact, as a widget's is on iOS.
    public var horizontalSizeClass: UserInterfaceSizeClass? { .compact }

    /// Compact, as a widget's is on iOS.
    public var verticalSizeClass: UserInterfaceSizeClass? { .compact }

    /// Left to right. Setting it is accepted and ignored (text is laid out left to right).
    public var layoutDirection: LayoutDirection {
        get { .leftToRight }
        set {}
    }

    /// Nil: no accessibility weight is asked for (bold text is what `bold()` says).
    public var legibilityWeight: LegibilityWeight? { nil }
}

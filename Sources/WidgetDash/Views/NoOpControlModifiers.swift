// Control, accessibility and typeface modifiers iOS widget code uses that have no meaning in
// cells, accepted so that the code compiles as it is (see NoOpModifiers.swift).

/// The size of controls; accepted and ignored (a control is one row).
public enum ControlSize: Hashable, Sendable, CaseIterable { case mini, small, regular, large, extraLarge }

/// The shape of a bordered button; accepted and ignored (a button is drawn in brackets).
public struct ButtonBorderShape: Hashable, Sendable {
    public static let automatic = ButtonBorderShape()
    public static let capsule = ButtonBorderShape()
    public static let circle = ButtonBorderShape()
    public static let roundedRectangle = ButtonBorderShape()
    public static func roundedRectangle(radius: Double) -> ButtonBorderShape { ButtonBorderShape() }
}

/// How a toggle is drawn; accepted and ignored (a toggle is drawn as `[✓] label`).
public struct ToggleStyle: Hashable, Sendable {
    public static let automatic = ToggleStyle()
    public static let button = ToggleStyle()
    public static let `switch` = ToggleStyle()
}

/// Traits for a screen reader; accepted and ignored.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let isHeader = AccessibilityTraits(rawValue: 1)
    public static let isButton = AccessibilityTraits(rawValue: 2)
    public static let isStaticText = AccessibilityTraits(rawValue: 4)
    public static let isImage = AccessibilityTraits(rawValue: 8)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 16)
}

extension View {
    /// Accepted and ignored: a control is one row.
    public func controlSize(_ size: ControlSize) -> some View { self }
    /// Accepted and ignored: a button is drawn in brackets.
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { self }
    /// Accepted and ignored: a toggle is drawn as `[✓] label`.
    public func toggleStyle(_ style: ToggleStyle) -> some View { self }
    /// Accepted and ignored: a widget's controls draw their labels.
    public func labelsHidden() -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader or UI tests.
    public func accessibilityIdentifier(_ identifier: String) -> some View { self }
}

extension Font {
    /// Accepted and ignored: the terminal has one typeface.
    public func smallCaps() -> Font { self }
    /// Accepted and ignored: the terminal has one typeface.
    public func lowercaseSmallCaps() -> Font { self }
    /// Accepted and ignored: the terminal has one typeface.
    public func leading(_ leading: Leading) -> Font { self }
    /// Line spacing of a font; accepted and ignored.
    public enum Leading: Hashable, Sendable { case standard, tight, loose }
}

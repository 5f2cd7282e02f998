import Foundation

/// Light or dark appearance.
public enum ColorScheme: String, Hashable, Sendable, CaseIterable, Codable {
    case light, dark
}

/// How a widget's colors are rendered where it is shown.
public enum WidgetRenderingMode: Hashable, Sendable {
    /// All colors as the widget chose them (the home screen).
    case fullColor
    /// Two groups, each tinted with one color: `widgetAccentable()` views take the tint.
    case accented
    /// Desaturated monochrome (the lock screen).
    case vibrant
}

/// Why content is drawn redacted.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Generic content while the real content loads: every text and glyph is masked.
    public static let placeholder = RedactionReasons(rawValue: 1 << 0)
    /// The device is locked: views marked `privacySensitive()` are masked.
    public static let privacy = RedactionReasons(rawValue: 1 << 1)
    /// Content waiting for an intent's result: `invalidatableContent()` views are dimmed.
    public static let invalidated = RedactionReasons(rawValue: 1 << 2)
}

/// The horizontal alignment of the lines of a multi-line text.
public enum TextAlignment: Hashable, Sendable {
    case leading, center, trailing
}

/// Values that flow down the view tree: the family, the color scheme, fonts, redaction.
public struct EnvironmentValues: Sendable {
    /// The family the widget is being drawn in.
    public var widgetFamily: WidgetFamily = .systemSmall
    /// Light or dark.
    public var colorScheme: ColorScheme = .dark
    /// The resolved colors of the current theme and scheme.
    public var palette: Palette = .dark
    /// How colors are rendered (full color, accented, vibrant).
    public var widgetRenderingMode: WidgetRenderingMode = .fullColor
    /// Why content is redacted here (the lock, a placeholder, a pending intent).
    public var redactionReasons: RedactionReasons = []
    /// False where the container background is removed (StandBy, the lock screen).
    public var showsWidgetContainerBackground: Bool = true
    /// The time zone dates are shown in.
    public var timeZone: TimeZone = .current
    /// The calendar dates are computed with.
    public var calendar: Calendar = .current

    /// The font of texts that do not set their own.
    public var font: Font?
    /// The style of texts and glyphs that do not set their own.
    public var foregroundStyle: AnyShapeStyle?
    /// Set by `bold()` on a container.
    public var isBold: Bool = false
    /// Set by `italic()`, `underline()` and `strikethrough()` on a container.
    var textDecorations: TextDecorations = []
    /// The most lines a text may take.
    public var lineLimit: Int?
    /// How the lines of a multi-line text align.
    public var multilineTextAlignment: TextAlignment = .leading
    /// How gauges are drawn.
    public var gaugeStyle: GaugeStyleKind = .automatic
    /// How labels are drawn.
    public var labelStyle: LabelStyleKind = .titleAndIcon
    /// What layout numbers count (set from the widget's configuration; see ``LayoutUnit``).
    public var layoutUnit: LayoutUnit = .cells
    /// Where a Live Activity's view is drawn (nil for a widget); buttons act only in the
    /// expanded and lock screen presentations (a widgetdash addition).
    public var activityPresentation: ActivityPresentation?
    /// How buttons are drawn.
    var buttonStyle: ButtonStyleKind = .bracketed

    /// True inside a `privacySensitive()` view.
    var isPrivacySensitive = false
    /// True inside `invalidatableContent()`.
    var isInvalidatable = false
    /// True inside `widgetAccentable()`.
    var isAccentable = false
    /// The axis of the nearest enclosing stack, which `Spacer` and `Divider` follow.
    var stackAxis: Axis?

    public init() {}

    /// The environment of the view whose `body` is being evaluated.
    @TaskLocal static var current = EnvironmentValues()

    /// True when text here must be masked.
    var masksContent: Bool {
        redactionReasons.contains(.placeholder) || (redactionReasons.contains(.privacy) && isPrivacySensitive)
    }

    /// True when content here is drawn as invalidated (dimmed).
    var dimsContent: Bool { redactionReasons.contains(.invalidated) && isInvalidatable }
}

/// Reads a value from the environment of the view being built, as SwiftUI's `@Environment`.
///
/// ```swift
/// struct ClockView: View {
///     @Environment(\.widgetFamily) var family
///     var body: some View { Text(family == .systemSmall ? "S" : "L") }
/// }
/// ```
@propertyWrapper
public struct Environment<Value> {
    private let keyPath: KeyPath<EnvironmentValues, Value>
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) { self.keyPath = keyPath }
    public var wrappedValue: Value { EnvironmentValues.current[keyPath: keyPath] }
}

/// A direction of layout.
public enum Axis: Hashable, Sendable {
    case horizontal, vertical
}

import Foundation

extension Text {
    /// A value formatted by a format style, as SwiftUI's `Text(_:format:)`:
    /// `Text(entry.stars, format: .number)`, `Text(entry.date, format: .dateTime.hour().minute())`.
    ///
    /// The text is formatted once, when the view is made; dates that must stay live use
    /// `Text(_:style:)`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(format.format(input))
    }
}

/// The translucent backdrop of an accessory widget on the lock screen, as WidgetKit's
/// `AccessoryWidgetBackground`: it fills its frame with the theme's fill color.
public struct AccessoryWidgetBackground: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(ShapeNode(paint: .fill, color: env.resolve(AnyShapeStyle(FillShapeStyle())), round: true))
    }
}

extension DefaultStringInterpolation {
    /// A value formatted by a format style inside a string literal, as SwiftUI's text
    /// interpolation allows: `Text("Updated \(date, format: .dateTime.hour().minute())")`.
    /// (On iOS the literal is a `LocalizedStringKey`; here it is a `String`, formatted once.)
    public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
        appendLiteral(format.format(value))
    }
}

extension DefaultStringInterpolation {
    /// A number formatted by a printf-style specifier inside a string literal, as SwiftUI's
    /// text interpolation allows: `Text("\(celsius, specifier: "%.1f")°")`. A specifier that is
    /// not one numeric conversion (`%s`, `%@`, two conversions) would read memory it was not
    /// given, so it is not used: the value is written as `\(value)` writes it.
    public mutating func appendInterpolation<T: CVarArg & Numeric>(_ value: T, specifier: String) {
        guard NumericSpecifier.isSafe(specifier) else { return appendInterpolation(value) }
        appendLiteral(String(format: specifier, value))
    }
}

/// Checks printf specifiers given to `appendInterpolation(_:specifier:)`.
enum NumericSpecifier {
    /// True when `specifier` has exactly one conversion, of a number (`d i u o x X f F e E g G
    /// a A`, with flags, width, precision and an integer length), besides any `%%`. `L` (a
    /// long double, read from memory a `Double` does not fill) is refused with the rest.
    static func isSafe(_ specifier: String) -> Bool {
        var conversions = 0
        var scalars = specifier.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else { continue }
            var next = scalars.next()
            if next == "%" { continue }
            while let c = next, "-+ #0123456789.'".unicodeScalars.contains(c) { next = scalars.next() }
            while let c = next, "hlqjzt".unicodeScalars.contains(c) { next = scalars.next() }
            guard let conversion = next, "diuoxXfFeEgGaA".unicodeScalars.contains(conversion) else { return false }
            conversions += 1
        }
        return conversions == 1
    }
}

/// A string to show, as SwiftUI's `LocalizedStringKey`: one language here, so the key is the
/// text itself (its interpolations, `specifier:` and `format:` included, are written out).
public struct LocalizedStringKey: Hashable, Sendable, ExpressibleByStringInterpolation {
    let text: String
    public init(_ value: String) { text = value }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}

extension Text {
    /// The text of a localized string key (one language here: the key's own text).
    public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {
        self.init(key.text)
    }

    /// An attributed string's characters (its attributes are not carried over).
    public init(_ attributed: AttributedString) { self.init(String(attributed.characters)) }

    /// A date interval: "10:00–11:30" for one under a day, "November 22, 2026–November 24,
    /// 2026" for a longer one, in the widget's time zone.
    public init(_ dates: ClosedRange<Date>) {
        let style: DateStyle = dates.upperBound.timeIntervalSince(dates.lowerBound) < 86_400 ? .time : .date
        self = Text(dates.lowerBound, style: style) + Text("–") + Text(dates.upperBound, style: style)
    }

    /// An image as a text, to join with other texts: `Text(Image(systemName: "star")) +
    /// Text(" 4.5")`. The image's glyph, in the image's color when it has one.
    public init(_ image: Image) {
        self.init(image.glyph)
        if let color = image.color { self = foregroundStyle(color) }
    }
}

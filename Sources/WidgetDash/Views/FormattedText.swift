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

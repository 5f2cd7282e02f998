import Foundation
import WidgetDash

extension View {
    /// Tints the panel through the theme's `orange` (warning) or `red` (critical) token when the
    /// value shown has crossed the widget's `warn` or `critical` threshold.
    @ViewBuilder
    func alertTint(_ value: Double?, parameters: [String: String]) -> some View {
        switch value.flatMap({ AlertThreshold(parameters: parameters)?.level(of: $0) }) ?? .normal {
        case .normal: self
        case .warning: containerBackground(Color.orange, for: .widget)
        case .critical: containerBackground(Color.red, for: .widget)
        }
    }
}

extension DataEntry: ThresholdWatchedEntry {
    package var watchedValue: Double? { value.flatMap { DataWidgetView.numbers(of: $0).last } }
    package var watchedParameters: [String: String] { parameters }
}

extension HTTPEntry: ThresholdWatchedEntry {
    package var watchedValue: Double? { isSample ? nil : value.flatMap { DataWidgetView.numbers(of: $0).last } }
    package var watchedParameters: [String: String] { parameters }
}

import Foundation

/// A place a widget can be shown, as WidgetKit's `WidgetLocation`. widgetdash has one place
/// (the dashboard, standing in for the home screen), so locations are accepted and not used.
public struct WidgetLocation: Hashable, Sendable {
    let name: String
    public static let homeScreen = WidgetLocation(name: "homeScreen")
    public static let lockScreen = WidgetLocation(name: "lockScreen")
    public static let standBy = WidgetLocation(name: "standBy")
    public static let iPhoneWidgetsOnMac = WidgetLocation(name: "iPhoneWidgetsOnMac")
    public static let carPlay = WidgetLocation(name: "carPlay")
}

extension WidgetConfiguration {
    /// Where the widget would rather not be offered, as WidgetKit's `disfavoredLocations(_:for:)`:
    /// the gallery offers it in every family it supports all the same (there is one location).
    public func disfavoredLocations(_ locations: [WidgetLocation], for families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(_description: _description)
    }

    /// Asks for a configuration when the widget is added, as WidgetKit's
    /// `promptsForUserConfiguration()`: widgetdash opens no platter on its own, and a placement
    /// without values runs with the intent's defaults.
    public func promptsForUserConfiguration() -> ModifiedWidgetConfiguration {
        ModifiedWidgetConfiguration(_description: _description)
    }
}

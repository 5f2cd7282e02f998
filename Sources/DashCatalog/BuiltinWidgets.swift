import Foundation
import WidgetDash

/// The widgets that ship with widgetdash, in the gallery's order (the hero first).
///
/// ```swift
/// let kinds = BuiltinWidgets().widgetDescriptions.map(\.kind) // ["clock", "calendar", "system", "bank", "health"]
/// ```
public struct BuiltinWidgets: WidgetBundle {
    public init() {}

    public var body: some Widget {
        ClockWidget()
        CalendarWidget()
        SystemWidget()
        BankWidget()
        HealthWidget()
        // Interactive: buttons and toggles that run intents.
        CounterWidget()
        TodoWidget()
        TimerWidget()
        // Controls for the control center (c).
        LightControl()
        FlashlightControl()
        // Live Activities, started by scripts (widgetdash activity start TYPE …) or intents.
        DeliveryLiveActivity()
        GameLiveActivity()
        TimerLiveActivity()
        AlertLiveActivity()
        // Fed from scripts through the shared store (widgetdash set / push).
        NotesWidget()
        TextDataWidget()
        GaugeDataWidget()
        ListDataWidget()
        SparklineDataWidget()
        StatDataWidget()
        // Configurable (e): each instance has its own options.
        WorldClockWidget()
        CountdownWidget()
        StocksWidget()
        WeatherWidget()
        RemindersWidget()
        RecipesWidget()
        TrophiesWidget()
        // This machine and this user: batteries, disks, network, uptime, mail.
        BatteryWidget()
        DiskWidget()
        NetworkWidget()
        UptimeWidget()
        MailWidget()
        // Pictures from a folder, decoded by the host's image service.
        PhotosWidget()
        // How long the dashboard has been on screen, measured by the host.
        ScreenTimeWidget()
        // Any JSON API, fetched by the host's HTTP client (usually a [[widget]] type = "http").
        HTTPWidget()
        PrometheusWidget()
    }
}

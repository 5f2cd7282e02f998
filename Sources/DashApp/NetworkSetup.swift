import DashCore
import DashSystem
import Foundation
import WidgetDash

/// The network widgets' side of `widgetdash run`: `[sources]` and `[weather]` read from the
/// config file whatever is placed (so `widgetdash weather@medium` uses them too), the weather
/// widget's defaults preset, and the one HTTP client handed in through the services.
///
/// Nothing here sends anything: a request is made only when a placed network widget asks.
enum NetworkSetup {
    /// The settings of the config file; none when it cannot be read (the shell reports why).
    static func settings(configFile: URL) -> NetworkSettings {
        guard let text = try? String(contentsOf: configFile, encoding: .utf8) else { return NetworkSettings() }
        return NetworkSettings.read(configText: text)
    }

    /// The widgets with `[weather] location` and `units` preset on the weather widget.
    static func presetting(_ widgets: [WidgetDescription], with settings: NetworkSettings) -> [WidgetDescription] {
        let presets = settings.weatherPresets
        guard !presets.isEmpty else { return widgets }
        return widgets.map { $0.kind == "weather" ? $0.presetting(presets) : $0 }
    }

    /// The network service over the dashboard's store (opened on the first kept answer).
    static func backing(settings: NetworkSettings, store: LazySharedStore) -> WidgetNetwork.Backing {
        HTTPService(store: store).backing(sources: settings.sources)
    }
}

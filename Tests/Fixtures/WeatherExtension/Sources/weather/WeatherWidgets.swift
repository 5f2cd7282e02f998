import Foundation
import WidgetDash

struct WeatherEntry: TimelineEntry {
    let date: Date
}

struct WeatherProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry { WeatherEntry(date: context.date) }
    func snapshot(in context: Context) async -> WeatherEntry { WeatherEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<WeatherEntry> {
        Timeline(entries: [WeatherEntry(date: context.date)], policy: .never)
    }
}

/// Its kind collides with the built-in clock on purpose.
struct WeatherClock: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: WeatherProvider()) { _ in
            Text("Weather clock")
        }
        .configurationDisplayName("Weather clock")
        .description("A clock that is not the built-in one.")
        .supportedFamilies([.systemSmall])
    }
}

struct Rain: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "rain", provider: WeatherProvider()) { _ in
            Text("Rain at noon")
        }
        .configurationDisplayName("Rain")
        .description("When it will rain.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

@main
struct WeatherWidgets: WidgetBundle {
    var body: some Widget {
        WeatherClock()
        Rain()
    }
}

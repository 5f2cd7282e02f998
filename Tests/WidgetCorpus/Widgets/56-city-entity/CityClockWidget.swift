//
//  CityClockWidget.swift
//  WeatherWidgetExtension
//

import WidgetDash

struct CityClockEntry: TimelineEntry {
    let date: Date
    let city: CityEntity?
    let showSeconds: Bool
}

struct CityClockProvider: AppIntentTimelineProvider {
    typealias Entry = CityClockEntry
    typealias Intent = SelectCityIntent

    func placeholder(in context: Context) -> CityClockEntry {
        CityClockEntry(date: Date(), city: CityEntity.all.first, showSeconds: false)
    }

    func snapshot(for configuration: SelectCityIntent, in context: Context) async -> CityClockEntry {
        CityClockEntry(date: Date(), city: configuration.city, showSeconds: configuration.showSeconds)
    }

    func timeline(for configuration: SelectCityIntent, in context: Context) async -> Timeline<CityClockEntry> {
        let entry = CityClockEntry(date: Date(), city: configuration.city, showSeconds: configuration.showSeconds)
        let nextUpdate = Calendar.current.date(byAdding: .hour, value: 1, to: Date())!
        return Timeline(entries: [entry], policy: .after(nextUpdate))
    }
}

struct CityClockView: View {
    @Environment(\.widgetFamily) var family
    var entry: CityClockEntry

    var body: some View {
        VStack(alignment: .leading) {
            if let city = entry.city {
                Text(city.name)
                    .font(.headline)
                Text(city.country)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            } else {
                Text("Choose a city")
            }
            Spacer()
            Text(entry.date, style: .time)
                .font(family == .systemSmall ? .title : .largeTitle)
        }
        .containerBackground(.blue.gradient, for: .widget)
    }
}

struct CityClockWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "CityClockWidget", intent: SelectCityIntent.self, provider: CityClockProvider()) { entry in
            CityClockView(entry: entry)
        }
        .configurationDisplayName("City Clock")
        .description("The time in a city of your choice.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .promptsForUserConfiguration()
    }
}

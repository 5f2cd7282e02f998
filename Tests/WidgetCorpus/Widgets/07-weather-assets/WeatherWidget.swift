import WidgetDash
import WidgetDash

enum Condition: String {
    case sunny, cloudy, rainy

    var assetName: String { rawValue }
    var symbolName: String {
        switch self {
        case .sunny: return "sun.max.fill"
        case .cloudy: return "cloud.fill"
        case .rainy: return "cloud.rain.fill"
        }
    }
}

struct WeatherEntry: TimelineEntry {
    let date: Date
    let city: String
    let temperature: Int
    let condition: Condition
}

struct WeatherProvider: TimelineProvider {
    func placeholder(in context: Context) -> WeatherEntry {
        WeatherEntry(date: Date(), city: "Cupertino", temperature: 21, condition: .sunny)
    }

    func getSnapshot(in context: Context, completion: @escaping (WeatherEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<WeatherEntry>) -> Void) {
        let conditions: [Condition] = [.sunny, .cloudy, .rainy, .cloudy]
        var entries: [WeatherEntry] = []
        for (hour, condition) in conditions.enumerated() {
            let date = Calendar.current.date(byAdding: .hour, value: hour, to: Date())!
            entries.append(WeatherEntry(date: date, city: "Cupertino", temperature: 21 - hour, condition: condition))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct WeatherWidgetEntryView: View {
    var entry: WeatherProvider.Entry
    @Environment(\.colorScheme) var colorScheme

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(entry.city)
                    .font(.headline)
                Text("\(entry.temperature)°")
                    .font(.system(size: 36))
                    .fontWeight(.thin)
                    .contentTransition(.numericText(value: Double(entry.temperature)))
                Label(entry.condition.rawValue.capitalized, systemImage: entry.condition.symbolName)
                    .font(.caption)
                    .symbolRenderingMode(.multicolor)
            }
            Spacer()
            Image(entry.condition.assetName)
                .resizable()
                .widgetAccentedRenderingMode(.accented)
                .scaledToFit()
                .frame(width: 60, height: 60)
                .shadow(color: .black.opacity(0.2), radius: 4, x: 0, y: 2)
        }
        .invalidatableContent()
    }
}

struct WeatherWidget: Widget {
    let kind: String = "WeatherWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: WeatherProvider()) { entry in
            WeatherWidgetEntryView(entry: entry)
                .containerBackground(Color.blue.gradient, for: .widget)
        }
        .configurationDisplayName("Weather")
        .description("The weather where you are.")
        .supportedFamilies([.systemMedium])
    }
}

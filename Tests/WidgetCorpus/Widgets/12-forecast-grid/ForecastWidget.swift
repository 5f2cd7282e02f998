import WidgetDash

struct HourForecast: Identifiable {
    var id: Date { date }
    let date: Date
    let symbol: String
    let temperature: Double
}

struct ForecastEntry: TimelineEntry {
    let date: Date
    let place: String
    let hours: [HourForecast]
}

struct ForecastProvider: TimelineProvider {
    func sample(at date: Date) -> ForecastEntry {
        let symbols = ["sun.max", "cloud.sun", "cloud", "cloud.rain", "cloud.drizzle", "sun.max"]
        let hours = (0..<6).map { hour in
            HourForecast(date: date.addingTimeInterval(Double(hour) * 3600), symbol: symbols[hour], temperature: 14 + Double(hour) * 1.5)
        }
        return ForecastEntry(date: date, place: "Lisbon", hours: hours)
    }

    func placeholder(in context: Context) -> ForecastEntry { sample(at: .now) }

    func getSnapshot(in context: Context, completion: @escaping (ForecastEntry) -> Void) {
        completion(sample(at: .now))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ForecastEntry>) -> Void) {
        completion(Timeline(entries: [sample(at: .now)], policy: .atEnd))
    }
}

struct TemperatureText: View {
    let celsius: Double

    var body: some View {
        Text("\(celsius, specifier: "%.0f")°")
            .foregroundStyle(Color(hue: max(0, 0.6 - celsius / 60), saturation: 0.8, brightness: 1))
            .fixedSize()
    }
}

struct ForecastWidgetView: View {
    var entry: ForecastEntry
    @Environment(\.widgetFamily) var family

    let columns = [GridItem(.flexible()), GridItem(.flexible()), GridItem(.flexible())]

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            HStack(alignment: .firstTextBaseline) {
                Label(entry.place, systemImage: "location")
                    .labelStyle(.titleOnly)
                    .font(.headline)
                    .underline()
                Spacer()
                Text("Now")
                    .font(.caption)
                    .foregroundStyle(.primary, .secondary)
                    .offset(y: -2)
            }
            LazyVGrid(columns: columns, spacing: 2) {
                ForEach(entry.hours.prefix(family == .systemSmall ? 3 : 6)) { hour in
                    VStack(spacing: 0) {
                        Text(hour.date, format: .dateTime.hour())
                            .font(.caption2)
                        Image(systemName: hour.symbol)
                            .symbolVariant(.fill)
                            .symbolRenderingMode(.multicolor)
                        TemperatureText(celsius: hour.temperature)
                    }
                    .padding(.vertical, 2)
                    .frame(maxWidth: .infinity)
                    .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 8))
                }
            }
        }
        .overlay(alignment: .topTrailing) {
            Circle()
                .fill(.green)
                .frame(width: 6, height: 6)
                .hidden()
        }
        .containerBackground(for: .widget) {
            LinearGradient(colors: [.blue.opacity(0.3), .clear], startPoint: .top, endPoint: .bottom)
        }
    }
}

struct ForecastWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "HourlyForecast", provider: ForecastProvider()) { entry in
            ForecastWidgetView(entry: entry)
        }
        .configurationDisplayName("Forecast")
        .description("The next hours at a glance.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

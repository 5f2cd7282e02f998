import Foundation
import WidgetDash

/// The weather for each family: the place, now, the day's high and low, the next hours (and,
/// in the large family, the days); a live forecast says how old it is, and when it is kept after
/// a failed fetch, it looks stale and says why.
struct WeatherView: FeedView {
    static let title = "Weather"
    let entry: WeatherEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var content: some View {
        if entry.needsLocation {
            SourceMessageView(symbol: "location", title: "Weather", inline: "Weather: set a location", circular: ["set a", "place"],
                              detail: "location=Tokyo", lead: "No location set.",
                              explanation: "Place it as weather@medium:location=Tokyo (or lat,lon), or add [weather] location = \"Tokyo\" to config.toml.")
        } else if let forecast = entry.forecast {
            layout(forecast)
        } else {
            UnknownChoiceView(noun: "place", id: entry.place.id, hint: "press e to choose")
        }
    }

    @ViewBuilder
    private func layout(_ f: WeatherForecast) -> some View {
        let now = Image(systemName: f.now.symbol)
        let highLow = "H:\(f.high)° L:\(f.low)°"
        let sample = entry.source.isSample
        let name = sample ? entry.place.name : f.placeID
        // A kept forecast after a failed fetch: the numbers dim, and the age says how old.
        let temperatureStyle: Color = entry.stale == nil ? .primary : .secondary
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                now
                Text("\(name) \(f.now.temperature)° \(highLow)\(sample ? " (sample)" : "")\(entry.stale == nil ? "" : " (" + age + ")")")
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                now
                Text("\(f.now.temperature)°").bold().foregroundStyle(temperatureStyle)
                Text(entry.stale == nil ? "\(f.high)/\(f.low)" : "stale").foregroundStyle(.secondary)
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(name).bold()
                    now
                    Text("\(f.now.temperature)°").foregroundStyle(temperatureStyle)
                }
                Text(f.now.condition.name)
                Text(sample ? "\(highLow) sample" : entry.stale == nil ? highLow : "\(highLow) \(age)").foregroundStyle(.secondary)
            }
        case .systemLarge:
            VStack(alignment: .leading, spacing: 0) {
                headline(f, name: name, sample: sample)
                Text("")
                hours(f.hourly, columns: 6, width: 7, stacked: true)
                Text("")
                days(f.daily)
                Spacer(minLength: 0)
                if let stale = entry.stale {
                    Text("Offline: \(stale). Showing the forecast fetched \(age).").foregroundStyle(.orange).lineLimit(4)
                }
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                headline(f, name: name, sample: sample)
                Spacer(minLength: 0)
                hours(f.hourly, columns: 6, width: 7, stacked: true)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(name).bold()
                HStack(spacing: 1) {
                    now
                    Text("\(f.now.temperature)°").font(.title).foregroundStyle(temperatureStyle)
                }
                Text(f.now.condition.name).foregroundStyle(.secondary)
                Text(highLow).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                hours(f.hourly, columns: 3, width: 6)
                if sample {
                    Text("sample forecast").foregroundStyle(.tertiary)
                } else {
                    statusLine(false)
                }
            }
        }
    }

    /// The place and the status, now and the day's high and low, and the outlook: the top of
    /// the medium and large families.
    private func headline(_ f: WeatherForecast, name: String, sample: Bool) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(name).bold()
                Spacer(minLength: 0)
                statusLine(sample)
            }
            HStack(spacing: 1) {
                Image(systemName: f.now.symbol)
                Text("\(f.now.temperature)°").font(.title).foregroundStyle(entry.stale == nil ? Color.primary : Color.secondary)
                Text(f.now.condition.name)
                Spacer(minLength: 0)
                Text("H:\(f.high)° L:\(f.low)°").foregroundStyle(.secondary)
            }
            Text(f.outlook).foregroundStyle(.secondary)
        }
    }

    /// "updated 10:00" when the forecast says when it was made, else where it came from; a
    /// live forecast says its age ("5 min ago").
    private var updatedText: String {
        guard let updated = entry.updated else { return entry.source.shortName }
        if case .service = entry.source { return age }
        return "updated \(Feeds.clock(updated, in: timeZone))"
    }

    /// How old a live forecast is at the entry's moment: "just now", "2 h ago".
    private var age: String { entry.updated.map { HTTPAnswer.age(of: $0, at: entry.date) } ?? "" }

    /// The top-right note: SAMPLE, the age or update time, or (stale) the age in orange.
    @ViewBuilder
    private func statusLine(_ sample: Bool) -> some View {
        if sample {
            Text("SAMPLE FORECAST").foregroundStyle(.tertiary)
        } else if entry.stale != nil {
            Label(age, systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
        } else {
            Text(updatedText).foregroundStyle(.tertiary)
        }
    }

    /// The days ahead, one a line: the weekday, the sky, the high and the low.
    private func days(_ days: [WeatherDay]) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(days.prefix(7).enumerated()), id: \.offset) { i, day in
                HStack(spacing: 1) {
                    Text(i == 0 ? "Today" : DateWords.shortWeekday(day.weekday)).frame(width: 6, alignment: .leading)
                    Image(systemName: day.condition.symbol(night: false))
                    Text(day.condition.name).frame(width: 14, alignment: .leading)
                    Text("H:\(day.high)° L:\(day.low)°").foregroundStyle(.secondary)
                }
            }
        }
    }

    /// The next hours in columns: the hour, the sky, the temperature.
    /// With `stacked`, the sky and the temperature take a row each.
    private func hours(_ hours: [WeatherHour], columns: Int, width: Int, stacked: Bool = false) -> some View {
        HStack(spacing: 0) {
            ForEach(Array(hours.prefix(columns).enumerated()), id: \.offset) { _, hour in
                VStack(alignment: .leading, spacing: 0) {
                    Text(DateWords.pad2(hour.hour)).foregroundStyle(.secondary)
                    if stacked {
                        Image(systemName: hour.symbol)
                        Text("\(hour.temperature)°")
                    } else {
                        HStack(spacing: 1) {
                            Image(systemName: hour.symbol)
                            Text("\(hour.temperature)°")
                        }
                    }
                }
                .frame(width: Double(width), alignment: .leading)
            }
        }
    }
}

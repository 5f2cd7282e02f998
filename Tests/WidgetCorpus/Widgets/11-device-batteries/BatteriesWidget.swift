import WidgetDash

struct Device: Identifiable {
    let id: String
    let name: String
    let symbol: String
    let level: Double
    let isCharging: Bool
}

struct BatteriesEntry: TimelineEntry {
    let date: Date
    let devices: [Device]
}

struct BatteriesProvider: TimelineProvider {
    static let sample = [
        Device(id: "phone", name: "iPhone", symbol: "iphone", level: 0.82, isCharging: true),
        Device(id: "watch", name: "Apple Watch", symbol: "applewatch", level: 0.46, isCharging: false),
        Device(id: "pods", name: "AirPods Pro", symbol: "airpodspro", level: 0.13, isCharging: false),
    ]

    func placeholder(in context: Context) -> BatteriesEntry {
        BatteriesEntry(date: .now, devices: Self.sample)
    }

    func getSnapshot(in context: Context, completion: @escaping (BatteriesEntry) -> Void) {
        completion(BatteriesEntry(date: .now, devices: Self.sample))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteriesEntry>) -> Void) {
        let entry = BatteriesEntry(date: .now, devices: Self.sample)
        completion(Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(15 * 60))))
    }
}

struct BatteryRing: View {
    let level: Double

    var color: Color {
        // Red when low, through yellow, to green when full.
        Color(hue: 0.33 * level, saturation: 0.9, brightness: 0.9)
    }

    var body: some View {
        ZStack {
            Circle()
                .stroke(.quaternary, lineWidth: 4)
            Circle()
                .trim(from: 0, to: level)
                .stroke(color, style: StrokeStyle(lineWidth: 4, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(level * 100, specifier: "%.0f")")
                .font(.caption2)
                .monospacedDigit()
        }
    }
}

struct BatteriesWidgetView: View {
    var entry: BatteriesEntry
    @Environment(\.widgetFamily) var family
    @Environment(\.widgetContentMargins) var margins

    var body: some View {
        switch family {
        case .accessoryRectangular:
            Grid(alignment: .leading, horizontalSpacing: 4, verticalSpacing: 0) {
                ForEach(entry.devices.prefix(3)) { device in
                    GridRow {
                        Image(systemName: device.symbol)
                        GeometryReader { geometry in
                            Capsule()
                                .fill(.secondary)
                                .overlay(alignment: .leading) {
                                    Capsule()
                                        .fill(.primary)
                                        .frame(width: geometry.size.width * device.level)
                                }
                        }
                        .frame(height: 6)
                        Text("\(device.level * 100, specifier: "%.0f")%")
                            .gridColumnAlignment(.trailing)
                    }
                }
            }
        default:
            VStack(spacing: 0) {
                header
                    .padding(.horizontal, margins.leading)
                Divider()
                Grid(alignment: .leading, horizontalSpacing: 8, verticalSpacing: 2) {
                    ForEach(entry.devices) { device in
                        GridRow(alignment: .center) {
                            BatteryRing(level: device.level)
                                .frame(width: 28, height: 28)
                            ViewThatFits(in: .horizontal) {
                                Text(device.name)
                                Text(device.name.split(separator: " ").first.map(String.init) ?? device.name)
                            }
                            .lineLimit(1)
                            Image(systemName: "bolt.fill")
                                .foregroundStyle(.yellow)
                                .opacity(device.isCharging ? 1 : 0)
                                .gridColumnAlignment(.trailing)
                        }
                    }
                }
                .padding(margins)
            }
            .containerBackground(.fill.tertiary, for: .widget)
        }
    }

    var header: some View {
        HStack(alignment: .firstTextBaseline) {
            Text("Batteries")
                .font(.headline)
            Spacer()
            Text(entry.date, style: .time)
                .font(.caption)
                .foregroundStyle(.secondary)
        }
    }
}

struct BatteriesWidget: Widget {
    let kind = "DeviceBatteries"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteriesProvider()) { entry in
            BatteriesWidgetView(entry: entry)
        }
        .configurationDisplayName("Batteries")
        .description("See the charge of your devices.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
        .contentMarginsDisabled()
    }
}

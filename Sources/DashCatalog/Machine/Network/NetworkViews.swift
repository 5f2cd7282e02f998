import Foundation
import WidgetDash

struct NetworkView: View {
    let entry: NetworkEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SourceMessageView(problem: "Network", reason)
        case .missing(let name, let available):
            SourceMessageView(problem: "Network", available.isEmpty
                ? "no interface \(name)" : "no interface \(name) (try \(available.joined(separator: ", ")))")
        case .noInterface:
            // Only loopback: nothing leaves this machine.
            SourceMessageView(symbol: "network", title: "Offline", inline: "Offline: only loopback (lo)", circular: ["offline"],
                              detail: "only loopback (lo) is up", explanation: "No network interface but loopback (lo): nothing to measure.",
                              isCentred: true)
        case .interface(let reading):
            switch family {
            case .accessoryInline:
                HStack(spacing: 1) {
                    Image(systemName: "network")
                    Text("\(reading.counters.name) ↓ \(NetworkWords.rate(reading.rate?.received)) ↑ \(NetworkWords.rate(reading.rate?.sent))")
                }
            case .accessoryCircular: NetworkCircular(reading: reading)
            case .accessoryRectangular: NetworkRectangular(reading: reading)
            case .systemSmall: NetworkSmall(reading: reading)
            case .systemMedium: NetworkMedium(reading: reading)
            default: NetworkLarge(reading: reading)
            }
        }
    }
}

/// "↓ 1.2 MB/s" in green or "↑ 34 KB/s" in blue.
struct RateLabel: View {
    let received: Bool
    let value: Double?
    var body: some View {
        (Text(received ? "↓ " : "↑ ").foregroundStyle(received ? Color.green : Color.blue) + Text(NetworkWords.rate(value)).bold())
            .lineLimit(1)
    }
}

/// Small: both rates, and a sparkline of what came in.
struct NetworkSmall: View {
    let reading: NetworkReading

    var body: some View {
        let rx = reading.history.map(\.received)
        VStack(alignment: .leading, spacing: 0) {
            Label(reading.counters.name, systemImage: "network").foregroundStyle(.secondary).lineLimit(1)
            RateLabel(received: true, value: reading.rate?.received)
            RateLabel(received: false, value: reading.rate?.sent)
            Spacer(minLength: 0)
            Text(RateSparkline.rows(rx, width: 18, height: 3).joined(separator: "\n")).lineLimit(nil).foregroundStyle(.green)
            Text("peak ↓ \(NetworkWords.rate(rx.max() ?? reading.rate?.received))").foregroundStyle(.secondary).lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Medium: each direction's rate and peak beside three rows of its sparkline.
struct NetworkMedium: View {
    let reading: NetworkReading

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label(reading.counters.name, systemImage: "network").bold().layoutPriority(1)
                Spacer(minLength: 1)
                Text("total ↓ \(NetworkWords.amount(Double(reading.counters.rxBytes))) ↑ \(NetworkWords.amount(Double(reading.counters.txBytes)))")
                    .foregroundStyle(.secondary).lineLimit(1)
            }
            Spacer(minLength: 0)
            NetworkDirection(received: true, reading: reading, height: 3)
            Spacer(minLength: 0)
            NetworkDirection(received: false, reading: reading, height: 3)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// One direction: the rate and peak on the left, the sparkline on the right.
struct NetworkDirection: View {
    /// The sparkline's columns, the same in the medium and large families, which differ in height.
    static let sparklineWidth = 27

    let received: Bool
    let reading: NetworkReading
    let height: Int

    var body: some View {
        let values = reading.history.map { received ? $0.received : $0.sent }
        let color: Color = received ? .green : .blue
        HStack(alignment: .top, spacing: 1) {
            VStack(alignment: .leading, spacing: 0) {
                RateLabel(received: received, value: received ? reading.rate?.received : reading.rate?.sent)
                Text(received ? "received" : "sent").foregroundStyle(.secondary)
                Text("peak \(NetworkWords.rate(values.max()))").foregroundStyle(.tertiary).lineLimit(1)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            Text(RateSparkline.rows(values, width: Self.sparklineWidth, height: height).joined(separator: "\n")).lineLimit(nil).foregroundStyle(color)
                .layoutPriority(1)
        }
    }
}

/// Large: both directions with taller sparklines, the counters, and the other interfaces.
struct NetworkLarge: View {
    let reading: NetworkReading

    var body: some View {
        let c = reading.counters
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label(c.name, systemImage: "network").bold()
                Spacer(minLength: 1)
                Text("every 15 s · last \(reading.history.count) readings").foregroundStyle(.tertiary).lineLimit(1)
            }
            Text(" ")
            NetworkDirection(received: true, reading: reading, height: 5)
            Text(" ")
            NetworkDirection(received: false, reading: reading, height: 5)
            Text(" ")
            Divider()
            FactRow(title: "In", value: NetworkWords.counters(bytes: c.rxBytes, packets: c.rxPackets, errors: c.rxErrors, dropped: c.rxDropped),
                    titleWidth: 4)
            FactRow(title: "Out", value: NetworkWords.counters(bytes: c.txBytes, packets: c.txPackets, errors: c.txErrors, dropped: c.txDropped),
                    titleWidth: 4)
            Spacer(minLength: 0)
            if !reading.others.isEmpty {
                Text("Also: " + reading.others.prefix(4).map { "\($0.name) \(NetworkWords.amount(Double($0.totalBytes)))" }.joined(separator: " · "))
                    .foregroundStyle(.secondary).lineLimit(2)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Circular: both rates in their shortest form.
struct NetworkCircular: View {
    let reading: NetworkReading

    var body: some View {
        VStack(spacing: 0) {
            Text(String(reading.counters.name.prefix(8))).foregroundStyle(.secondary)
            Text("↓" + NetworkWords.compact(reading.rate?.received)).foregroundStyle(.green)
            Text("↑" + NetworkWords.compact(reading.rate?.sent)).foregroundStyle(.blue)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity)
    }
}

/// Rectangular: both rates, a sparkline of the total, the interface.
struct NetworkRectangular: View {
    let reading: NetworkReading

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("↓" + NetworkWords.rate(reading.rate?.received)).lineLimit(1)
                Spacer(minLength: 0)
                Text("↑" + NetworkWords.rate(reading.rate?.sent)).lineLimit(1)
            }
            Text(RateSparkline.rows(reading.history.map(\.total), width: 20, height: 1)[0])
            Text(reading.counters.name).foregroundStyle(.secondary).lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

import Foundation
import WidgetDash

/// Shows what the extension was told about where it is shown: the color scheme and rendering
/// mode its view reads from the environment, and the process's own time zone
/// (`TimeZone.current`, which formatters use), with the entry's time formatted in it.
struct ToldWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "told", provider: FixtureProvider()) { entry in
            ToldView(date: entry.date)
        }
        .configurationDisplayName("Told")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular])
    }
}

struct ToldView: View {
    let date: Date
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.widgetRenderingMode) private var renderingMode

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("scheme \(colorScheme == .dark ? "dark" : "light")")
            Text("mode \(Self.name(of: renderingMode))")
            Text("zone \(TimeZone.current.identifier)")
            Text("at \(Self.time(date))")
        }
    }

    static func name(of mode: WidgetRenderingMode) -> String {
        switch mode {
        case .fullColor: "fullColor"
        case .accented: "accented"
        case .vibrant: "vibrant"
        }
    }

    /// The time as a formatter shows it with its defaults (the process's zone).
    static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }
}

/// A lamp whose toggle runs a slow intent: `perform()` waits (up to 8 s) for a file named
/// `misbehaving-lamp-go` under `$XDG_STATE_HOME` before it switches the lamp, or throws when
/// the file says `fail`. The end-to-end tests see the toggle flip before the intent is done.
enum Lamp {
    static func file(_ name: String) -> URL {
        let base = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent(name)
    }
    static var isOn: Bool { (try? String(contentsOf: file("misbehaving-lamp"), encoding: .utf8)) == "on" }
}

struct LampError: Error, CustomStringConvertible {
    var description: String { "the lamp is unplugged" }
}

struct LampIntent: AppIntent {
    static let title = "Lamp"
    var on = true

    func perform() async throws {
        let go = Lamp.file("misbehaving-lamp-go")
        for _ in 0..<160 where !FileManager.default.fileExists(atPath: go.path) {
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        let word = (try? String(contentsOf: go, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: go)
        if word.hasPrefix("fail") { throw LampError() }
        try (on ? "on" : "off").write(to: Lamp.file("misbehaving-lamp"), atomically: true, encoding: .utf8)
    }
}

struct LampEntry: TimelineEntry {
    let date: Date
    let isOn: Bool
}

struct LampProvider: TimelineProvider {
    func placeholder(in context: Context) -> LampEntry { LampEntry(date: context.date, isOn: false) }
    func snapshot(in context: Context) async -> LampEntry { LampEntry(date: context.date, isOn: Lamp.isOn) }
    func timeline(in context: Context) async throws -> Timeline<LampEntry> {
        Timeline(entries: [LampEntry(date: context.date, isOn: Lamp.isOn)], policy: .never)
    }
}

struct LampWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "lamp", provider: LampProvider()) { entry in
            VStack(alignment: .leading, spacing: 0) {
                Toggle("Lamp", isOn: entry.isOn, intent: LampIntent(on: !entry.isOn))
                Text(entry.isOn ? "lamp is on" : "lamp is off")
            }
        }
        .configurationDisplayName("Lamp")
        .supportedFamilies([.systemSmall])
    }
}

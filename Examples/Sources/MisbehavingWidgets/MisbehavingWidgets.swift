import Foundation
import WidgetDash

/// A test fixture, not an example: a widget extension whose widgets misbehave on purpose, so
/// the end-to-end tests can show that only their own panels stop (Tests/EndToEndTests).
///
/// - `steady` behaves: its name and a live timer.
/// - `trapper` traps (a force-unwrap of nil) while rendering its fourth entry.
/// - `hanger`'s view never returns.
/// - `tapper` counts taps on its button (the intent runs in the extension, in a file under
///   `$XDG_STATE_HOME`).
/// - `told` shows the color scheme, rendering mode and time zone it was told (ToldWidgets.swift).
/// - `lamp`'s toggle runs an intent that waits for the test's word (ToldWidgets.swift).
///
/// Its controls and Live Activity types are in FixtureControls.swift.
@main
struct MisbehavingWidgets: WidgetBundle {
    var body: some Widget {
        SteadyWidget()
        TrapperWidget()
        HangerWidget()
        TapperWidget()
        ToldWidget()
        LampWidget()
        LampControl()
        BrokenControl()
        TripLiveActivity()
        // Only when asked: a collision is reported on the dashboard, over the panels.
        if ProcessInfo.processInfo.environment["WIDGETDASH_FIXTURE_COLLIDE"] != nil {
            FixtureTimerLiveActivity()
        }
    }
}

struct FixtureEntry: TimelineEntry {
    let date: Date
    /// The entry's place in its timeline; -1 for the placeholder.
    let index: Int
}

/// Five entries a minute apart from the moment asked; the placeholder is index -1.
///
/// Written with completion handlers, as most iOS providers are, so the end-to-end tests run that
/// form through an extension process.
struct FixtureProvider: TimelineProvider {
    func placeholder(in context: Context) -> FixtureEntry { FixtureEntry(date: context.date, index: -1) }

    func getSnapshot(in context: Context, completion: @escaping (FixtureEntry) -> Void) {
        completion(FixtureEntry(date: context.date, index: 0))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<FixtureEntry>) -> Void) {
        let entries = (0..<5).map { FixtureEntry(date: context.date.addingTimeInterval(Double($0) * 60), index: $0) }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct SteadyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "steady", provider: FixtureProvider()) { entry in
            VStack(alignment: .leading, spacing: 0) {
                Text("steady \(entry.index)")
                Text(entry.date, style: .timer)
            }
        }
        .configurationDisplayName("Steady")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}

struct TrapperWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "trapper", provider: FixtureProvider()) { entry in
            Text(entry.index == 3 ? Self.missing! : "trapper \(entry.index)")
        }
        .configurationDisplayName("Trapper")
        .supportedFamilies([.systemSmall])
    }

    /// Nil, read through a function so the compiler cannot see it coming.
    static var missing: String? { ProcessInfo.processInfo.environment["WIDGETDASH_FIXTURE_NEVER_SET_\(0)"] }
}

struct HangerWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "hanger", provider: FixtureProvider()) { entry in
            HangingView(index: entry.index)
        }
        .configurationDisplayName("Hanger")
        .supportedFamilies([.systemSmall])
    }
}

/// Never finishes its body once it shows a real entry.
struct HangingView: View {
    let index: Int
    var body: some View {
        if index >= 0 {
            while ProcessInfo.processInfo.processIdentifier != 0 { usleep(10_000) }
        }
        return Text("hanger \(index)")
    }
}

/// The taps counted so far, kept in a file: each request is a process of its own.
enum TapCount {
    static var file: URL {
        let base = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent("misbehaving-taps")
    }
    static var value: Int { (try? String(contentsOf: file, encoding: .utf8)).flatMap { Int($0) } ?? 0 }
}

struct TapIntent: AppIntent {
    static let title = "Tap"
    var step = 1
    func perform() async throws {
        try String(TapCount.value + step).write(to: TapCount.file, atomically: true, encoding: .utf8)
    }
}

struct TapEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct TapProvider: TimelineProvider {
    func placeholder(in context: Context) -> TapEntry { TapEntry(date: context.date, count: 0) }
    func snapshot(in context: Context) async -> TapEntry { TapEntry(date: context.date, count: TapCount.value) }
    func timeline(in context: Context) async throws -> Timeline<TapEntry> {
        Timeline(entries: [TapEntry(date: context.date, count: TapCount.value)], policy: .never)
    }
}

struct TapperWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tapper", provider: TapProvider()) { entry in
            VStack(spacing: 0) {
                Text("taps \(entry.count)")
                Button(intent: TapIntent(step: 1)) { Text("Tap") }
            }
        }
        .configurationDisplayName("Tapper")
        .supportedFamilies([.systemSmall])
    }
}

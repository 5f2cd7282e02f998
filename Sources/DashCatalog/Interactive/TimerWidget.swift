import Foundation
import WidgetDash

/// The timer's state, kept in the shared defaults: its length, when it last started and how
/// much had run before that.
public enum TimerStore {
    static let defaults = WidgetSharedDefaults(suiteName: "timer")

    /// The timer's length in seconds (5 minutes unless set).
    public static var duration: TimeInterval {
        let d = defaults.double(forKey: "duration") ?? 300
        return d.isFinite && d > 0 ? d : 300
    }

    /// Starts, or resumes after a pause; a finished timer starts again.
    public static func start(at now: Date = Date()) {
        defaults.modify { v in
            guard v["startedAt"]?.doubleValue == nil else { return }
            let length = v["duration"]?.doubleValue ?? 300
            if (v["elapsed"]?.doubleValue ?? 0) >= length { v["elapsed"] = nil }
            v["startedAt"] = .double(now.timeIntervalSince1970)
        }
    }

    /// Pauses, keeping the time run so far.
    public static func pause(at now: Date = Date()) {
        defaults.modify { v in
            guard let started = v["startedAt"]?.doubleValue else { return }
            let length = v["duration"]?.doubleValue ?? 300
            let elapsed = (v["elapsed"]?.doubleValue ?? 0) + now.timeIntervalSince1970 - started
            v["elapsed"] = .double(min(length, max(0, elapsed)))
            v["startedAt"] = nil
        }
    }

    /// Back to the full length, stopped.
    public static func reset() {
        defaults.modify { v in
            v["startedAt"] = nil
            v["elapsed"] = nil
        }
    }

    /// The state as an entry for `date`.
    static func state(at date: Date) -> TimerEntry.State {
        let v = defaults.values
        let length = duration
        let elapsed = v["elapsed"]?.doubleValue ?? 0
        if let started = v["startedAt"]?.doubleValue {
            return .running(start: Date(timeIntervalSince1970: started - elapsed))
        }
        return elapsed > 0 ? .paused(elapsed: min(length, elapsed)) : .idle
    }
}

public struct StartTimerIntent: AppIntent {
    public static let title = "Start"
    public init() {}
    public func perform() async throws { TimerStore.start() }
}

public struct PauseTimerIntent: AppIntent {
    public static let title = "Pause"
    public init() {}
    public func perform() async throws { TimerStore.pause() }
}

public struct ResetTimerIntent: AppIntent {
    public static let title = "Reset"
    public init() {}
    public func perform() async throws { TimerStore.reset() }
}

public struct TimerEntry: TimelineEntry {
    public enum State: Hashable, Sendable {
        case idle
        /// Running since `start` (already moved back by the time run before a pause).
        case running(start: Date)
        case paused(elapsed: TimeInterval)
    }
    public let date: Date
    public var state: State
    public var duration: TimeInterval
}

/// One entry now and, while running, one at the end (which shows "Done"); the timer's digits
/// and ring count by themselves in between, without entries.
struct TimerProvider: TimelineProvider {
    func placeholder(in context: Context) -> TimerEntry { TimerEntry(date: context.date, state: .idle, duration: 300) }
    func snapshot(in context: Context) async -> TimerEntry {
        if context.isPreview { return TimerEntry(date: context.date, state: .paused(elapsed: 75), duration: 300) }
        return TimerEntry(date: context.date, state: TimerStore.state(at: context.date), duration: TimerStore.duration)
    }
    func timeline(in context: Context) async throws -> Timeline<TimerEntry> {
        let now = context.date
        let duration = TimerStore.duration
        let state = TimerStore.state(at: now)
        var entries = [TimerEntry(date: now, state: state, duration: duration)]
        if case .running(let start) = state, start.addingTimeInterval(duration) > now {
            entries.append(TimerEntry(date: start.addingTimeInterval(duration), state: state, duration: duration))
        }
        return Timeline(entries: entries, policy: .never)
    }
}

struct TimerView: View {
    let entry: TimerEntry
    @Environment(\.widgetFamily) private var family

    /// The interval the digits and the ring count over, and the moment they are frozen at.
    private var interval: (range: ClosedRange<Date>, pause: Date?) {
        switch entry.state {
        case .idle:
            return (entry.date...entry.date.addingTimeInterval(entry.duration), entry.date)
        case .running(let start):
            return (start...start.addingTimeInterval(entry.duration), nil)
        case .paused(let elapsed):
            let start = entry.date.addingTimeInterval(-elapsed)
            return (start...start.addingTimeInterval(entry.duration), entry.date)
        }
    }

    private var isRunning: Bool { if case .running = entry.state { true } else { false } }
    private var isDone: Bool { isRunning && entry.date >= interval.range.upperBound }

    @ViewBuilder private var digits: some View {
        if isDone {
            Text("Done").bold().foregroundStyle(.green)
        } else {
            Text(timerInterval: interval.range, pauseTime: interval.pause, countsDown: true, showsHours: false).bold()
        }
    }

    @ViewBuilder private var ring: some View {
        if let pause = interval.pause {
            let remaining = max(0, interval.range.upperBound.timeIntervalSince(pause))
            ProgressView(value: remaining, total: entry.duration)
        } else {
            ProgressView(timerInterval: interval.range, countsDown: true)
        }
    }

    @ViewBuilder private var startOrPause: some View {
        if isRunning && !isDone {
            Button(intent: PauseTimerIntent()) { Text("Pause") }
        } else {
            Button(intent: StartTimerIntent()) { Text("Start") }
        }
    }

    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) { Image(systemName: "timer"); digits }
        case .accessoryCircular:
            VStack(spacing: 0) {
                digits.invalidatableContent()
                startOrPause
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) { Image(systemName: "timer"); digits }.invalidatableContent()
                HStack { startOrPause; Button(intent: ResetTimerIntent()) { Text("Reset") } }
            }
        default:
            VStack(spacing: 1) {
                HStack(spacing: 2) {
                    ring.progressViewStyle(.circular).frame(width: 5).invalidatableContent()
                    digits.font(.title).invalidatableContent()
                }
                HStack(spacing: 2) {
                    startOrPause
                    Button(intent: ResetTimerIntent()) { Text("Reset") }
                }
            }
        }
    }
}

/// A kitchen timer: start, pause, reset; the digits and the ring count by themselves.
public struct TimerWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "timer", provider: TimerProvider()) { entry in
            TimerView(entry: entry)
        }
        .configurationDisplayName("Timer")
        .description("A five-minute timer with start, pause and reset.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

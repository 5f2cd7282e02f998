import Foundation
import WidgetDash

/// A countdown with pause and resume buttons, as a Live Activity.
///
/// `widgetdash activity start timer --attributes '{"title":"Tea"}' --state '{"endsAt":"2026-11-24T10:05:00Z","paused":false}'`
public struct TimerAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable, Sendable {
        /// When the time is up (while running).
        public var endsAt: Date
        public var paused: Bool
        /// When it was paused: the time left is `endsAt - pausedAt`. Optional for scripts; a
        /// paused timer without it shows "Paused" without the time.
        public var pausedAt: Date?

        public init(endsAt: Date, paused: Bool, pausedAt: Date? = nil) {
            self.endsAt = endsAt
            self.paused = paused
            self.pausedAt = pausedAt
        }

        /// Paused at `now`, keeping the time left.
        public func pausing(at now: Date) -> ContentState {
            guard !paused else { return self }
            return ContentState(endsAt: endsAt, paused: true, pausedAt: now)
        }

        /// Running again from `now`, with the time that was left when it was paused.
        public func resuming(at now: Date) -> ContentState {
            guard paused else { return self }
            let left = pausedAt.map { max(0, endsAt.timeIntervalSince($0)) } ?? max(0, endsAt.timeIntervalSince(now))
            return ContentState(endsAt: now.addingTimeInterval(left), paused: false, pausedAt: nil)
        }
    }

    public var title: String

    public init(title: String) { self.title = title }
}

/// Pauses a timer activity.
public struct PauseTimerActivityIntent: AppIntent {
    public static let title = "Pause"
    public var activityID: String
    public init(activityID: String) { self.activityID = activityID }

    public func perform() async throws {
        try await TimerActivityControl.change(activityID) { $0.pausing(at: Date()) }
    }
}

/// Resumes a paused timer activity.
public struct ResumeTimerActivityIntent: AppIntent {
    public static let title = "Resume"
    public var activityID: String
    public init(activityID: String) { self.activityID = activityID }

    public func perform() async throws {
        try await TimerActivityControl.change(activityID) { $0.resuming(at: Date()) }
    }
}

/// Ends a timer activity (it stays on the lock screen as ended until dismissed).
public struct EndTimerActivityIntent: AppIntent {
    public static let title = "End"
    public var activityID: String
    public init(activityID: String) { self.activityID = activityID }

    public func perform() async throws {
        guard let activity = Activity<TimerAttributes>.activities.first(where: { $0.id == activityID }) else {
            throw TimerActivityControl.Failure(message: "This timer has ended already")
        }
        await activity.end(nil, dismissalPolicy: .default)
        if let error = activity.lastError { throw TimerActivityControl.Failure(message: error) }
    }
}

/// What the timer's intents share: find the activity, change its state, say why not.
enum TimerActivityControl {
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    static func change(_ id: String, _ transform: (TimerAttributes.ContentState) -> TimerAttributes.ContentState) async throws {
        guard let activity = Activity<TimerAttributes>.activities.first(where: { $0.id == id }) else {
            throw Failure(message: "This timer has ended already")
        }
        let content = activity.content
        await activity.update(ActivityContent(state: transform(content.state), staleDate: nil, relevanceScore: content.relevanceScore))
        if let error = activity.lastError { throw Failure(message: error) }
    }
}

/// The timer's views: the lock screen card and the Dynamic Island, with Pause/Resume buttons
/// where buttons act (expanded and on the lock screen).
public struct TimerLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: TimerAttributes.self) { context in
            TimerCard(context: context)
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    Label(context.attributes.title, systemImage: "timer").lineLimit(1)
                }
                DynamicIslandExpandedRegion(.trailing) {
                    TimerCard.time(context.state).font(.title).bold().foregroundStyle(.orange)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    TimerCard.buttons(context)
                }
            } compactLeading: {
                Image(systemName: "timer").foregroundStyle(.orange)
            } compactTrailing: {
                TimerCard.time(context.state).foregroundStyle(.orange)
            } minimal: {
                TimerCard.time(context.state).foregroundStyle(.orange)
            }
            .keylineTint(.orange)
        }
        .configurationDisplayName("Timer")
        .description("A countdown with pause and resume. attributes {\"title\": String}; state {\"endsAt\": ISO-8601, \"paused\": Bool, \"pausedAt\": ISO-8601?}")
        .previewContext(TimerAttributes(title: "Tea"), state: .init(endsAt: SampleData.date.addingTimeInterval(4 * 60 + 12), paused: false))
    }
}

/// The timer on the lock screen: its title, the time left, and the buttons.
struct TimerCard: View {
    let context: ActivityViewContext<TimerAttributes>

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                Label(context.attributes.title, systemImage: "timer").bold().lineLimit(1)
                Text(context.state.paused ? "Paused" : "Running").foregroundStyle(.secondary)
                Self.buttons(context)
            }
            Spacer(minLength: 0)
            Self.time(context.state).font(.largeTitle).foregroundStyle(.orange)
        }
    }

    /// The time left, ticking while it runs, frozen while paused.
    static func time(_ state: TimerAttributes.ContentState) -> Text {
        if state.paused && state.pausedAt == nil { return Text("‖ Paused") }
        return Text(timerInterval: ActivityCountdown.range(to: state.endsAt), pauseTime: state.paused ? state.pausedAt : nil,
                    countsDown: true, showsHours: false)
    }

    /// Pause or Resume, and End.
    @ViewBuilder
    static func buttons(_ context: ActivityViewContext<TimerAttributes>) -> some View {
        HStack(spacing: 1) {
            if context.state.paused {
                Button("Resume", systemImage: "play", intent: ResumeTimerActivityIntent(activityID: context.activityID))
            } else {
                Button("Pause", systemImage: "pause", intent: PauseTimerActivityIntent(activityID: context.activityID))
            }
            Button("End", systemImage: "stop", intent: EndTimerActivityIntent(activityID: context.activityID))
        }
    }
}

/// The time left until a moment, for Live Activities' countdowns.
enum ActivityCountdown {
    /// From long ago to `date`: `Text(timerInterval:)` over it shows the time left, and 0:00
    /// once the moment has passed, with no start date to keep in the state.
    static func range(to date: Date) -> ClosedRange<Date> {
        let start = Date(timeIntervalSince1970: 0)
        return start...max(start, date)
    }
}

import Foundation
import WidgetDash

/// Carries out what ``AlertWatch`` decides for every dashboard a shell builds: keeps the bells
/// for the terminal to ring, runs `on_alert` commands and hands activity changes on.
///
/// One per run (the shell passes it to each dashboard it builds), so a config reload neither
/// forgets a crossing nor rings it again. Used on the run loop's thread only.
public final class AlertCenter {
    private var watch = AlertWatch()
    private var bells = 0
    /// Runs `on_alert` (DashSystem's runner: its own process group, killed at the time limit);
    /// nil: commands are not run (a test, a config check).
    let runner: (any CommandRunning)?
    /// Starts, updates or ends a widget's alert Live Activity; nil: none is shown.
    let activity: (@Sendable (AlertAction) async -> Void)?
    /// How long an `on_alert` command may run.
    static let commandTimeout: TimeInterval = 10

    package init(runner: (any CommandRunning)? = nil, activity: (@Sendable (AlertAction) async -> Void)? = nil) {
        self.runner = runner
        self.activity = activity
    }

    /// Takes the entry a widget now shows.
    func observe(widget: String, entry: (any TimelineEntry)?) {
        guard let watched = entry as? any ThresholdWatchedEntry else { return }
        for action in watch.observe(widget: widget, value: watched.watchedValue, parameters: watched.watchedParameters) {
            switch action {
            case .bell:
                bells += 1
            case .command(let command, let environment):
                if let runner { Self.start(command, environment: environment, with: runner) }
            case .showActivity, .endActivity:
                if let activity { Self.hand(action, to: activity) }
            }
        }
    }

    /// Runs `on_alert` off the run loop; its outcome is not shown anywhere (the command is the
    /// user's notification, and its own errors are theirs to log).
    private static func start(_ command: String, environment: [String: String], with runner: any CommandRunning) {
        Task.detached { _ = await runner.run(command, timeout: commandTimeout, environment: environment) }
    }

    private static func hand(_ action: AlertAction, to activity: @escaping @Sendable (AlertAction) async -> Void) {
        Task.detached { await activity(action) }
    }

    /// Whether a bell is due (and forgets it): the terminal rings once however many crossed.
    public func takeBell() -> Bool {
        defer { bells = 0 }
        return bells > 0
    }
}

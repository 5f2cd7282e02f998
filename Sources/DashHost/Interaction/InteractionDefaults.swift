import WidgetDash

/// What every dashboard made from now on starts with: the control center's controls and the
/// link opener. The CLI sets them once at start-up, so a dashboard rebuilt later (a config
/// reload) gets them too without every builder passing them along.
public enum InteractionDefaults {
    // Safe without a lock: written once by the CLI before the run loop starts and read only
    // when a Dashboard is made, on that same thread; tests never write them.
    /// The controls of the control center (`c`).
    nonisolated(unsafe) public static var controls: [ControlDescription] = []
    /// Where http(s) links go; nil opens every link in the detail view.
    nonisolated(unsafe) public static var opener: LinkOpener?
}

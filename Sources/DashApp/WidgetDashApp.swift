import DashImages
import DashSystem
import WidgetDash

/// The whole widgetdash program (the dashboard and every subcommand) as a library, so a
/// package of your own widgets can run it with its bundle added to the built-in widgets.
///
/// The `widgetdash` executable is `await WidgetDashApp.main()`. A program that embeds the
/// dashboard with widgets of its own, in process, calls `main(adding:)`; a widget extension
/// instead marks its bundle `@main` (WidgetDash's `WidgetBundle.main()`) and runs in its own
/// process beside the dashboard (`widgetdash --extension PATH`; docs/extensions.md).
public enum WidgetDashApp {
    /// Parses the command line and runs the dashboard or the subcommand it names, with the
    /// widgets (and controls) of `bundles` known after the built-in ones.
    ///
    /// On the main actor, so that its first line runs before any task: Swift's global executor
    /// becomes a pool whose idle threads sleep for real (``QuietGlobalExecutor``), which must be
    /// in place before the first job reaches libdispatch.
    @MainActor
    public static func main(adding bundles: [any (WidgetBundle & SendableMetatype).Type] = []) async {
        QuietGlobalExecutor.install()
        // Without added bundles nothing can be shadowed, and the built-ins are merged only
        // when a command asks for them (`set`, `get`, `push` never do).
        await KnownWidgets.$addedBundles.withValue(bundles) {
            if !bundles.isEmpty {
                for collision in KnownWidgets.current().catalog.collisions { printError(collision.description) }
            }
            await run()
        }
    }

    private static func run() async {
        // Decoding pictures is a system service (as UIImage is on iOS): every subcommand that
        // draws widgets (run, snapshot, demo) gets it, bound for the command's task; `run`
        // adds the rest of its services to these. Giving it costs a closure.
        await WidgetServices(imageDecoding: ImageCodec.backing()).bind {
            await WidgetDashCommand.main()
        }
    }
}

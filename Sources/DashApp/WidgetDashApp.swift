import DashImages
import WidgetDash

/// The whole widgetdash program (the dashboard and every subcommand) as a library, so a
/// package of your own widgets can run it with its bundle added to the built-in widgets.
///
/// The `widgetdash` executable is `await WidgetDashApp.main()`. A widget extension marks its
/// bundle `@main` instead, as on iOS, and gets the same program with its widgets in the
/// gallery, in `--widget`, in `config.toml` and in `list`:
///
/// ```swift
/// import DashApp
/// import WidgetDash
///
/// @main
/// struct PizzaWidgets: WidgetBundle {
///     var body: some Widget { PizzaWidget() }
/// }
/// ```
public enum WidgetDashApp {
    /// Parses the command line and runs the dashboard or the subcommand it names, with the
    /// widgets (and controls) of `bundles` known after the built-in ones.
    public static func main(adding bundles: [any (WidgetBundle & SendableMetatype).Type] = []) async {
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

extension WidgetBundle where Self: SendableMetatype {
    /// Runs widgetdash with this bundle's widgets added to the built-in ones: what `@main`
    /// on a bundle calls.
    public static func main() async {
        await WidgetDashApp.main(adding: [Self.self])
    }
}

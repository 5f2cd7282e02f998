import DashApp
import WidgetDash

/// The bundle lists its widgets and controls, in the gallery's order.
struct HabitWidgetsBundle: WidgetBundle {
    var body: some Widget {
        HabitWidget()
        LogHabitControl()
    }
}

/// Runs the whole of widgetdash with the bundle's widgets added to the built-in ones, in
/// process (until the example runs as an extension, `@main` on the bundle).
@main
enum HabitWidgetsApp {
    static func main() async {
        await WidgetDashApp.main(adding: [HabitWidgetsBundle.self])
    }
}

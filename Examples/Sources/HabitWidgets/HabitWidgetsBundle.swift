import DashApp
import WidgetDash

/// The extension's entry point, as on iOS: the bundle lists its widgets and controls, in the
/// gallery's order. `@main` runs the whole of widgetdash with them added to the built-in ones
/// (`DashApp` provides `main()` for every `WidgetBundle`).
@main
struct HabitWidgetsBundle: WidgetBundle {
    var body: some Widget {
        HabitWidget()
        LogHabitControl()
    }
}

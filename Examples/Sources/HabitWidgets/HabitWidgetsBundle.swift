import WidgetDash

/// The extension: its widgets and controls, in the gallery's order, as on iOS.
///
/// widgetdash runs it in processes of its own (`widgetdash --extension PATH`). The control is
/// listed as iOS lists it; the dashboard serves an extension's controls once it serves them
/// from extensions (docs/extensions.md, "Not yet"), and until then shows the widget alone.
@main
struct HabitWidgetsBundle: WidgetBundle {
    var body: some Widget {
        HabitWidget()
        LogHabitControl()
    }
}

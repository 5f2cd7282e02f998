import WidgetDash

/// What one widget extension offers the host, as its `describe` answer made it known: its
/// widgets, controls and Live Activity types, each wired to the extension's process.
///
/// Produced by the extension loader (one spawn per extension at start); merged into the
/// dashboard's catalog beside the built-in widgets, where kinds that collide are qualified.
public struct LoadedExtension {
    /// The extension's name: its executable's file name, used to qualify kinds that collide
    /// (`NAME.kind`) and in messages.
    public var name: String
    /// The executable's path, as given (flag, config) or found (the extensions directory).
    public var path: String
    public var widgets: [WidgetDescription]
    public var controls: [ControlDescription]
    public var activities: [ActivityDescription]

    public init(name: String, path: String, widgets: [WidgetDescription], controls: [ControlDescription] = [], activities: [ActivityDescription] = []) {
        self.name = name
        self.path = path
        self.widgets = widgets
        self.controls = controls
        self.activities = activities
    }
}

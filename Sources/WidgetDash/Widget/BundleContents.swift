/// What a widget bundle ships: its widgets, controls and Live Activity types, in bundle order.
///
/// Built from one evaluation of the bundle's `body` and of each widget's `body`: a body builds
/// its configuration and, the first time, the generic types behind it, which is most of what a
/// command or an extension process spends before its first frame. Asking the bundle three times
/// (``WidgetBundle/widgetDescriptions``, ``WidgetBundle/controlDescriptions``,
/// ``WidgetBundle/activityDescriptions``) built every widget three or four times.
package struct BundleContents {
    package private(set) var widgets: [WidgetDescription] = []
    package private(set) var controls: [ControlDescription] = []
    package private(set) var activities: [ActivityDescription] = []

    /// The contents of `bundle`.
    package init(_ bundle: some WidgetBundle) {
        add(bundle.body)
    }

    private mutating func add(_ widget: any Widget) {
        if let list = widget as? WidgetList {
            for member in list.widgets { add(member) }
            return
        }
        // Controls share the bundle but are not widgets.
        if let bundled = widget as? BundledControl {
            if let control = bundled.control { controls.append(control) }
            return
        }
        let configuration = widget.body
        // Live Activities share the bundle too; they are not widgets either.
        if let activity = configuration as? any ActivityConfigurationProviding {
            activities.append(activity._activityDescription)
        } else {
            widgets.append(configuration._description)
        }
    }
}

import Foundation

/// Renders a widget's entries for the host, as the extension side of the protocol sends them.
package enum ExtensionRendering {
    /// The environment the extension renders in: the host's family, zone and scheme, with the
    /// palette of stand-ins that become the host's tokens (``WirePalette``).
    static func environment(family: WidgetFamily, timeZone: String?, reasons: RedactionReasons) -> EnvironmentValues {
        var env = EnvironmentValues()
        env.widgetFamily = family
        env.palette = WirePalette.tokens
        env.redactionReasons = reasons
        if let timeZone, let zone = TimeZone(identifier: timeZone) {
            env.timeZone = zone
            env.calendar.timeZone = zone
        }
        return env
    }

    /// Draws `entry`'s content as the host's panel would lay it out, at `now`.
    static func draw(_ description: WidgetDescription, entry: any TimelineEntry, family: WidgetFamily,
                     timeZone: String?, reasons: RedactionReasons, now: Date) -> RenderedView {
        let env = environment(family: family, timeZone: timeZone, reasons: reasons)
        let size = family.contentSize(marginsDisabled: description.contentMarginsDisabled)
        let prepared = ViewRenderer.prepare(description.content(entry), environment: env)
        // Transparent: the host fills the panel (and the container background) itself.
        var canvas = Canvas(size: size, fill: .blank())
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now, recordsLiveText: true)
        rendered.canvas = canvas
        return rendered
    }

    /// The wire form of a drawn entry.
    package static func wire(_ rendered: RenderedView) -> WireRendering {
        WireRendering(
            canvas: WireCanvas(rendered.canvas),
            containerBackground: rendered.containerBackground.map { WireColor($0) },
            widgetURL: rendered.widgetURL,
            live: rendered.liveTexts,
            elements: rendered.interactiveElements.map(wire)
        )
    }

    static func wire(_ element: InteractiveElement) -> WireElement {
        var wire = WireElement(id: element.id, rect: WireRect(element.rect), kind: "button")
        switch element.action {
        case .open(let url):
            wire.kind = "link"
            wire.url = url
        case .perform(let intent):
            (wire.title, wire.typeName, wire.fingerprint) = (intent.title, intent.typeName, intent.fingerprint)
        case .toggle(let isOn, let intent):
            wire.kind = "toggle"
            wire.isOn = isOn
            (wire.title, wire.typeName, wire.fingerprint) = (intent.title, intent.typeName, intent.fingerprint)
        }
        return wire
    }

    /// The widget as `describe` tells it.
    static func wire(_ d: WidgetDescription) -> WireWidget {
        WireWidget(kind: d.kind, displayName: d.displayName, description: d.description, families: d.supportedFamilies,
                   contentMarginsDisabled: d.contentMarginsDisabled, dataProtection: d.dataProtection,
                   parameters: d.configurationParameters.map(wire))
    }

    static func wire(_ p: WidgetParameter) -> WireParameter {
        var wire = WireParameter(name: p.name, title: p.title, type: "text", defaultValue: p.defaultValue, required: p.isRequired)
        switch p.kind {
        case .text: wire.type = "text"
        case .integer(let range):
            wire.type = "integer"
            wire.range = range.map { [Double($0.lowerBound), Double($0.upperBound)] }
        case .number(let range):
            wire.type = "number"
            wire.range = range.map { [$0.lowerBound, $0.upperBound] }
        case .boolean: wire.type = "boolean"
        case .date: wire.type = "date"
        case .choice(let options):
            wire.type = "choice"
            wire.options = options.map { WireParameter.Option(value: $0.value, title: $0.title, subtitle: $0.subtitle) }
        case .entity: wire.type = "entity"
        }
        return wire
    }
}

extension WireParameter {
    /// The parameter as the host checks it (an entity's suggestions stay in the extension).
    package var parameter: WidgetParameter {
        let kind: WidgetParameter.Kind
        switch type {
        case "integer":
            kind = .integer(range.flatMap { $0.count == 2 && $0[0] <= $0[1] ? Int($0[0])...Int($0[1]) : nil })
        case "number":
            kind = .number(range.flatMap { $0.count == 2 && $0[0] <= $0[1] ? $0[0]...$0[1] : nil })
        case "boolean": kind = .boolean
        case "date": kind = .date
        case "choice": kind = .choice((options ?? []).map { WidgetParameter.Option(value: $0.value, title: $0.title, subtitle: $0.subtitle) })
        case "entity": kind = .entity(typeName: title)
        default: kind = .text
        }
        return WidgetParameter(name: name, title: title, kind: kind, defaultValue: defaultValue, isRequired: required)
    }
}

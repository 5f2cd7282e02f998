import Foundation

/// Renders a widget's entries for the host, as the extension side of the protocol sends them.
package enum ExtensionRendering {
    /// The environment the extension renders in: the host's family, scheme, rendering mode and
    /// zone, with the palette of stand-ins that become the host's tokens (``WirePalette``).
    static func environment(family: WidgetFamily, rendering: RenderingEnvironment, reasons: RedactionReasons) -> EnvironmentValues {
        var env = EnvironmentValues()
        env.widgetFamily = family
        env.palette = WirePalette.tokens
        env.redactionReasons = reasons
        env.colorScheme = rendering.colorScheme
        env.widgetRenderingMode = rendering.renderingMode
        // As the host's panel: only full color keeps the container background.
        env.showsWidgetContainerBackground = rendering.renderingMode == .fullColor
        env.timeZone = rendering.timeZone
        env.calendar.timeZone = rendering.timeZone
        return env
    }

    /// Draws `entry`'s content as the host's panel would lay it out, at `now`.
    static func draw(_ description: WidgetDescription, entry: any TimelineEntry, family: WidgetFamily,
                     rendering: RenderingEnvironment, reasons: RedactionReasons, now: Date,
                     toggleOverrides: [Int: Bool] = [:]) -> RenderedView {
        let env = environment(family: family, rendering: rendering, reasons: reasons)
        let size = family.contentSize(marginsDisabled: description.contentMarginsDisabled)
        let prepared = ViewRenderer.prepare(description.content(entry), environment: env, toggleOverrides: toggleOverrides)
        // Transparent: the host fills the panel (and the container background) itself.
        var canvas = Canvas(size: size, fill: .blank())
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now, recordsLiveText: true)
        rendered.canvas = canvas
        return rendered
    }

    /// `entry` drawn and put in its wire form; each toggle also carries its cells drawn flipped,
    /// so the host shows a tap at once, before the extension has performed it (as WidgetKit does).
    static func render(_ description: WidgetDescription, entry: any TimelineEntry, family: WidgetFamily,
                       rendering: RenderingEnvironment, reasons: RedactionReasons, now: Date) -> WireRendering {
        let drawn = draw(description, entry: entry, family: family, rendering: rendering, reasons: reasons, now: now)
        var rendered = wire(drawn)
        var flips: [Int: Bool] = [:]
        for element in drawn.interactiveElements {
            if case .toggle(let isOn, _) = element.action { flips[element.id] = !isOn }
        }
        guard !flips.isEmpty else { return rendered }
        // One more drawing with every toggle flipped: toggles never overlap, and a flipped mark
        // is as wide as the other, so each toggle's rectangle holds its flipped cells.
        let flipped = draw(description, entry: entry, family: family, rendering: rendering, reasons: reasons, now: now, toggleOverrides: flips)
        for i in rendered.elements.indices where flips[rendered.elements[i].id] != nil {
            rendered.elements[i].flipped = WireCanvas(flipped.canvas, rect: rendered.elements[i].rect.rect)
        }
        return rendered
    }

    /// `rendering` without its toggles' flipped cells (to compare it with a variant that has none).
    static func withoutFlips(_ rendering: WireRendering) -> WireRendering {
        var plain = rendering
        for i in plain.elements.indices { plain.elements[i].flipped = nil }
        return plain
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
            kind = .integer(range.flatMap { $0.count == 2 && $0[0] <= $0[1] ? Int(clamping: $0[0])...Int(clamping: $0[1]) : nil })
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

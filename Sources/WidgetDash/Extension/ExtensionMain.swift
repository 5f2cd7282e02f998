import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension WidgetBundle {
    /// Runs the bundle as a widget extension: what `@main` on a bundle calls, as on iOS.
    ///
    /// Started by widgetdash (`widgetdash --extension PATH`), it answers the one request on its
    /// command line and exits; started by hand, it prints how to use it and exits.
    public static func main() async {
        let contents = BundleContents(Self())
        await ExtensionMain.run(name: _typeName(Self.self, qualified: false), widgets: contents.widgets,
                                controls: contents.controls, activities: contents.activities)
    }
}

extension Widget {
    /// Runs the widget as a widget extension of its own: what `@main` on a widget calls.
    public static func main() async {
        let widget = Self()
        // A Live Activity marked `@main` offers its activity type and no widget.
        if let activity = widget.body as? any ActivityConfigurationProviding {
            await ExtensionMain.run(name: _typeName(Self.self, qualified: false), widgets: [], activities: [activity._activityDescription])
        }
        let isWidget = !(widget is BundledControl)
        await ExtensionMain.run(name: _typeName(Self.self, qualified: false), widgets: isWidget ? [widget.body._description] : [])
    }
}

extension ControlWidget {
    /// Runs the control as a widget extension of its own: what `@main` on a control calls.
    public static func main() async {
        await ExtensionMain.run(name: _typeName(Self.self, qualified: false), widgets: [], controls: [Self().body._controlDescription])
    }
}

/// The extension process: reads the request, answers on its protocol channel, exits.
package enum ExtensionMain {
    /// The longest an extension process lives, whatever it is doing: a safety net for a host
    /// that died without killing it (the host's own limits are far shorter).
    static let lifetimeLimit: UInt32 = 60

    static func run(name: String, widgets: [WidgetDescription], controls: [ControlDescription] = [],
                    activities: [ActivityDescription] = []) async -> Never {
        let arguments = CommandLine.arguments
        guard let flag = arguments.firstIndex(of: ExtensionProtocol.requestFlag), flag + 1 < arguments.count else {
            let program = arguments.first ?? name
            let previews = PreviewRegistry.discovered().isEmpty ? "" : "\n    widgetdash preview --extension \(program)"
            print("""
                \(name) is a widget extension for widgetdash; it runs inside the dashboard:

                    widgetdash --extension \(program)
                    widgetdash list --extension \(program)\(previews)

                Its widgets: \(widgets.map(\.kind).joined(separator: ", ")).
                See docs/extensions.md in widgetdash for the protocol it speaks.
                """)
            if !controls.isEmpty { print("Its controls: \(controls.map(\.kind).joined(separator: ", ")).") }
            if !activities.isEmpty { print("Its Live Activity types: \(activities.map(\.activityType).joined(separator: ", ")).") }
            exit(0)
        }
        alarm(lifetimeLimit)
        let channel = protocolChannel()
        let replies = replyChannel()
        // Answers and service calls may come from different tasks: a line is written whole.
        let writing = Mutex(())
        let send: @Sendable (Data) -> Void = { line in
            var data = line
            data.append(0x0A)
            writing.withLock { _ in data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                var offset = 0
                while offset < bytes.count {
                    let n = write(channel, base + offset, bytes.count - offset)
                    if n < 0 { if errno == EINTR { continue }; exit(3) }
                    offset += n
                }
            } }
        }
        let request: ExtensionRequest
        do {
            request = try ExtensionProtocol.decode(ExtensionRequest.self, from: Data(arguments[flag + 1].utf8))
        } catch {
            // The host refuses this answer's version or reads the message; either way it says why.
            var answer = ExtensionAnswer(answer: .error)
            answer.message = "\(name) cannot read the request: \(error)"
            if let line = try? ExtensionProtocol.encode(answer) { send(line) }
            exit(2)
        }
        if let zone = request.timeZone.flatMap(TimeZone.init(identifier:)) { adoptTimeZone(zone) }
        // Only describe and preview need the previews; a reload should not make them.
        let previews = request.request == .describe || request.request == .preview ? PreviewRegistry.discovered() : []
        let server = ExtensionServer(widgets: widgets, controls: controls, activities: activities, send: send, previews: previews)
        if request.hostServices == true {
            // Widget code reaches the dashboard's App Group, WidgetCenter and decoder.
            await HostChannel(input: replies, send: send).services.bind { await server.serve(request) }
        } else {
            await server.serve(request)
        }
        exit(0)
    }

    /// Makes `zone` the process's own, before widget code runs: `TimeZone.current`, formatters
    /// and the C library then show times as the host does (`snapshot --time-zone` included).
    private static func adoptTimeZone(_ zone: TimeZone) {
        setenv("TZ", zone.identifier, 1)
        tzset()
        NSTimeZone.default = zone
    }

    /// The descriptor the host's replies come in on: standard input as the process started,
    /// while widget code that reads standard input finds it empty.
    private static func replyChannel() -> Int32 {
        let channel = dup(0)
        guard channel >= 0 else { return 0 }
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 {
            dup2(null, 0)
            close(null)
        }
        return channel
    }

    /// The descriptor answers go to: standard output as the process started, while the widget's
    /// own `print` goes to standard error, so nothing a widget prints can corrupt the protocol.
    private static func protocolChannel() -> Int32 {
        let channel = dup(1)
        guard channel >= 0 else { return 1 }
        dup2(2, 1)
        return channel
    }
}

/// Answers one request of the extension protocol from a bundle's widgets.
package struct ExtensionServer {
    let widgets: [WidgetDescription]
    let controls: [ControlDescription]
    let activities: [ActivityDescription]
    let send: @Sendable (Data) -> Void
    /// The program's `#Preview`s (ExtensionPreviews.swift).
    let previews: [_Preview]

    package init(widgets: [WidgetDescription], controls: [ControlDescription] = [], activities: [ActivityDescription] = [],
                 send: @escaping @Sendable (Data) -> Void, previews: [_Preview] = []) {
        self.widgets = widgets
        self.controls = controls
        self.activities = activities
        self.send = send
        self.previews = previews
    }

    func emit(_ answer: some Encodable) {
        do { send(try ExtensionProtocol.encode(answer)) } catch { fail("cannot encode an answer: \(error)") }
    }

    func fail(_ message: String) {
        var answer = ExtensionAnswer(answer: .error)
        answer.message = message
        if let line = try? ExtensionProtocol.encode(answer) { send(line) }
    }

    package func serve(_ request: ExtensionRequest) async {
        switch request.request {
        case .describe:
            var answer = DescribeAnswer(widgets: widgets.map(ExtensionRendering.wire), controls: controls.map(ExtensionRendering.wire),
                                        activities: activities.map(ExtensionRendering.wire))
            answer.previews = previews.isEmpty ? nil : previews.enumerated().map { PreviewRendering.wire($1, index: $0) }
            return emit(answer)
        case .controlValue, .controlPerform: return await serveControl(request)
        case .activity: return serveActivity(request)
        case .preview: return await servePreview(request)
        case .timeline, .snapshot, .perform: break
        }
        guard let kind = request.kind, let unconfigured = widgets.first(where: { $0.kind == kind }) else {
            return fail("no widget of kind \"\(request.kind ?? "")\" here")
        }
        let parameters = request.parameters ?? [:]
        let description = unconfigured.configured(with: parameters)
        let family = request.family ?? description.supportedFamilies.first ?? .systemSmall
        let date = request.date ?? Date()
        let context = TimelineProviderContext(family: family, isPreview: request.request == .snapshot, date: date, parameters: parameters)
        switch request.request {
        case .describe, .preview, .controlValue, .controlPerform, .activity:
            return
        case .snapshot:
            let entry = await description.provider.snapshot(context)
            sendTimeline([entry], policy: .never, description: description, context: context, rendering: request.rendering)
        case .timeline:
            do {
                let timeline = try await description.provider.timeline(context)
                sendTimeline(timeline.entries, policy: timeline.policy, description: description, context: context, rendering: request.rendering)
            } catch {
                fail("\(error)")
            }
        case .perform:
            await perform(request, description: description, context: context)
        }
    }

    private func sendTimeline(_ entries: [any TimelineEntry], policy: TimelineReloadPolicy, description: WidgetDescription,
                              context: TimelineProviderContext, rendering: RenderingEnvironment) {
        var header = ExtensionAnswer(answer: .timeline)
        header.policy = WirePolicy(policy)
        header.count = entries.count
        header.dates = entries.map(\.date)
        let placeholder = description.provider.placeholder(context)
        header.placeholder = ExtensionRendering.wire(ExtensionRendering.draw(
            description, entry: placeholder, family: context.family, rendering: rendering, reasons: .placeholder, now: context.date))
        emit(header)
        for (index, entry) in entries.enumerated() {
            var line = ExtensionAnswer(answer: .entry)
            line.index = index
            line.date = entry.date
            line.relevance = entry.relevance
            let normal = ExtensionRendering.render(
                description, entry: entry, family: context.family, rendering: rendering, reasons: [], now: entry.date)
            line.normal = normal
            // Locked, nothing can be tapped: the privacy variant has no flipped toggles.
            let privacy = ExtensionRendering.wire(ExtensionRendering.draw(
                description, entry: entry, family: context.family, rendering: rendering, reasons: .privacy, now: entry.date))
            // Most widgets mark nothing private: the locked variant is sent only when it differs.
            line.privacy = privacy == ExtensionRendering.withoutFlips(normal) ? nil : privacy
            emit(line)
        }
        emit(ExtensionAnswer(answer: .end))
    }

    /// Finds the tapped element again in the entry the host showed and runs its intent.
    private func perform(_ request: ExtensionRequest, description: WidgetDescription, context: TimelineProviderContext) async {
        let entries: [any TimelineEntry]
        do {
            entries = try await description.provider.timeline(context).entries.sorted { $0.date < $1.date }
        } catch {
            return fail("\(error)")
        }
        let shown = request.entryDate ?? context.date
        guard let entry = entries.first(where: { abs($0.date.timeIntervalSince(shown)) < 0.001 })
            ?? entries.last(where: { $0.date <= shown }) ?? entries.first else {
            return fail("the widget has no entries to find the element in")
        }
        let rendered = ExtensionRendering.draw(description, entry: entry, family: context.family, rendering: request.rendering,
                                               reasons: [], now: entry.date)
        let intents: [(id: Int, intent: AnyAppIntent)] = rendered.interactiveElements.compactMap { element in
            switch element.action {
            case .perform(let intent), .toggle(_, let intent): (element.id, intent)
            case .open: nil
            }
        }
        let wanted = request.fingerprint
        guard let found = intents.first(where: { $0.id == request.element && ($0.intent.fingerprint == wanted || wanted == nil) })
            ?? intents.first(where: { $0.intent.fingerprint == wanted }) else {
            return fail("the element tapped is no longer in the widget (it changed since it was drawn)")
        }
        do {
            try await found.intent.perform()
            emit(ExtensionAnswer(answer: .performed))
        } catch {
            fail("\(error)")
        }
    }
}

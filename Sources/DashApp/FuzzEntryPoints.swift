import DashCatalog
import DashCore
import DashImages
import DashTerminal
import Foundation
import WidgetDash

/// One entry per parser of outside input, for the libFuzzer package under Fuzz/.
///
/// The fuzz package is a package of its own (so `swift test` never builds it) and sees only
/// `public` API, while several parsers are `package`; these functions reach them and do
/// nothing else. Each takes the raw bytes and throws nothing: a parser's refusal is a fine
/// outcome, only a crash, a leak or a hang is a finding (docs/fuzzing.md).
public enum FuzzEntryPoints {
    /// The targets by name, as `scripts/fuzz` and `FUZZ_TARGET` name them.
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "toml": toml, "config": config, "theme": theme, "timeline": timeline, "store-json": storeJSON,
        "activity": activity, "scenario": scenario, "ics": ics, "recipes": recipes,
        "sanitizer": sanitizer, "image": image, "input": input, "date": date,
        "extension": extensionAnswer, "feeds": feeds,
    ]

    /// The TOML 1.0 reader under config and theme files.
    public static func toml(_ bytes: [UInt8]) {
        _ = try? TOML.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// `config.toml`, read against the built-in widgets.
    public static func config(_ bytes: [UInt8]) {
        let load = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions).parse(String(decoding: bytes, as: UTF8.self), file: "fuzz.toml")
        _ = load.problems.map(\.description)
    }

    /// A user theme file.
    public static func theme(_ bytes: [UInt8]) {
        _ = try? Theme.parse(String(decoding: bytes, as: UTF8.self), name: "fuzz", file: "fuzz.toml")
    }

    /// A pushed timeline (`widgetdash push`).
    public static func timeline(_ bytes: [UInt8]) {
        _ = try? SharedTimeline.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// A value in the shared store, then the sanitising every displayed value goes through.
    public static func storeJSON(_ bytes: [UInt8]) {
        if let value = try? JSONValue.parse(bytes: bytes) { _ = value.sanitized() }
    }

    /// An activity's attributes and content state, as `widgetdash activity start` reads them.
    public static func activity(_ bytes: [UInt8]) {
        let data = Data(bytes)
        _ = try? ActivityCoding.decode(GameAttributes.self, from: data, what: "attributes")
        _ = try? ActivityCoding.decode(GameAttributes.ContentState.self, from: data, what: "state")
        _ = try? ActivityCoding.decode(DeliveryAttributes.ContentState.self, from: data, what: "state")
    }

    /// A `widgetdash simulate` scenario file.
    public static func scenario(_ bytes: [UInt8]) {
        _ = try? Scenario.parse(Data(bytes))
    }

    /// An iCalendar (.ics) file.
    public static func ics(_ bytes: [UInt8]) {
        _ = try? ICalendar.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The recipes widget's JSON.
    public static func recipes(_ bytes: [UInt8]) {
        _ = try? RecipeBook.parse(String(decoding: bytes, as: UTF8.self))
    }

    /// The text sanitiser, on raw bytes and on decoded text.
    public static func sanitizer(_ bytes: [UInt8]) {
        _ = TextSanitizer.sanitize(bytes: bytes)
        _ = TextSanitizer.sanitize(String(decoding: bytes, as: UTF8.self), keepNewlines: false)
    }

    /// A PNG or JPEG through the C codec.
    public static func image(_ bytes: [UInt8]) {
        _ = try? ImageCodec.decode(data: Data(bytes), fitting: PixelSize(width: 64, height: 32))
    }

    /// The terminal's input decoding: each 5 bytes are one `wget_wch` result (a code and
    /// whether it is a key code), through the probe's late-answer filter and the key mapping.
    public static func input(_ bytes: [UInt8]) {
        var filter = LateAnswerFilter()
        var i = 0
        while i + 5 <= bytes.count {
            let code = bytes[i..<i + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            let isKeyCode = bytes[i + 4] & 1 == 1
            if isKeyCode {
                for c in filter.flush() { _ = KeyMapping.decode(code: c, isKeyCode: false) }
                _ = KeyMapping.decode(code: code, isKeyCode: true)
                _ = KeyMapping.mouseEvent(x: Int(Int32(bitPattern: code)), y: Int(bytes[i + 4]), buttonState: UInt(code))
            } else {
                for c in filter.feed(code) { _ = KeyMapping.decode(code: c, isKeyCode: false) }
            }
            i += 5
        }
        for c in filter.flush() { _ = KeyMapping.decode(code: c, isKeyCode: false) }
    }

    /// The one date parser (ISO 8601 / RFC 3339 and the HTTP date forms).
    public static func date(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = InternetDate.parse(text)
        _ = SharedTimeline.parseISO8601(text)
    }

    /// A line from a widget extension (an outside program): a describe answer, a service call,
    /// or a timeline, control or activity answer, whose renderings are then drawn as the host
    /// draws them (normal and locked, at two moments, in a few sizes).
    public static func extensionAnswer(_ bytes: [UInt8]) {
        let data = Data(bytes)
        if let describe = try? ExtensionProtocol.decode(DescribeAnswer.self, from: data) {
            // As the host reads each widget's options.
            _ = describe.widgets.map { $0.parameters.map(\.parameter) }
        }
        _ = try? ExtensionProtocol.decode(ServiceCall.self, from: data)
        guard let answer = try? ExtensionProtocol.decode(ExtensionAnswer.self, from: data) else { return }
        var renderings = [answer.placeholder, answer.normal, answer.control?.label].compactMap { $0 }
        if let views = answer.views {
            renderings += [views.lockScreen, views.compactLeading, views.compactTrailing, views.minimal] + views.expanded.map(\.rendering)
            if let privacy = views.lockScreenPrivacy { renderings.append(privacy) }
        }
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        for rendering in renderings {
            let entry = RemoteEntry(date: moment, normal: rendering, privacy: answer.privacy)
            let view = RemoteContentView(entry: entry) { _ in AnyAppIntent(title: "", typeName: "", fingerprint: "") {} }
            for (size, locked) in [(CellSize(width: 20, height: 8), false), (CellSize(width: 44, height: 8), true), (CellSize(width: 3, height: 1), false)] {
                var environment = EnvironmentValues()
                if locked { environment.redactionReasons = .privacy }
                for now in [moment, moment.addingTimeInterval(3_725)] {
                    _ = ViewRenderer.render(view, size: size, environment: environment, now: now)
                }
            }
        }
    }

    /// A network widget's answer: the first byte picks a widget and its options (weather,
    /// stocks, http in each style, prometheus with a query or a range, a calendar at a URL), the
    /// rest is the body the server answers to its every request, and the entry is drawn as the
    /// dashboard draws it, unlocked and locked. One case an input keeps the fuzzer fast.
    public static func feeds(_ bytes: [UInt8]) {
        guard let choice = bytes.first else { return }
        weak var watched: FeedInput?
        do {
            let input = FeedInput(choice: Int(choice), body: Data(bytes.dropFirst()))
            watched = input
            Task { await input.draw() }
        }
        // The task holds the only reference to the input (the body with it) and lets go of it
        // just after drawing: waiting for that, and a moment more for the rest of the task's
        // context, keeps LeakSanitizer from taking them for a leak of this input.
        while watched != nil { usleep(100) }
        usleep(200)
    }

    /// The network widget, family and options `feeds` draws for a choice.
    fileprivate static func feedCase(_ choice: Int) -> (WidgetDescription, WidgetFamily, [String: String]) {
        let url = "http://127.0.0.1:9/"
        var cases: [(any Widget, WidgetFamily, [String: String])] = [
            (WeatherWidget(), .systemMedium, ["location": "Tokyo", "units": "metric"]),
            (WeatherWidget(), .systemLarge, ["location": "35.68,139.69", "units": "imperial"]),
            (StocksWidget(), .systemMedium, ["symbols": "AAPL MSFT"]),
            (PrometheusWidget(), .systemMedium, ["url": url, "query": "up"]),
            (PrometheusWidget(), .systemSmall, ["url": url, "query": "rate(x[5m])", "range": "1h"]),
            (CalendarWidget(), .systemLarge, ["url": url + "calendar.ics"]),
        ]
        for style in ["text", "stat", "gauge", "sparkline", "list"] {
            cases.append((HTTPWidget(), .systemMedium, ["url": url, "select": ".a[0].b", "style": style]))
            cases.append((HTTPWidget(), .systemSmall, ["url": url, "style": style]))
        }
        let (widget, family, parameters) = cases[choice % cases.count]
        return (widget.body._description, family, parameters)
    }
}

/// One input of the `feeds` target, owned by the task that draws it.
private final class FeedInput: Sendable {
    let choice: Int
    let body: Data

    init(choice: Int, body: Data) {
        self.choice = choice
        self.body = body
    }

    /// Runs the chosen widget's provider with every request answered by the body, and draws
    /// its entry unlocked and locked.
    func draw() async {
        let moment = Date(timeIntervalSince1970: 1_795_000_000)
        let body = body
        let network = WidgetNetwork.Backing { _ in .success(HTTPAnswer(status: 200, body: body, fetched: moment)) }
        // Made here: a widget's description is not Sendable.
        let (description, family, parameters) = FuzzEntryPoints.feedCase(choice)
        await WidgetServices(network: network).bind {
            var environment = EnvironmentValues()
            environment.widgetFamily = family
            for locked in [false, true] {
                _ = try? await WidgetSnapshot.render(description, family: family, parameters: parameters, at: moment,
                                                     environment: environment, locked: locked)
            }
        }
    }
}

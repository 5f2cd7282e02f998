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
}

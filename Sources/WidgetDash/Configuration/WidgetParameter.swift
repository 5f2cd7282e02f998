import Foundation

/// One parameter a widget accepts per instance: its name, its type, and how to check a value.
///
/// The config file and `--widget KIND@FAMILY:name=value` give parameters as text; the host
/// checks each against the widget's declarations (`config check` reports the line) and the
/// configuration platter (`e`) edits them. A `WidgetConfigurationIntent` declares its
/// parameters through `@Parameter` properties; a static widget that reads
/// `TimelineProviderContext.parameters` declares them with `.parameters(_:)`:
///
/// ```swift
/// StaticConfiguration(kind: "gauge", provider: GaugeProvider()) { GaugeView(entry: $0) }
///     .parameters([
///         .text("key", title: "Store key", required: true),
///         .number("max", title: "Maximum", default: "100"),
///     ])
/// ```
public struct WidgetParameter: Sendable {
    /// What kind of value a parameter holds.
    public enum Kind: Hashable, Sendable {
        case text
        case integer(ClosedRange<Int>?)
        case number(ClosedRange<Double>?)
        case boolean
        /// `2026-12-31` or `2026-12-31T09:30`, in the process's time zone.
        case date
        /// One of a fixed list (an `AppEnum`).
        case choice([Option])
        /// An entity, chosen from suggestions or a search (an `AppEntity`); the value is its id.
        case entity(typeName: String)
    }

    /// A value offered for a choice or an entity: what is stored, and what is shown.
    public struct Option: Hashable, Sendable {
        public var value: String
        public var title: String
        public var subtitle: String?
        public init(value: String, title: String, subtitle: String? = nil) {
            self.value = value
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// Where an entity parameter's options come from: suggestions, and a search as you type.
    public struct OptionSource: Sendable {
        public let suggestions: @Sendable () async throws -> [Option]
        public let search: @Sendable (String) async throws -> [Option]
        /// True when a value names something that exists (an entity query's `entities(for:)`);
        /// nil when any value will do.
        public let knows: (@Sendable (String) async throws -> Bool)?
        public init(suggestions: @escaping @Sendable () async throws -> [Option],
                    search: @escaping @Sendable (String) async throws -> [Option],
                    knows: (@Sendable (String) async throws -> Bool)? = nil) {
            self.suggestions = suggestions
            self.search = search
            self.knows = knows
        }
    }

    public var name: String
    public var title: String
    public var kind: Kind
    /// The value used when the placement gives none (nil: none).
    public var defaultValue: String?
    /// A placement without this parameter is an error.
    public var isRequired: Bool
    public var source: OptionSource?

    public init(name: String, title: String, kind: Kind, defaultValue: String? = nil, isRequired: Bool = false, source: OptionSource? = nil) {
        self.name = name
        self.title = title
        self.kind = kind
        self.defaultValue = defaultValue
        self.isRequired = isRequired
        self.source = source
    }

    /// A text parameter.
    public static func text(_ name: String, title: String, default value: String? = nil, required: Bool = false) -> WidgetParameter {
        WidgetParameter(name: name, title: title, kind: .text, defaultValue: value, isRequired: required)
    }
    /// A whole number, optionally within `range`.
    public static func integer(_ name: String, title: String, range: ClosedRange<Int>? = nil, default value: String? = nil, required: Bool = false) -> WidgetParameter {
        WidgetParameter(name: name, title: title, kind: .integer(range), defaultValue: value, isRequired: required)
    }
    /// A number, optionally within `range`.
    public static func number(_ name: String, title: String, range: ClosedRange<Double>? = nil, default value: String? = nil, required: Bool = false) -> WidgetParameter {
        WidgetParameter(name: name, title: title, kind: .number(range), defaultValue: value, isRequired: required)
    }
    /// `true` or `false`.
    public static func boolean(_ name: String, title: String, default value: Bool? = nil) -> WidgetParameter {
        WidgetParameter(name: name, title: title, kind: .boolean, defaultValue: value.map { String($0) })
    }
    /// One of `options`.
    public static func choice(_ name: String, title: String, options: [Option], default value: String? = nil, required: Bool = false) -> WidgetParameter {
        WidgetParameter(name: name, title: title, kind: .choice(options), defaultValue: value, isRequired: required)
    }

    /// Characters a value may not hold: they separate parameters, stack members and strings in
    /// `KIND@FAMILY:k=v,k=v | …` inside a quoted config string.
    public static let reservedCharacters: Set<Character> = [",", "|", "\"", "\\"]

    /// Why `value` is not acceptable for this parameter, or nil when it is.
    /// A problem with a value that only its source can tell (an entity that does not exist),
    /// or nil; asks the source, so it may take a moment.
    public func unknownValueProblem(_ value: String) async -> String? {
        guard !value.isEmpty, let knows = source?.knows else { return nil }
        do {
            return try await knows(value) ? nil : "no \(title.lowercased()) \"\(value)\""
        } catch {
            return "could not look up \"\(value)\": \(error)"
        }
    }

    public func problem(with value: String) -> String? {
        if let bad = value.first(where: { Self.reservedCharacters.contains($0) || $0.isNewline || ($0.asciiValue.map { $0 < 0x20 } ?? false) }) {
            return "expected a value without \(bad == "\"" ? "quotes" : "\"\(bad)\"")"
        }
        if value.isEmpty { return isRequired ? "expected a value" : nil }
        switch kind {
        case .text:
            return nil
        case .integer(let range):
            guard let n = Int(value) else { return "expected a whole number, found \"\(value)\"" }
            if let range, !range.contains(n) { return "expected a number from \(range.lowerBound) to \(range.upperBound), found \(n)" }
            return nil
        case .number(let range):
            guard let x = Double(value), x.isFinite else { return "expected a number, found \"\(value)\"" }
            if let range, !range.contains(x) { return "expected a number from \(range.lowerBound) to \(range.upperBound), found \(value)" }
            return nil
        case .boolean:
            return Self.boolean(from: value) == nil ? "expected true or false, found \"\(value)\"" : nil
        case .date:
            return Self.date(from: value) == nil ? "expected a date such as 2026-12-31 or 2026-12-31T09:30, found \"\(value)\"" : nil
        case .choice(let options):
            if options.contains(where: { $0.value == value }) { return nil }
            return "expected one of \(options.map(\.value).joined(separator: ", ")), found \"\(value)\""
        case .entity:
            return nil
        }
    }

    /// `true`/`false` (also `yes`/`no`, `on`/`off`, `1`/`0`), nil for anything else.
    public static func boolean(from text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "yes", "on", "1": true
        case "false", "no", "off", "0": false
        default: nil
        }
    }

    /// A date from `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`, in `timeZone`; nil for anything else.
    public static func date(from text: String, timeZone: TimeZone = .current) -> Date? {
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let day = parts.first else { return nil }
        let ymd = day.split(separator: "-").map { Int($0) }
        // Years past 9999 are clamped by Calendar (Int.max became 0001-01-01), so they are refused.
        guard ymd.count == 3, let y = ymd[0], let m = ymd[1], let d = ymd[2], (1...9999).contains(y),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        var hour = 0, minute = 0
        if parts.count == 2 {
            let hm = parts[1].split(separator: ":").map { Int($0) }
            guard hm.count == 2, let h = hm[0], let mi = hm[1], (0...23).contains(h), (0...59).contains(mi) else { return nil }
            hour = h
            minute = mi
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: y, month: m, day: d, hour: hour, minute: minute)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == d else { return nil }
        return date
    }

    /// The text of `date` as a date parameter holds it (minutes, in `timeZone`).
    public static func text(of date: Date, timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        if c.hour == 0 && c.minute == 0 { return day }
        return day + String(format: "T%02d:%02d", c.hour ?? 0, c.minute ?? 0)
    }
}

extension WidgetConfiguration {
    /// Declares the per-instance parameters the widget reads from
    /// `TimelineProviderContext.parameters`, so the host can check and edit them.
    ///
    /// Widgets with an `AppIntentConfiguration` get theirs from the intent and need not call this.
    public func parameters(_ parameters: [WidgetParameter]) -> ModifiedWidgetConfiguration {
        var d = _description
        d.configurationParameters = parameters
        return ModifiedWidgetConfiguration(_description: d)
    }
}

extension WidgetDescription {
    /// The description one instance runs with: for a configurable widget, a provider that
    /// answers for `parameters`; anything else is returned unchanged.
    public func configured(with parameters: [String: String]) -> WidgetDescription {
        guard let make = configuredProvider else { return self }
        var copy = self
        copy.provider = make(parameters)
        return copy
    }

    /// The same widget with parameter values set in advance (a config file's `[[widget]]`
    /// table does this): each applies unless a placement sets its own, and a required
    /// parameter that has one is no longer required.
    public func presetting(_ presets: [String: String]) -> WidgetDescription {
        guard !presets.isEmpty else { return self }
        var copy = self
        @Sendable func merged(_ c: TimelineProviderContext) -> TimelineProviderContext {
            TimelineProviderContext(family: c.family, displaySize: c.displaySize, isPreview: c.isPreview, date: c.date,
                                    parameters: presets.merging(c.parameters) { _, placed in placed })
        }
        let base = provider
        copy.provider = AnyTimelineProvider(
            placeholder: { base.placeholder(merged($0)) },
            snapshot: { await base.snapshot(merged($0)) },
            timeline: { try await base.timeline(merged($0)) }
        )
        if let make = configuredProvider {
            copy.configuredProvider = { make(presets.merging($0) { _, placed in placed }) }
        }
        copy.configurationParameters = configurationParameters.map { parameter in
            guard let value = presets[parameter.name] else { return parameter }
            var preset = parameter
            preset.defaultValue = value
            preset.isRequired = false
            return preset
        }
        return copy
    }

    /// True when an instance has something to edit on the configuration platter.
    public var isConfigurable: Bool { !configurationParameters.isEmpty }
}

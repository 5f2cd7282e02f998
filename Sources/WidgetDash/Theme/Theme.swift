/// A color theme: a few base colors for a light and/or a dark variant, from which every
/// semantic token a view uses is derived.
///
/// A theme file is TOML (see `themes/` at the repository root):
///
/// ```toml
/// name = "Dark"
/// counterpart = "light"        # what `t` switches to when this theme has no light variant
///
/// [dark]
/// background = "#111318"       # the screen behind the panels
/// surface = "#1C1F26"          # a widget's panel
/// foreground = "#ECEEF2"       # primary text
/// accent = "#4CA8FF"           # the tint
///
/// [dark.tokens]                # optional per-token overrides
/// secondary = "#A4ABB8"
/// ```
///
/// Colors are `"#RRGGBB"`, `"#RGB"`, an xterm palette index `0`–`255`, or an ANSI name
/// (`"black"`, `"red"`, … `"bright-white"`).
package struct Theme: Hashable, Sendable {
    /// The identifier used by `--theme` (the file name without `.toml`).
    package var name: String
    /// The name shown to people.
    package var displayName: String
    /// One line about the theme.
    package var summary: String
    /// The theme `t` switches to when this one lacks the other scheme.
    package var counterpart: String?
    /// The resolved palette of each variant the theme has.
    package var variants: [ColorScheme: Palette]

    package init(name: String, displayName: String, summary: String = "", counterpart: String? = nil, variants: [ColorScheme: Palette]) {
        self.name = name
        self.displayName = displayName
        self.summary = summary
        self.counterpart = counterpart
        self.variants = variants
    }

    /// The schemes this theme offers, light first.
    package var schemes: [ColorScheme] { ColorScheme.allCases.filter { variants[$0] != nil } }

    /// The palette for `scheme`, or the theme's only variant when it lacks that scheme.
    package func palette(for scheme: ColorScheme) -> Palette {
        variants[scheme] ?? variants[schemes.first ?? .dark] ?? .dark
    }

    /// The scheme actually shown when `scheme` is asked for.
    package func effectiveScheme(_ scheme: ColorScheme) -> ColorScheme {
        variants[scheme] != nil ? scheme : (schemes.first ?? .dark)
    }
}

/// Why a theme file was refused: where, and what was expected there.
package struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file as the user named it.
    package var file: String
    /// The 1-based line; 0 when the problem is the file as a whole.
    package var line: Int
    /// The 1-based column of the value or character the problem is about; nil for the line.
    package var column: Int?
    /// What was expected.
    package var message: String

    package init(file: String, line: Int, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: message`, as compilers print it.
    package var description: String {
        line > 0 ? "\(file):\(line)" + (column.map { ":\($0)" } ?? "") + ": \(message)" : "\(file): \(message)"
    }
}

extension Theme {
    /// The base colors a variant gives.
    static let baseKeys = ["background", "surface", "foreground", "accent"]
    /// Base colors a variant must give (surface defaults to the background).
    static let requiredBaseKeys = ["background", "foreground", "accent"]
    /// The tokens a variant may override, in file spelling.
    package static let tokenKeys = [
        "widget_background", "primary", "secondary", "tertiary", "tint", "border", "focused_border",
        "redaction", "invalidated", "status_foreground", "status_background",
        "red", "orange", "yellow", "green", "teal", "blue", "indigo", "purple", "pink", "gray",
    ]
    static let topLevelKeys = ["name", "description", "counterpart"]

    /// Parses a theme file. `name` is the theme's identifier, `file` how to name it in errors.
    package static func parse(_ text: String, name: String, file: String) throws(ThemeError) -> Theme {
        let doc: TOML.Document
        do { doc = try TOML.parse(text) } catch {
            throw ThemeError(file: file, line: error.line, column: error.column > 0 ? error.column : nil, message: error.message)
        }

        func fail(_ line: Int, _ message: String, column: Int? = nil) -> ThemeError { ThemeError(file: file, line: line, column: column, message: message) }
        /// The entry at `key`, or a failure when the key holds an array.
        func entry(_ key: String) throws(ThemeError) -> TOML.Entry? {
            if let array = doc.arrays[key] { throw fail(array.line, "expected a single value for \"\(key)\", found an array", column: array.column + 1) }
            return doc.entries[key]
        }
        func string(_ key: String) throws(ThemeError) -> String? {
            guard let entry = try entry(key) else { return nil }
            guard case .string(let s) = entry.value else {
                throw fail(entry.line, "expected a string for \"\(key)\", found \(entry.value.kindName)", column: entry.column + 1)
            }
            return s
        }

        // Every key must be one we know, so a typo is an error rather than a silent default.
        let schemeNames = ColorScheme.allCases.map(\.rawValue)
        if let (name, lines) = doc.arrayTables.min(by: { $0.value[0] < $1.value[0] }) {
            throw fail(lines[0], "unknown array of tables [[\(name)]]; expected [light], [dark], [light.tokens] or [dark.tokens]")
        }
        for key in doc.order {
            guard let line = doc.entries[key]?.line ?? doc.arrays[key]?.line else { continue }
            let parts = key.split(separator: ".").map(String.init)
            switch parts.count {
            case 1:
                guard topLevelKeys.contains(parts[0]) else {
                    throw fail(line, "unknown key \"\(key)\"; expected one of \(topLevelKeys.joined(separator: ", ")) at the top, or a [light] or [dark] table")
                }
            case 2 where schemeNames.contains(parts[0]):
                guard baseKeys.contains(parts[1]) else {
                    throw fail(line, "unknown key \"\(parts[1])\" in [\(parts[0])]; expected one of \(baseKeys.joined(separator: ", ")) (token overrides go in [\(parts[0]).tokens])")
                }
            case 3 where schemeNames.contains(parts[0]) && parts[1] == "tokens":
                guard tokenKeys.contains(parts[2]) else {
                    throw fail(line, "unknown token \"\(parts[2])\" in [\(parts[0]).tokens]; expected one of \(tokenKeys.joined(separator: ", "))")
                }
            default:
                throw fail(line, "unexpected key \"\(key)\"; expected top-level name/description/counterpart, [light]/[dark] base colors, or [light.tokens]/[dark.tokens] overrides")
            }
        }
        for (table, line) in doc.tables.sorted(by: { $0.value < $1.value }) {
            let parts = table.split(separator: ".").map(String.init)
            let known = (parts.count == 1 && schemeNames.contains(parts[0]))
                || (parts.count == 2 && schemeNames.contains(parts[0]) && parts[1] == "tokens")
            guard known else { throw fail(line, "unknown table [\(table)]; expected [light], [dark], [light.tokens] or [dark.tokens]") }
        }

        var variants: [ColorScheme: Palette] = [:]
        for scheme in ColorScheme.allCases {
            let prefix = scheme.rawValue
            let mentioned = doc.tables[prefix] != nil || doc.order.contains { $0.hasPrefix(prefix + ".") }
            guard mentioned else { continue }
            let tableLine = doc.tables[prefix] ?? doc.tables[prefix + ".tokens"] ?? 0
            func color(_ key: String) throws(ThemeError) -> TerminalColor? {
                guard let entry = try entry(key) else { return nil }
                switch entry.value {
                case .integer(let n):
                    guard (0...255).contains(n) else { throw fail(entry.line, "expected a palette index from 0 to 255 for \"\(key)\", found \(n)", column: entry.column + 1) }
                    return .indexed(UInt8(n))
                case .string(let s):
                    guard let c = ThemeColor.parse(s) else {
                        throw fail(entry.line, "expected a color for \"\(key)\": \"#RRGGBB\", \"#RGB\", a palette index 0–255 or an ANSI name such as \"bright-blue\"; found \"\(s)\"", column: entry.column + 1)
                    }
                    return c
                default:
                    throw fail(entry.line, "expected a color for \"\(key)\", found \(entry.value.kindName)", column: entry.column + 1)
                }
            }
            var base: [String: TerminalColor] = [:]
            for key in baseKeys { if let c = try color("\(prefix).\(key)") { base[key] = c } }
            for key in requiredBaseKeys where base[key] == nil {
                throw fail(tableLine, "expected \"\(key)\" in [\(prefix)] (a variant needs \(requiredBaseKeys.joined(separator: ", ")); surface is optional)")
            }
            var overrides: [String: TerminalColor] = [:]
            for key in tokenKeys { if let c = try color("\(prefix).tokens.\(key)") { overrides[key] = c } }
            guard let background = base["background"], let foreground = base["foreground"], let accent = base["accent"] else { continue }
            let bases = ThemeBase(background: background, surface: base["surface"] ?? background, foreground: foreground, accent: accent)
            variants[scheme] = bases.derive(scheme: scheme, overrides: overrides)
        }
        guard !variants.isEmpty else {
            throw fail(doc.order.isEmpty && doc.tables.isEmpty ? 0 : 1, "expected a [light] or a [dark] table with background, foreground and accent")
        }
        let counterpart = try string("counterpart")
        return Theme(
            name: name, displayName: try string("name") ?? name, summary: try string("description") ?? "",
            counterpart: counterpart, variants: variants
        )
    }
}

/// Parsing colors as theme files write them.
package enum ThemeColor {
    static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// `"#RRGGBB"`, `"#RGB"`, `"ansi:N"`/`"N"` or an ANSI name; nil when it is none of those.
    package static func parse(_ text: String) -> TerminalColor? {
        let s = text.lowercased()
        if let i = ansiNames.firstIndex(of: s) { return .indexed(UInt8(i)) }
        if s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else { return nil }
            switch hex.count {
            case 6: return .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
            case 3:
                let r = UInt8(v >> 8 & 0xF), g = UInt8(v >> 4 & 0xF), b = UInt8(v & 0xF)
                return .rgb(r * 17, g * 17, b * 17)
            default: return nil
            }
        }
        let digits = s.hasPrefix("ansi:") ? String(s.dropFirst(5)) : s
        if let n = Int(digits), (0...255).contains(n) { return .indexed(UInt8(n)) }
        return nil
    }

    /// How a color is written in a theme file (for `widgetdash themes` and goldens).
    package static func format(_ color: TerminalColor) -> String {
        switch color {
        case .default: return "default"
        case .indexed(let i): return String(i)
        case .rgb(let r, let g, let b):
            func hex(_ v: UInt8) -> String { let s = String(v, radix: 16, uppercase: true); return s.count == 1 ? "0" + s : s }
            return "#" + hex(r) + hex(g) + hex(b)
        }
    }
}

/// The base colors of one variant, and how the tokens are derived from them.
struct ThemeBase {
    var background: TerminalColor
    var surface: TerminalColor
    var foreground: TerminalColor
    var accent: TerminalColor

    /// True when the variant is written in the terminal's own 16 colors; derived colors then
    /// stay among those 16 (the nearest one to the mix), so the theme follows the terminal's palette.
    var isANSI: Bool {
        [background, surface, foreground, accent].allSatisfy { if case .indexed(let i) = $0 { i < 16 } else { false } }
    }

    /// `a` moved a fraction `t` of the way toward `b`, in the variant's color space.
    func mix(_ a: TerminalColor, _ b: TerminalColor, _ t: Double) -> TerminalColor {
        guard let x = ColorDepth.rgb(of: a), let y = ColorDepth.rgb(of: b) else { return a }
        func m(_ p: UInt8, _ q: UInt8) -> UInt8 { UInt8(max(0, min(255, (Double(p) * (1 - t) + Double(q) * t).rounded()))) }
        let mixed = TerminalColor.rgb(m(x.r, y.r), m(x.g, y.g), m(x.b, y.b))
        return isANSI ? ColorDepth.ansi16.map(mixed) : mixed
    }

    /// Every token: derived from the bases, then the overrides on top.
    func derive(scheme: ColorScheme, overrides: [String: TerminalColor]) -> Palette {
        let hues: [TerminalColor]
        if isANSI {
            // red orange yellow green teal blue indigo purple pink gray, in ANSI numbers.
            hues = scheme == .dark
                ? [9, 11, 11, 10, 14, 12, 12, 13, 13, 8].map { .indexed($0) }
                : [1, 1, 3, 2, 6, 4, 4, 5, 5, 8].map { .indexed($0) }
        } else if scheme == .dark {
            // Apple's dark system colors.
            hues = [.rgb(0xFF, 0x5F, 0x57), .rgb(0xFF, 0x9F, 0x40), .rgb(0xFF, 0xD6, 0x0A), .rgb(0x32, 0xD7, 0x4B),
                    .rgb(0x40, 0xC8, 0xE0), .rgb(0x4C, 0xA8, 0xFF), .rgb(0x7D, 0x7A, 0xFF), .rgb(0xBF, 0x5A, 0xF2),
                    .rgb(0xFF, 0x6B, 0x9A), .rgb(0x8E, 0x8E, 0x93)]
        } else {
            // Apple's accessible (increased-contrast) light system colors: readable on white.
            hues = [.rgb(0xD7, 0x00, 0x15), .rgb(0xC9, 0x34, 0x00), .rgb(0xA0, 0x5A, 0x00), .rgb(0x24, 0x8A, 0x3D),
                    .rgb(0x00, 0x7D, 0x93), .rgb(0x00, 0x40, 0xDD), .rgb(0x36, 0x34, 0xA3), .rgb(0x89, 0x44, 0xAB),
                    .rgb(0xD3, 0x0F, 0x45), .rgb(0x6C, 0x6C, 0x70)]
        }
        func o(_ key: String, _ value: TerminalColor) -> TerminalColor { overrides[key] ?? value }
        return Palette(
            background: background,
            widgetBackground: o("widget_background", surface),
            primary: o("primary", foreground),
            secondary: o("secondary", mix(foreground, surface, 0.30)),
            tertiary: o("tertiary", mix(foreground, surface, 0.45)),
            tint: o("tint", accent),
            border: o("border", mix(foreground, surface, 0.70)),
            focusedBorder: o("focused_border", accent),
            redaction: o("redaction", mix(foreground, surface, 0.55)),
            invalidated: o("invalidated", mix(foreground, surface, 0.55)),
            statusLineForeground: o("status_foreground", mix(foreground, background, 0.10)),
            statusLineBackground: o("status_background", mix(foreground, background, 0.88)),
            red: o("red", hues[0]), orange: o("orange", hues[1]), yellow: o("yellow", hues[2]),
            green: o("green", hues[3]), teal: o("teal", hues[4]), blue: o("blue", hues[5]),
            indigo: o("indigo", hues[6]), purple: o("purple", hues[7]), pink: o("pink", hues[8]),
            gray: o("gray", hues[9])
        )
    }
}

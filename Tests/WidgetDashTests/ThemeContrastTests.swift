import Foundation
import Testing
import WidgetDash
import DashTesting

/// Every built-in theme, in each of its schemes, is readable: WCAG contrast over every token
/// pair the dashboard draws, at full color and after fitting to each terminal color depth.
@Suite struct ThemeContrastTests {
    static let variants: [(Theme, ColorScheme)] = Theme.builtins.flatMap { theme in theme.schemes.map { (theme, $0) } }

    @Test func builtinsAreTheFourShipped() {
        #expect(Theme.builtins.map(\.name) == ["dark", "light", "high-contrast", "ansi16"])
        #expect(Theme.builtins.allSatisfy { !$0.schemes.isEmpty })
    }

    @Test(arguments: variants.map { "\($0.0.name)/\($0.1.rawValue)" })
    func contrastAtFullColor(_ id: String) throws {
        let (theme, scheme) = try #require(Self.variants.first { "\($0.0.name)/\($0.1.rawValue)" == id })
        let palette = theme.palette(for: scheme)
        for pair in palette.contrastPairs(hues: !palette.isANSI16) {
            let ratio = try #require(Contrast.ratio(pair.foreground, pair.background))
            #expect(ratio >= pair.minimum, "\(id): \(pair.name) is \(String(format: "%.2f", ratio)):1, needs \(pair.minimum)")
        }
    }

    @Test func highContrastReachesAAA() throws {
        let theme = try #require(Theme.builtins.first { $0.name == "high-contrast" })
        for scheme in theme.schemes {
            let p = theme.palette(for: scheme)
            for (name, color) in [("primary", p.primary), ("secondary", p.secondary), ("tertiary", p.tertiary)] {
                let ratio = try #require(Contrast.ratio(color, p.widgetBackground))
                #expect(ratio >= 7, "\(scheme) \(name): \(ratio)")
            }
        }
    }

    @Test func ansi16UsesOnlyTheTerminalsSixteenColors() throws {
        let theme = try #require(Theme.builtins.first { $0.name == "ansi16" })
        #expect(theme.schemes == [.light, .dark])
        for scheme in theme.schemes { #expect(theme.palette(for: scheme).isANSI16, "\(scheme)") }
    }

    @Test func wcagFormula() throws {
        #expect(try #require(Contrast.ratio(.rgb(0, 0, 0), .rgb(255, 255, 255))) == 21)
        #expect(try #require(Contrast.ratio(.rgb(0x77, 0x77, 0x77), .rgb(255, 255, 255))) > 4.47)
        #expect(Contrast.ratio(.default, .rgb(0, 0, 0)) == nil)
    }

    /// At 256, 16 and 8 colors, every pair is fitted by `ColorDepth.map(_: CellStyle)` as the
    /// terminal layer does; text must stay readable (primary 4.5:1 at 256 colors; at 16 and 8
    /// colors, where the nearest ANSI color is all there is, at least 3:1 for text and never
    /// the same color as its background). In monochrome, colors are dropped and the terminal's
    /// own foreground and background remain, which is legible by definition; panels must not
    /// turn into reversed highlights there.
    @Test(arguments: variants.map { "\($0.0.name)/\($0.1.rawValue)" })
    func legibleAtEveryDepth(_ id: String) throws {
        let (theme, scheme) = try #require(Self.variants.first { "\($0.0.name)/\($0.1.rawValue)" == id })
        let palette = theme.palette(for: scheme)
        for depth in [ColorDepth.indexed256, .ansi16, .ansi8] {
            for pair in palette.contrastPairs(hues: false) {
                let mapped = depth.map(CellStyle(foreground: pair.foreground, background: pair.background))
                #expect(mapped.foreground != mapped.background, "\(id) \(depth): \(pair.name) collapses")
                let ratio = try #require(Contrast.ratio(mapped.foreground, mapped.background))
                let isText = pair.minimum >= 3
                let needed = depth == .indexed256 ? pair.minimum * 0.9 : (isText ? min(pair.minimum, 3) : 1.1)
                #expect(ratio >= needed, "\(id) \(depth): \(pair.name) is \(String(format: "%.2f", ratio)):1 after mapping")
            }
        }
        let mono = ColorDepth.monochrome.map(CellStyle(foreground: palette.primary, background: palette.widgetBackground))
        #expect(mono.foreground == .default && mono.background == .default)
        #expect(!mono.attributes.contains(.reverse), "\(id): panels must not read as highlights in monochrome")
    }

    /// A readable record of each theme at each depth: what every token becomes and its contrast.
    @Test(arguments: Theme.builtins.map(\.name))
    func tokenTableGolden(_ name: String) throws {
        let theme = try #require(Theme.builtins.first { $0.name == name })
        var lines: [String] = ["theme \(theme.name) (\(theme.displayName))"]
        for scheme in theme.schemes {
            let palette = theme.palette(for: scheme)
            lines.append("")
            lines.append("[\(scheme.rawValue)]")
            lines.append("pair".padding(toLength: 46, withPad: " ", startingAt: 0) + "truecolor             256             16           8            mono")
            for pair in palette.contrastPairs(hues: !palette.isANSI16) {
                var row = pair.name.padding(toLength: 46, withPad: " ", startingAt: 0)
                for depth in [ColorDepth.trueColor, .indexed256, .ansi16, .ansi8] {
                    let m = depth.map(CellStyle(foreground: pair.foreground, background: pair.background))
                    let ratio = Contrast.ratio(m.foreground, m.background) ?? 0
                    let cell = "\(ThemeColor.format(m.foreground))/\(ThemeColor.format(m.background)) \(String(format: "%.1f", ratio))"
                    row += cell.padding(toLength: depth == .trueColor ? 22 : (depth == .indexed256 ? 16 : 13), withPad: " ", startingAt: 0)
                }
                let mono = ColorDepth.monochrome.map(CellStyle(foreground: pair.foreground, background: pair.background))
                row += mono.attributes.contains(.reverse) ? "reverse" : "plain"
                lines.append(row)
            }
        }
        Golden.assertMatches(lines, named: "theme-\(name)")
    }
}

import Foundation
import Testing
@testable import WidgetDash

/// The fifth round's shortcuts give exactly what the general paths give: text read a scalar at
/// a time, panels copied in blocks, a stack that asks fewer questions, a priority without a node.
@Suite("Render shortcuts: scalars, block copies, stack turns")
struct ScalarAndCopyShortcutTests {
    /// Every scalar `standsAlone` admits, in each range it admits.
    private static let loneScalars: [Unicode.Scalar] = {
        var all: [Unicode.Scalar] = []
        for range in [0x20...0x7E, 0xA0...0x2FF, 0x2000...0x20FF, 0x2100...0x2BFF] as [ClosedRange<UInt32>] {
            for v in range where TextWidth.standsAlone(v) { if let s = Unicode.Scalar(v) { all.append(s) } }
        }
        return all
    }()

    @Test func aScalarThatStandsAloneJoinsNoNeighbour() {
        #expect(Self.loneScalars.count > 3_000)
        for scalar in Self.loneScalars {
            let s = String(scalar)
            // A mark, joiner, selector or spacing mark joins what is before it, a prepended
            // character what follows, a jamo or regional indicator one of its kind.
            for text in [s + s, "a" + s + "b", s + "\n" + s, "\u{2500}" + s + "\u{2191}"] {
                #expect(text.count == text.unicodeScalars.count, "U+\(String(scalar.value, radix: 16))")
            }
            #expect(TextWidth.width(of: scalar) == TextWidth.width(of: Character(scalar)))
            #expect(GraphemeStorage(scalar) == GraphemeStorage(s))
        }
        // Outside the ranges: what joins is not admitted.
        for v: UInt32 in [0xAD, 0x200B, 0x200D, 0x2028, 0x2060, 0x20D0, 0x0301, 0xFE0F, 0x1F1E6, 0x1100] {
            #expect(!TextWidth.standsAlone(v))
        }
    }

    @Test func aScalarOfEveryLengthPacksAsItsString() {
        for v: UInt32 in [0x41, 0x7F, 0xE9, 0x7FF, 0x800, 0x2500, 0xFFFD, 0x10000, 0x1F600, 0x10FFFF] {
            let scalar = Unicode.Scalar(v)!
            #expect(GraphemeStorage(scalar) == GraphemeStorage(String(scalar)))
        }
    }

    /// Texts that take the scalar path, each beside one that does not (a zero-width space, a
    /// cluster of its own that draws nothing, sends it down the Character path).
    private static let texts = ["↓ 47 MB · 3 °C", "├─┐ ╶─┘ ▁▂▃█▏░", "Week 48 · Day 330…", "a\n↑ b ↓\nc ●○○",
                                "«café» — ½ ± ∞", "⌸ Everyday ⏻ up 9h ◔ 1.16", "⌚ ⭐ ☕ ▣ CPU", "☀ ✓ ★ ⚠ ⇅"]

    @Test func writingByScalarsDrawsWhatWritingByCharactersDraws() {
        #expect(TextWidth.width(of: Character("\u{200B}")) == 0)
        for text in Self.texts {
            #expect(TextWidth.scalarsStandAlone(text, newlines: true))
            #expect(!TextWidth.scalarsStandAlone(text + "\u{200B}", newlines: true))
            for clip in [CellRect(x: 0, y: 0, width: 30, height: 2), CellRect(x: 1, y: 0, width: 7, height: 1)] {
                var byScalars = Canvas(width: 30, height: 2, fill: .blank(CellStyle(background: .indexed(4))))
                var byCharacters = byScalars
                let style = CellStyle(foreground: .indexed(2))
                let a = byScalars.withClip(clip) { $0.write(text, x: 0, y: 0, style: style) }
                let b = byCharacters.withClip(clip) { $0.write(text + "\u{200B}", x: 0, y: 0, style: style) }
                #expect(a == b)
                #expect(byScalars.cells == byCharacters.cells, "\(text) in \(clip)")
            }
        }
    }

    @Test func textByScalarsRendersWhatTextByCharactersRenders() {
        var masked = EnvironmentValues()
        masked.redactionReasons = .placeholder
        for text in Self.texts {
            for env in [EnvironmentValues(), masked] {
                for size in [CellSize(width: 30, height: 3), CellSize(width: 6, height: 4), CellSize(width: 9, height: 1)] {
                    let now = Date(timeIntervalSince1970: 0)
                    let byScalars = ViewRenderer.render(Text(text), size: size, environment: env, now: now)
                    let byCharacters = ViewRenderer.render(Text(text + "\u{200B}"), size: size, environment: env, now: now)
                    #expect(byScalars.canvas == byCharacters.canvas, "\(text) at \(size)")
                }
            }
        }
    }

    @Test func aBlockCopyKeepsTheTransparentBackgroundRule() {
        var source = Canvas(width: 8, height: 2, fill: .blank(CellStyle(background: .indexed(1))))
        source.write("ab", x: 0, y: 0, style: CellStyle(foreground: .indexed(3)))
        // Cells of the default background, among others, take the target's.
        source.paintBackground(CellRect(x: 2, y: 0, width: 2, height: 1), .default)
        source.paintBackground(CellRect(x: 7, y: 1, width: 1, height: 1), .default)
        var target = Canvas(width: 10, height: 3, fill: .blank(CellStyle(foreground: .indexed(9), background: .indexed(5))))
        target.draw(source, at: CellPoint(x: 1, y: 1))
        for y in 0..<3 {
            for x in 0..<10 {
                let inside = x >= 1 && x < 9 && y >= 1
                guard inside else {
                    #expect(target[x, y] == .blank(CellStyle(foreground: .indexed(9), background: .indexed(5))))
                    continue
                }
                var expected = source[x - 1, y - 1]
                if case .default = expected.style.background { expected.style.background = .indexed(5) }
                #expect(target[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    /// Records the proposals it is asked; five columns wide at most, one row.
    private final class Asked: LayoutNode {
        var proposals: [ProposedSize] = []
        override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
            proposals.append(proposal)
            return CellSize(width: min(proposal.width ?? 5, 5), height: 1)
        }
    }

    @Test func aChildAloneInItsTurnIsNotAskedItsLongestSize() {
        let alone = Asked()
        alone.layoutPriority = 1
        let first = Asked(), second = Asked()
        let row = StackNode(axis: .horizontal, alignment: .center, spacing: 1, children: [first, alone, second])
        let size = row.sizeThatFits(ProposedSize(width: 12, height: 1), RenderContext(now: Date()))
        #expect(size == CellSize(width: 12, height: 1))
        #expect(!alone.proposals.contains { $0.width == ProposedSize.unbounded })
        // Two children of one priority are served by flexibility, so both are asked.
        #expect(first.proposals.contains { $0.width == ProposedSize.unbounded })
        #expect(second.proposals.contains { $0.width == ProposedSize.unbounded })
    }

    @Test func aPriorityIsSetOnTheContentsOwnNode() {
        let node = resolveSingle(Text("x").layoutPriority(2), EnvironmentValues(), ResolveContext())
        #expect(node is TextNode)
        #expect(node.layoutPriority == 2)
        let framed = resolveSingle(Text("x").layoutPriority(2).frame(width: 3), EnvironmentValues(), ResolveContext())
        #expect(framed.layoutPriority == 2)
    }
}

/// A text limited to one line answers the same whatever height it is offered.
@Suite("Render shortcuts: one-line texts")
struct OneLineTextShortcutTests {
    @Test func aOneLineTextIgnoresTheProposedHeight() {
        let env = EnvironmentValues()
        for text in ["plain", "a rather long label · that wraps", "↓ 47 MB/s received"] {
            let limited = resolveSingle(Text(text).lineLimit(1), env, ResolveContext())
            #expect(limited.ignoresProposedHeight)
            for width in [nil, 0, 3, 8, 40] as [Int?] {
                // A fresh node for each proposal: nothing remembered answers for another.
                let answers = [nil, 0, 1, 2, 5].map { height in
                    resolveSingle(Text(text).lineLimit(1), env, ResolveContext())
                        .sizeThatFits(ProposedSize(width: width, height: height), RenderContext(now: Date()))
                }
                #expect(Set(answers.map { [$0.width, $0.height] }).count == 1, "\(text) at width \(String(describing: width))")
            }
        }
        // More lines, or big digits, depend on the height.
        #expect(!resolveSingle(Text("a b c").lineLimit(2), env, ResolveContext()).ignoresProposedHeight)
        #expect(!resolveSingle(Text("a b c"), env, ResolveContext()).ignoresProposedHeight)
        #expect(!resolveSingle(Text("42").font(.largeTitle).lineLimit(1), env, ResolveContext()).ignoresProposedHeight)
        // A glyph is one row of its width, a bar one row, whatever is proposed.
        let glyph = resolveSingle(Image(systemName: "cpu"), env, ResolveContext())
        #expect(glyph.ignoresProposedWidth && glyph.ignoresProposedHeight)
        let bar = resolveSingle(ProgressView(value: 0.5), env, ResolveContext())
        #expect(bar.ignoresProposedHeight)
        for node in [glyph, bar] {
            let answers = [nil, 0, 1, 4].map { node.sizeThatFits(ProposedSize(width: 12, height: $0), RenderContext(now: Date())) }
            #expect(Set(answers.map { [$0.width, $0.height] }).count == 1)
        }
        // A row of them and a spacer is measured once per width.
        let row = resolveSingle(HStack { Text("a").lineLimit(1); Spacer(); Text("b c").lineLimit(1) }, env, ResolveContext())
        #expect(row.ignoresProposedHeight)
    }
}

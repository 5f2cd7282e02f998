import Foundation
import Testing
@testable import WidgetDash

/// The render path's shortcuts give exactly what the general path gives.
@Suite("Render shortcuts")
struct RenderShortcutTests {
    /// A canvas with wide glyphs where a run will cut through them, and a background to keep.
    private func scene() -> Canvas {
        var canvas = Canvas(width: 12, height: 3, fill: .blank(CellStyle(background: .indexed(4))))
        for y in 0..<3 {
            canvas.write("a漢字b界c", x: 0, y: y, style: CellStyle(foreground: .indexed(2)))
        }
        return canvas
    }

    @Test func aRunWritesWhatOnePutPerCellWrites() {
        let style = CellStyle(foreground: .indexed(1))
        let glyph = GraphemeStorage("─")
        for clip in [CellRect(x: 0, y: 0, width: 12, height: 3), CellRect(x: 2, y: 1, width: 5, height: 1),
                     CellRect(x: 4, y: 0, width: 20, height: 2)] {
            for columns in [0..<12, 2..<6, 3..<4, -3..<15, 7..<7] {
                var byPut = scene()
                var byRun = scene()
                byPut.withClip(clip) { canvas in
                    for x in columns { canvas.put(glyph, width: 1, x: x, y: 1, style: style) }
                }
                byRun.withClip(clip) { canvas in
                    canvas.writeRun(columns: columns, y: 1) { _ in Cell(glyph: glyph, width: 1, style: style) }
                }
                #expect(byRun.cells == byPut.cells, "clip \(clip), columns \(columns)")
            }
        }
    }

    @Test func aRunOutsideTheRowsWritesNothing() {
        var canvas = scene()
        canvas.writeRun(columns: 0..<12, y: 3) { _ in .blank() }
        canvas.writeRun(columns: 0..<12, y: -1) { _ in .blank() }
        #expect(canvas.cells == scene().cells)
    }

    @Test func aStackOfFixedWidthCellsIgnoresTheProposedWidth() {
        let env = EnvironmentValues()
        let row = resolveSingle(HStack(spacing: 1) {
            Text("1").frame(width: 2, alignment: .trailing)
            Text("22").padding(.horizontal, 1).frame(width: 4)
        }, env, ResolveContext())
        #expect(row.ignoresProposedWidth)
        #expect(!row.ignoresProposedHeight)
        let grid = resolveSingle(VStack { HStack { Text("1").frame(width: 2) }; Text("x").frame(width: 3).layoutPriority(1) }, env, ResolveContext())
        #expect(grid.ignoresProposedWidth)
        // A spacer in a row grows with the width, and so does a frame with a maximum.
        let spaced = resolveSingle(HStack { Text("1").frame(width: 2); Spacer() }, env, ResolveContext())
        #expect(!spaced.ignoresProposedWidth)
        let flexible = resolveSingle(Text("1").frame(width: 2).frame(maxWidth: 10), env, ResolveContext())
        #expect(!flexible.ignoresProposedWidth)
    }

    /// A remembered answer reused across widths is the answer a fresh node gives that proposal.
    @Test func answersRememberedAcrossWidthsAreTheFreshAnswers() {
        func grid() -> LayoutNode {
            resolveSingle(VStack(alignment: .leading, spacing: 1) {
                ForEach(0..<3) { row in
                    HStack(spacing: 1) {
                        ForEach(0..<7) { i in
                            Text(String(row * 7 + i + 1)).padding(.horizontal, 1).frame(width: 4, alignment: .trailing)
                        }
                    }
                }
            }, EnvironmentValues(), ResolveContext())
        }
        let proposals = [ProposedSize(width: 40, height: 5), ProposedSize(width: 0, height: 5),
                         ProposedSize(width: ProposedSize.unbounded, height: 5), ProposedSize(width: 20, height: 5),
                         ProposedSize(width: nil, height: 5), ProposedSize(width: 20, height: 2), ProposedSize(width: 7, height: nil)]
        let shared = grid()
        #expect(shared.ignoresProposedWidth)
        let now = Date(timeIntervalSince1970: 0)
        for proposal in proposals {
            let remembered = shared.sizeThatFits(proposal, RenderContext(now: now))
            let fresh = grid().sizeThatFits(proposal, RenderContext(now: now))
            #expect(remembered == fresh, "\(proposal)")
        }
    }

    @Test func textsKeepTheirPiecesWhenJoinedAndRestyled() {
        let text = (Text("a").bold() + Text("b").foregroundStyle(.secondary) + Text("c")).underline()
        #expect(text.pieces.count == 3)
        #expect(text.pieces.allSatisfy { $0.underline == true })
        #expect(text.pieces[0].bold == true && text.pieces[1].bold == nil)
        #expect(draw(text, 3, 1) == ["abc"])
        #expect(Text("x").pieces.count == 1)
    }
}

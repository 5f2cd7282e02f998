import Foundation
import Testing
@testable import WidgetDash

/// `ViewThatFits`, `fixedSize`, `offset`, `hidden`, `zIndex`, ideal frames and
/// `containerRelativeFrame`: SwiftUI's adaptive layout, in cells.
@Suite("Adaptive layout")
struct AdaptiveLayoutTests {
    /// The size `view` takes when offered `proposal` (in cells).
    func size<V: View>(_ view: V, _ proposal: ProposedSize) -> CellSize {
        resolveSingle(view, EnvironmentValues(), ResolveContext()).sizeThatFits(proposal, RenderContext(now: Date(timeIntervalSince1970: 0)))
    }

    @Test func viewThatFitsShowsTheFirstViewWhoseIdealWidthFits() {
        let view = ViewThatFits { Text("Battery 82% charging"); Text("82% ⚡"); Text("82") }
        #expect(draw(view, 24, 1) == ["  Battery 82% charging"])
        #expect(draw(view, 10, 1) == ["  82% ⚡"])
        #expect(draw(view, 4, 1) == [" 82"])
    }

    @Test func viewThatFitsShowsTheLastViewWhenNoneFits() {
        let view = ViewThatFits { Text("aaaaaaaaaa"); Text("bbbbbbbb") }
        #expect(draw(view, 5, 1) == ["bbbb…"])
    }

    @Test func viewThatFitsLooksOnlyAtTheAxesItIsGiven() {
        let column = VStack { Text("one"); Text("two"); Text("three") }
        // Both axes: three rows do not fit in two, so the one-line view is chosen.
        #expect(draw(ViewThatFits { column; Text("1 2 3") }, 5, 2) == ["1 2 3", ""])
        #expect(draw(ViewThatFits { column; Text("1 2 3") }, 5, 3) == [" one", " two", "three"])
        // Horizontal only: the column is five wide, which fits, so it is chosen and cut.
        #expect(draw(ViewThatFits(in: .horizontal) { column; Text("1 2 3") }, 5, 2) == [" one", " two"])
    }

    @Test func fixedSizeTakesTheIdealSizeWhateverIsOffered() {
        let text = Text("one two three")
        #expect(size(text, ProposedSize(width: 5, height: 5)) == CellSize(width: 5, height: 3))
        #expect(size(text.fixedSize(), ProposedSize(width: 5, height: 5)) == CellSize(width: 13, height: 1))
        // Vertical only: wraps to the width, with every line it needs even in one row.
        #expect(size(text.fixedSize(horizontal: false, vertical: true), ProposedSize(width: 5, height: 1)) == CellSize(width: 5, height: 3))
        #expect(size(text, ProposedSize(width: 5, height: 1)) == CellSize(width: 4, height: 1))
    }

    @Test func aFixedSizeTextIsCutByItsFrameNotEllipsised() {
        let lines = draw(Text("a long line").fixedSize().frame(width: 6, alignment: .leading), 6, 1)
        #expect(lines == ["a long"])
        #expect(draw(Text("a long line").lineLimit(1).frame(width: 6, alignment: .leading), 6, 1) == ["a lon…"])
    }

    @Test func offsetMovesTheDrawingNotTheLayout() {
        #expect(draw(VStack { Text("a"); Text("b").offset(y: 1) }, 1, 3) == ["a", "", "b"])
        #expect(draw(HStack(spacing: 0) { Text("a"); Text("b").offset(x: -1); Text("c") }, 3, 1) == ["b c"])
        // A view moved out of the widget is not drawn, and nothing else moves.
        #expect(draw(HStack(spacing: 0) { Text("x").offset(x: 100); Text("y") }, 2, 1) == [" y"])
    }

    @Test func offsetInPointsIsRoundedToWholeCells() {
        var env = EnvironmentValues()
        env.layoutUnit = .points
        let view = HStack(spacing: 0) { Text("a"); Text("b").offset(x: 15) }.frame(width: 36, alignment: .leading)
        let canvas = ViewRenderer.render(view, size: CellSize(width: 5, height: 1), environment: env, now: .distantPast).canvas
        #expect(canvas.lines == ["a  b "])
    }

    @Test func hiddenKeepsItsPlaceAndDrawsNothing() {
        #expect(draw(HStack(spacing: 0) { Text("a"); Text("bb").hidden(); Text("c") }, 4, 1) == ["a  c"])
    }

    @Test func zIndexDrawsHigherIndicesInFrontInAZStack() {
        #expect(draw(ZStack { Text("AAA"); Text("B") }, 3, 1) == ["ABA"])
        #expect(draw(ZStack { Text("AAA").zIndex(1); Text("B") }, 3, 1) == ["AAA"])
        #expect(draw(ZStack { Text("AAA").padding(.leading, 0).zIndex(1); Text("B") }, 3, 1) == ["AAA"])
    }

    @Test func anIdealFrameSizeStandsInForAnUnspecifiedProposal() {
        let framed = Text("hi").frame(minWidth: 1, idealWidth: 6, maxWidth: .infinity, idealHeight: 2)
        #expect(size(framed, .unspecified) == CellSize(width: 6, height: 2))
        #expect(size(framed, ProposedSize(width: 10, height: 1)) == CellSize(width: 10, height: 1))
        #expect(draw(HStack(spacing: 0) { framed.fixedSize(horizontal: true, vertical: false); Text("|") }, 10, 1) == ["   hi  |"])
    }

    @Test func anIdealFrameAroundAFixedWidthChildIsAskedAgainForEachWidth() {
        // The glyph's answer does not depend on the width offered, but the frame's does (its
        // ideal width stands in only for an unspecified one), so one node answers both.
        let node = resolveSingle(Image(systemName: "star").frame(idealWidth: 6), EnvironmentValues(), ResolveContext())
        let context = RenderContext(now: Date(timeIntervalSince1970: 0))
        #expect(node.sizeThatFits(.unspecified, context).width == 6)
        #expect(node.sizeThatFits(ProposedSize(width: 10, height: 1), context).width == 1)
    }

    @Test func containerRelativeFrameTakesAShareOfTheContentArea() {
        let half = { (s: String) in Text(s).containerRelativeFrame(.horizontal, count: 2, spacing: 0, alignment: .leading) }
        #expect(draw(HStack(spacing: 0) { half("a"); half("b") }, 10, 1) == ["a    b"])
        let whole = Text("x").containerRelativeFrame(.horizontal, alignment: .trailing)
        #expect(draw(whole, 7, 1) == ["      x"])
        let third = Text("y").containerRelativeFrame(.horizontal, alignment: .leading) { length, _ in length / 3 }
        #expect(size(third, .unspecified).width == 0)
        #expect(draw(HStack(spacing: 0) { third; Text("|") }, 9, 1) == ["  y  |"])
    }
}

import Foundation
import Testing
@testable import WidgetDash

/// `Grid`, `GridRow`, `LazyVGrid`, `LazyHGrid` and the lazy stacks, in cells.
@Suite("Grid layout")
struct GridLayoutTests {
    /// Draws `view` at the left of a `width`×`height` canvas (a grid is centred otherwise).
    func drawLeft<V: View>(_ view: V, _ width: Int, _ height: Int) -> [String] {
        draw(view.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading), width, height)
    }

    @Test func aColumnIsAsWideAsItsWidestCellAndARowAsTallAsItsTallest() {
        let grid = Grid(alignment: .leading) {
            GridRow { Text("a"); Text("bbb"); Text("c") }
            GridRow { Text("dddd"); Text("e"); VStack { Text("f"); Text("g") } }
        }
        #expect(drawLeft(grid, 12, 3) == ["a    bbb c", "dddd e   f", "         g"])
    }

    @Test func rowAndColumnAlignmentsPlaceEachCell() {
        let grid = Grid {
            GridRow(alignment: .top) { Text("x").gridColumnAlignment(.trailing); VStack { Text("1"); Text("2") } }
            GridRow { Text("yyy"); Text("3") }
        }
        #expect(drawLeft(grid, 6, 3) == ["  x 1", "    2", "yyy 3"])
    }

    @Test func aViewOutsideARowSpansTheGrid() {
        let grid = Grid(alignment: .leading, verticalSpacing: 0) {
            GridRow { Text("ab"); Text("cd") }
            Divider().gridCellUnsizedAxes(.horizontal)
            GridRow { Text("e"); Text("f") }
        }
        #expect(drawLeft(grid, 8, 3) == ["ab cd", "─────", "e  f"])
        // Without the unsized axis the divider takes all the width offered, as in SwiftUI.
        let wide = Grid(alignment: .leading) { GridRow { Text("ab"); Text("cd") }; Divider() }
        #expect(drawLeft(wide, 8, 2) == ["ab cd", "────────"])
    }

    @Test func aCellSpanningColumnsWidensThemWhenItNeedsMore() {
        let grid = Grid(alignment: .leading) {
            GridRow { Text("1"); Text("2") }
            GridRow { Text("wide text").gridCellColumns(2) }
        }
        #expect(drawLeft(grid, 12, 2) == ["1    2", "wide text"])
    }

    @Test func columnsTooWideForTheSpaceShrinkFromTheWidest() {
        let grid = Grid(alignment: .leading) {
            GridRow { Text("short"); Text("a much longer text") }
        }.lineLimit(1)
        #expect(drawLeft(grid, 12, 1) == ["short a muc…"])
    }

    @Test func flexibleCellsShareTheWidthLeft() {
        let grid = Grid(horizontalSpacing: 0) {
            GridRow { Text("a"); Color.red.frame(height: 1); Text("b") }
        }
        let canvas = ViewRenderer.render(grid, size: CellSize(width: 10, height: 1), environment: EnvironmentValues(), now: .distantPast).canvas
        #expect(canvas.lines == ["a        b"])
        #expect(canvas[5, 0].style.background != canvas[0, 0].style.background)
    }

    @Test func aGridRowOutsideAGridIsARow() {
        #expect(draw(GridRow { Text("a"); Text("b") }, 3, 1) == ["a b"])
    }

    @Test func lazyVGridFlowsViewsIntoFlexibleColumns() {
        let grid = LazyVGrid(columns: [GridItem(.flexible(minimum: 1)), GridItem(.flexible(minimum: 1))]) {
            ForEach(1..<5) { Text("\($0)") }
        }
        #expect(draw(grid, 9, 2) == [" 1    2", " 3    4"])
    }

    @Test func adaptiveColumnsAreAsManyAsFitAtTheirMinimum() {
        let grid = LazyVGrid(columns: [GridItem(.adaptive(minimum: 3), spacing: 1, alignment: .leading)]) {
            ForEach(["a", "b", "c", "d", "e"], id: \.self) { Text($0) }
        }
        #expect(draw(grid, 11, 2) == ["a   b   c", "d   e"])
        // Asked how wide it could grow (as a stack asks), it answers with one track, not a
        // track for every column of an unbounded width.
        let node = resolveSingle(grid, EnvironmentValues(), ResolveContext())
        let widest = node.sizeThatFits(ProposedSize(width: ProposedSize.unbounded, height: nil), RenderContext(now: .distantPast))
        #expect(widest == CellSize(width: 3, height: 5))
    }

    @Test func fixedColumnsTakeTheirSize() {
        let grid = LazyVGrid(columns: [GridItem(.fixed(2), alignment: .leading), GridItem(.fixed(3), alignment: .trailing)], spacing: 1) {
            Text("a"); Text("b"); Text("c"); Text("d")
        }
        #expect(drawLeft(grid, 8, 3) == ["a    b", "", "c    d"])
    }

    @Test func lazyHGridFlowsViewsIntoRows() {
        let grid = LazyHGrid(rows: [GridItem(.fixed(1)), GridItem(.fixed(1))]) {
            ForEach(1..<5) { Text("\($0)") }
        }
        #expect(drawLeft(grid, 5, 2) == ["1 3", "2 4"])
    }

    @Test func lazyStacksAreStacks() {
        #expect(draw(LazyVStack(alignment: .leading) { Text("a"); Text("bcd") }, 3, 2) == ["a", "bcd"])
        #expect(draw(LazyHStack(spacing: 2) { Text("a"); Text("b") }, 4, 1) == ["a  b"])
    }
}

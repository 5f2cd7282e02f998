import Foundation
import Testing
@testable import WidgetDash

/// `GeometryReader`: content made for the size the reader is given.
@Suite("Geometry reader")
struct GeometryReaderTests {
    func render<V: View>(_ view: V, _ width: Int, _ height: Int, unit: LayoutUnit = .cells, family: WidgetFamily = .systemSmall) -> Canvas {
        var env = EnvironmentValues()
        env.layoutUnit = unit
        env.widgetFamily = family
        return ViewRenderer.render(view, size: CellSize(width: width, height: height), environment: env, now: Date(timeIntervalSince1970: 0)).canvas
    }

    /// The columns of row `y` whose background is `color`.
    func columns(_ canvas: Canvas, _ y: Int, _ color: TerminalColor) -> [Int] {
        (0..<canvas.width).filter { canvas[$0, y].style.background == color }
    }

    @Test func aProgressBarIsAFractionOfTheReadersWidth() {
        let red = EnvironmentValues().palette.red
        let bar = GeometryReader { geo in Capsule().fill(.red).frame(width: geo.size.width * 0.5, height: 1) }
        #expect(columns(render(bar, 10, 1), 0, red) == Array(0..<5))
        // In points, as iOS code counts: 72 points across ten columns, half of it is five columns.
        let inPoints = GeometryReader { geo in Capsule().fill(.red).frame(width: geo.size.width * 0.5, height: 14) }
        #expect(columns(render(inPoints, 10, 1, unit: .points), 0, red) == Array(0..<5))
    }

    @Test func theReaderTakesTheSpaceItsStackLeaves() {
        let row = HStack(spacing: 0) {
            Text("ab")
            GeometryReader { geo in Text("\(Int(geo.size.width))×\(Int(geo.size.height))") }
        }
        #expect(render(row, 8, 2).lines == ["ab6×2   ", "        "])
    }

    @Test func theGlobalFrameIsWhereTheReaderSitsInTheWidget() {
        let row = HStack(spacing: 0) {
            Text("abc")
            GeometryReader { geo in Text("\(Int(geo.frame(in: .global).minX)),\(Int(geo.frame(in: .local).minX))") }
        }
        #expect(render(row, 8, 1).lines == ["abc3,0  "])
    }

    struct FamilyReader: View {
        @Environment(\.widgetFamily) var family
        var body: some View {
            GeometryReader { _ in Text(family == .systemMedium ? "medium" : "other") }
        }
    }

    @Test func environmentPropertiesReadInTheContentAnswerAsInABody() {
        #expect(render(FamilyReader(), 6, 1, family: .systemMedium).lines == ["medium"])
        #expect(render(FamilyReader(), 6, 1, family: .systemSmall).lines == ["other "])
    }
}

@testable import DashCatalog
import Foundation
import Testing
@testable import WidgetDash

/// The month grid's cells are one line each, so the grid answers the same whatever is proposed.
@Suite("Month grid layout")
struct MonthGridLayoutTests {
    @Test func theGridIgnoresBothDimensionsOfAProposal() {
        let env = Render.environment(.systemLarge)
        for date in [SampleData.date, Date(timeIntervalSince1970: 1_709_164_800)] {   // and 2024-02-29
            let month = MonthFacts(date: date, calendar: env.calendar)
            for grid in [MonthGrid(month: month), MonthGrid(month: month, cellWidth: 4, rowSpacing: 1, showsWeekNumbers: true)] {
                let node = resolveSingle(grid, env, ResolveContext())
                #expect(node.ignoresProposedWidth && node.ignoresProposedHeight)
                // So a fresh grid asked at a cramped proposal answers its ideal size.
                let ideal = node.sizeThatFits(.unspecified, RenderContext(now: date))
                let cramped = resolveSingle(grid, env, ResolveContext()).sizeThatFits(ProposedSize(width: 3, height: 0), RenderContext(now: date))
                #expect(cramped == ideal)
                #expect(ideal.width == (grid.showsWeekNumbers ? 2 + 1 : 0) + 7 * grid.cellWidth + 6)
            }
        }
    }
}

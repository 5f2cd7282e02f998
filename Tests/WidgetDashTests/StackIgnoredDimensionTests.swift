import Foundation
import Testing
@testable import WidgetDash

/// A stack drops from its allocation a dimension all its children ignore: it lays out and draws
/// exactly as a stack that asks every child at every proposal.
@Suite("Stack ignored dimensions")
struct StackIgnoredDimensionTests {
    private let now = Date(timeIntervalSince1970: 0)

    /// A month grid of one-line cells (its rows ignore both dimensions), rows with spacers and
    /// priorities whose children ignore the height, and a column of one-line texts (which
    /// ignores the height).
    private func scenes() -> [LayoutNode] {
        let env = EnvironmentValues()
        let grid = resolveSingle(VStack(alignment: .leading, spacing: 1) {
            ForEach(0..<3) { row in
                HStack(spacing: 1) {
                    Text("W\(row)").frame(width: 2, alignment: .trailing)
                    ForEach(0..<7) { i in
                        Text(String(row * 7 + i + 1)).padding(.horizontal, 1).frame(width: 4, alignment: .trailing)
                    }
                }
            }
        }.lineLimit(1), env, ResolveContext())
        // A number too long for its cell wraps, so its cell and row depend on the height.
        let narrow = resolveSingle(VStack(spacing: 0) {
            HStack(spacing: 1) { Text("12").frame(width: 2); Text("123456").frame(width: 4); Text("7").padding(.horizontal, 1).frame(width: 3) }
            HStack(spacing: 1) { Text("8").frame(width: 2); Spacer() }
        }, env, ResolveContext())
        let rows = resolveSingle(VStack(spacing: 0) {
            HStack { Text("left side").lineLimit(1); Spacer(); Text("right").lineLimit(1).layoutPriority(1) }
            HStack(spacing: 2) { Text("abc").lineLimit(1); Text("defgh ij").lineLimit(1) }
            Text("a longer line that wraps when narrow")
        }, env, ResolveContext())
        let column = resolveSingle(HStack(alignment: .top) {
            VStack(alignment: .leading) { Text("one").lineLimit(1); Divider(); Text("three words here").lineLimit(1) }
            Text("beside it, wrapping")
        }, env, ResolveContext())
        return [grid, narrow, rows, column]
    }

    /// Clears the flags on every node in the tree, so each stack is allocated, and each node
    /// remembers its answers, at the whole proposal.
    private func forgetIgnoredDimensions(_ node: LayoutNode) {
        node.ignoresProposedWidth = false
        node.ignoresProposedHeight = false
        if let stack = node as? StackNode { stack.children.forEach(forgetIgnoredDimensions) }
        if let wrapper = node as? WrappingNode { forgetIgnoredDimensions(wrapper.child) }
    }

    @Test func theScenesHaveStacksThatIgnoreADimension() {
        let scenes = scenes()
        #expect(scenes[0].ignoresProposedWidth && scenes[0].ignoresProposedHeight)
        #expect(!scenes[1].ignoresProposedHeight)
        #expect((scenes[2] as? StackNode)?.children.prefix(2).allSatisfy(\.ignoresProposedHeight) == true)
        #expect((scenes[3] as? StackNode)?.children.first?.ignoresProposedHeight == true)
    }

    @Test func answersAreThoseOfAStackAskingAtEveryProposal() {
        let proposals = [ProposedSize(width: 40, height: 9), ProposedSize(width: 0, height: 9),
                         ProposedSize(width: ProposedSize.unbounded, height: 0), ProposedSize(width: 20, height: ProposedSize.unbounded),
                         ProposedSize(width: nil, height: 5), ProposedSize(width: 12, height: 2), ProposedSize(width: 7, height: nil),
                         ProposedSize(width: 40, height: 9)]
        for (index, (fast, full)) in zip(scenes(), scenes()).enumerated() {
            forgetIgnoredDimensions(full)
            for proposal in proposals {
                #expect(fast.sizeThatFits(proposal, RenderContext(now: now)) == full.sizeThatFits(proposal, RenderContext(now: now)),
                        "scene \(index), \(proposal)")
            }
        }
    }

    @Test func drawingIsThatOfAStackAskingAtEveryProposal() {
        for (width, height) in [(40, 9), (46, 11), (18, 5), (8, 3), (60, 2)] {
            for (index, (fast, full)) in zip(scenes(), scenes()).enumerated() {
                forgetIgnoredDimensions(full)
                let rect = CellRect(x: 0, y: 0, width: width, height: height)
                var byFast = Canvas(width: width, height: height)
                var byFull = Canvas(width: width, height: height)
                // Measured first, as a parent does, then drawn at a size other than the one asked.
                _ = fast.sizeThatFits(ProposedSize(width: width, height: 0), RenderContext(now: now))
                _ = full.sizeThatFits(ProposedSize(width: width, height: 0), RenderContext(now: now))
                fast.render(in: rect, canvas: &byFast, RenderContext(now: now))
                full.render(in: rect, canvas: &byFull, RenderContext(now: now))
                #expect(byFast.cells == byFull.cells, "scene \(index) at \(width)x\(height)")
            }
        }
    }
}

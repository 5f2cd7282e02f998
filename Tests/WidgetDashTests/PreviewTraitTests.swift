import Foundation
import Testing
import WidgetDash

// A view's `#Preview` with SwiftUI's traits: the layout traits size it, counting points as the
// iOS code it comes from does; orientations change nothing.

#Preview("fits", traits: .sizeThatFitsLayout) {
    Text("tight")
}

#Preview("fixed", traits: .fixedLayout(width: 144, height: 43.2), .landscapeLeft) {
    Text("x")
}

#Preview("points", traits: .portrait, .sizeThatFitsLayout) {
    Text("p").padding(14.4)
}

@Suite struct PreviewTraitTests {
    static func sizes() async throws -> [String: CellSize] {
        var sizes: [String: CellSize] = [:]
        for preview in PreviewRegistry.discovered() where preview.fileID.hasSuffix("/PreviewTraitTests.swift") {
            let frame = try #require(try await preview.frames(PreviewSetting(date: Date())).first)
            sizes[preview.name ?? ""] = frame.normal.canvas.size
        }
        return sizes
    }

    @Test func layoutTraitsSizeAViewPreviewInPoints() async throws {
        let sizes = try await Self.sizes()
        #expect(sizes["fits"] == CellSize(width: 5, height: 1))
        // 144 by 43.2 points: 20 columns by 3 rows, whatever the orientation says.
        #expect(sizes["fixed"] == CellSize(width: 20, height: 3))
        // 14.4 points of padding: two columns either side, one row above and below.
        #expect(sizes["points"] == CellSize(width: 5, height: 3))
    }
}

@testable import DashCore
import Testing
import WidgetDash

/// An extension draws its controls' labels and its activities' views at the sizes the host's
/// screens give them; its copies of those sizes (WidgetDash cannot see DashCore) must agree.
@Suite struct ExtensionPresenterLimitsTests {
    @Test func anExtensionDrawsAtTheSizesTheHostsScreensUse() {
        // A tile's label row: the tile less its border and two columns of padding each side.
        #expect(WireControlValue.labelSize == CellSize(width: ControlCenterScreen.tileSize.width - 4, height: 1))
        #expect(WireActivityViews.compactLimit == CellSize(width: ActivityPresenter.compactSideWidth, height: 1))
        #expect(WireActivityViews.minimalLimit == CellSize(width: ActivityPresenter.minimalWidth, height: 1))
        #expect(WireActivityViews.expandedRegionHeight == ActivityPresenter.expandedTopHeight)
        #expect(WireActivityViews.expandedRegionHeight == ActivityPresenter.expandedBottomHeight)
        #expect(WireActivityViews.expandedInnerWidth == Dashboard.expandedIslandWidth - 4)
        #expect(WireActivityViews.lockScreenLimit.height == ActivityPresenter.lockScreenHeight)
    }
}

import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// Every built-in widget in every family it supports, drawn as a whole panel at a fixed moment
/// with its sample data, compared with the text kept in `Goldens/`.
///
/// `WIDGETDASH_RECORD=1 swift test --filter WidgetGoldens` re-records them after a deliberate
/// change (that run fails for every golden it rewrote); review the diff of the .txt files, then
/// run again without the switch.
@Suite("Widget goldens")
struct WidgetGoldenTests {
    static let cases: [(String, WidgetFamily)] = BuiltinWidgets().widgetDescriptions.flatMap { d in
        d.supportedFamilies.map { (d.kind, $0) }
    }

    @Test(arguments: cases)
    func widgetInFamilyMatchesGolden(kind: String, family: WidgetFamily) async throws {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == kind })
        let env = EnvironmentValues.utcGregorian
        let rendered = await WidgetSnapshot.renderPreview(description, family: family, at: SampleData.date, environment: env)
        // The panel is exactly the family's size, whatever the content.
        #expect(rendered.canvas.size == family.size)
        for line in rendered.canvas.lines { #expect(TextWidth.width(of: line) == family.size.width) }
        Golden.assertMatches(rendered.canvas.lines, named: "\(kind)-\(family.shortName)")
    }

    @Test func everyWidgetHasAGoldenForEveryFamily() {
        #expect(Self.cases.count >= 17)
    }
}

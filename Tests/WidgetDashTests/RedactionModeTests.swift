import Foundation
import Testing
import WidgetDash

/// Redaction as authors see it, and the rendering modes.
@Suite struct RedactionModeTests {
    struct ReasonsProbe: View {
        @Environment(\.redactionReasons) var reasons
        var body: some View { Text(reasons.contains(.privacy) ? "private" : "public") }
    }

    func render<V: View>(_ view: V, _ env: EnvironmentValues = EnvironmentValues(), width: Int = 12) -> RenderedView {
        ViewRenderer.render(view, size: CellSize(width: width, height: 1), environment: env, now: Date(timeIntervalSince1970: 0))
    }

    @Test func authorsReadRedactionReasons() {
        #expect(render(ReasonsProbe()).canvas.lines == ["   public   "])
        #expect(render(ReasonsProbe().redacted(reason: .privacy)).canvas.lines == ["  private   "])
        #expect(render(ReasonsProbe().unredacted().redacted(reason: .privacy)).canvas.lines == ["   public   "])
    }

    @Test func privacyMasksOnlySensitiveContentAndKeepsWidth() {
        var env = EnvironmentValues()
        env.redactionReasons = [.privacy]
        let view = HStack(spacing: 1) { Text("Bal"); Text("$128.45").privacySensitive() }
        #expect(render(view, env).canvas.lines[0].trimmingCharacters(in: .whitespaces) == "Bal ▒▒▒▒▒▒▒")
        // A container marked sensitive masks everything in it.
        let container = HStack(spacing: 1) { Text("Bal"); Text("12") }.privacySensitive()
        #expect(render(container, env).canvas.lines[0].trimmingCharacters(in: .whitespaces) == "▒▒▒ ▒▒")
        // Unlocked, nothing is masked.
        #expect(render(view).canvas.lines[0].contains("$128.45"))
    }

    @Test func vibrantAndAccentedResolveColors() {
        var env = EnvironmentValues()
        env.widgetRenderingMode = .vibrant
        let red = render(Text("x").foregroundStyle(.red), env).canvas
        let cell = red.lines[0].firstIndex(of: "x").map { red.lines[0].distance(from: red.lines[0].startIndex, to: $0) } ?? 0
        #expect(red[cell, 0].style.foreground == env.palette.primary)
        env.widgetRenderingMode = .accented
        let accent = render(Text("x").foregroundStyle(.red).widgetAccentable(), env).canvas
        #expect(accent[cell, 0].style.foreground == env.palette.tint)
        let plain = render(Text("x").foregroundStyle(.red), env).canvas
        #expect(plain[cell, 0].style.foreground == env.palette.primary)
    }
}

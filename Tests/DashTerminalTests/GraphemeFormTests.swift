import DashCore
@testable import DashTerminal
import Testing
import WidgetDash

/// The stand-ins a terminal that does not cluster is given, one test per cluster class.
///
/// Widths come from the project's own scalar table (controls unprintable, as `wcwidth` says),
/// so the rules are tested apart from the C library's locale; the tmux tests check them
/// against a real terminal.
@Suite("Grapheme cluster stand-ins")
struct GraphemeFormTests {
    static func width(_ v: UInt32) -> Int32 {
        guard let scalar = Unicode.Scalar(v) else { return -1 }
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return -1 }
        return Int32(TextWidth.width(of: scalar))
    }

    /// The stand-in of `cluster` in the cell width the canvas counts for it.
    func legacy(_ cluster: Character) -> String {
        let form = GraphemeForm.legacy(of: String(cluster), cellWidth: TextWidth.width(of: cluster), scalarWidth: Self.width)
        return String(String.UnicodeScalarView(form.compactMap(Unicode.Scalar.init)))
    }

    func needsWhole(_ cluster: Character) -> Bool {
        GraphemeForm.needsWholeCluster(String(cluster), cellWidth: TextWidth.width(of: cluster), scalarWidth: Self.width)
    }

    /// The columns the stand-in takes where each scalar is drawn at its own width.
    func columns(_ form: String) -> Int { form.unicodeScalars.reduce(0) { $0 + max(0, Int(Self.width($1.value))) } }

    @Test("CJK and combining marks are drawn as they are")
    func unchanged() {
        for cluster: Character in ["漢", "か", "e\u{301}", "a\u{308}\u{323}", "ñ"] {
            #expect(legacy(cluster) == String(cluster))
            #expect(!needsWhole(cluster), "\(cluster)")
        }
    }

    @Test("a ZWJ family or profession is drawn as its first emoji, never with a joiner")
    func zwjSequences() {
        #expect(legacy("👨‍👩‍👧‍👦") == "👨")
        #expect(legacy("👩‍💻") == "👩")
        #expect(legacy("🧑🏽‍🚀") == "🧑")
        #expect(legacy("🏳️‍🌈") == "🏳")
        for cluster: Character in ["👨‍👩‍👧‍👦", "👩‍💻", "🧑🏽‍🚀", "🏳️‍🌈"] {
            #expect(!legacy(cluster).unicodeScalars.contains("\u{200D}"))
            #expect(columns(legacy(cluster)) <= TextWidth.width(of: cluster))
            #expect(needsWhole(cluster))
        }
    }

    @Test("a flag is drawn as its country code")
    func flags() {
        #expect(legacy("🇯🇵") == "JP")
        #expect(legacy("🇺🇦") == "UA")
        #expect(columns(legacy("🇯🇵")) == TextWidth.width(of: "🇯🇵" as Character))
        #expect(needsWhole("🇯🇵"))
        // A lone regional indicator is its letter; a subdivision flag is its black flag.
        #expect(legacy("🇯") == "J")
        #expect(legacy("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == "🏴")
    }

    @Test("skin-tone modifiers are dropped")
    func skinTones() {
        #expect(legacy("👍🏽") == "👍")
        #expect(legacy("👋🏿") == "👋")
        #expect(needsWhole("👍🏽"))
        #expect(!needsWhole("👍"))
    }

    @Test("VS15 and VS16 are dropped: the base is drawn at its own width")
    func variationSelectors() {
        #expect(legacy("❤️") == "❤")
        #expect(columns(legacy("❤️")) == 1)  // the second of its two columns is blanked
        #expect(legacy("✈︎") == "✈")
        #expect(legacy("漢\u{FE0E}") == "漢")
        #expect(needsWhole("❤️"))
    }

    @Test("a keycap keeps its enclosing mark on the digit")
    func keycaps() {
        #expect(legacy("1️⃣") == "1\u{20E3}")
        #expect(legacy("#️⃣") == "#\u{20E3}")
        #expect(needsWhole("1️⃣"))
    }

    @Test("nothing drawable is nothing; an unprintable base is kept for its placeholder")
    func edges() {
        #expect(GraphemeForm.legacy(of: "\u{200D}", scalarWidth: Self.width).isEmpty)
        #expect(GraphemeForm.legacy(of: "\u{301}", scalarWidth: Self.width).isEmpty)
        #expect(GraphemeForm.legacy(of: "\u{7}", cellWidth: 1, scalarWidth: Self.width) == [7])
        // At most four combining marks join a base in one ncurses cell.
        let stacked = "a" + String(repeating: "\u{301}", count: 7)
        #expect(GraphemeForm.legacy(of: stacked, cellWidth: 1, scalarWidth: Self.width).count == 5)
    }

    @Test("the drawing follows the configured mode, and the terminal's answer in auto")
    func drawingMode() {
        #expect(GraphemeDrawing.resolve(.auto, probe: .reset) == .clusters)
        #expect(GraphemeDrawing.resolve(.auto, probe: .set) == .clusters)
        #expect(GraphemeDrawing.resolve(.auto, probe: .permanentlySet) == .clusters)
        #expect(GraphemeDrawing.resolve(.auto, probe: .notSupported) == .legacy)
        #expect(GraphemeDrawing.resolve(.auto, probe: .silent) == .legacy)
        #expect(GraphemeDrawing.resolve(.legacy, probe: .reset) == .legacy)
        #expect(GraphemeDrawing.resolve(.clusters, probe: .silent) == .clusters)
    }
}

import Foundation
import Testing
@testable import WidgetDash

/// `Image(bitmap:)`: fitted with its aspect, centred, half blocks in color, braille in one
/// color, transparent pixels left alone, masked when redacted.
@Suite("Bitmap images")
struct BitmapImageTests {
    static let red = Bitmap.Pixel(red: 255, green: 0, blue: 0)
    static let blue = Bitmap.Pixel(red: 0, green: 0, blue: 255)
    static let white = Bitmap.Pixel(red: 255, green: 255, blue: 255)
    static let black = Bitmap.Pixel(red: 0, green: 0, blue: 0)

    static func render(_ view: some View, _ w: Int, _ h: Int, mode: WidgetRenderingMode = .fullColor,
                       scheme: ColorScheme = .dark, redaction: RedactionReasons = []) -> Canvas {
        var env = EnvironmentValues()
        env.widgetRenderingMode = mode
        env.colorScheme = scheme
        env.redactionReasons = redaction
        return ViewRenderer.render(view, size: CellSize(width: w, height: h), environment: env, now: Date(timeIntervalSince1970: 0)).canvas
    }

    @Test("Half blocks: the top pixel is the foreground, the bottom one the background")
    func halfBlocks() {
        // 2×2: red over blue in the left column, blue over red in the right.
        let bitmap = Bitmap(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? Self.red : Self.blue }
        let canvas = Self.render(Image(bitmap: bitmap), 2, 1)
        #expect(canvas.lines == ["▀▀"])
        #expect(canvas[0, 0].style.foreground == .rgb(255, 0, 0) && canvas[0, 0].style.background == .rgb(0, 0, 255))
        #expect(canvas[1, 0].style.foreground == .rgb(0, 0, 255) && canvas[1, 0].style.background == .rgb(255, 0, 0))
        // Marked as picture cells, which the terminal's color fitting leaves alone.
        #expect(canvas[0, 0].style.attributes == .image)
    }

    @Test("Fitted with its aspect and centred: a 4×2 picture in 10×10 cells is 10×5 pixels, mid-height")
    func fitAndCentre() {
        let bitmap = Bitmap(width: 4, height: 2, fill: Self.red)
        let canvas = Self.render(Image(bitmap: bitmap), 10, 10)
        // 10 columns × 20 pixel rows offered; 10×5 pixels used: three cell rows, centred (rows
        // 3 to 5), the last holding only the fifth pixel row.
        #expect(canvas.lines[2] == String(repeating: " ", count: 10))
        #expect(canvas.lines[3] == String(repeating: "▀", count: 10) && canvas.lines[4] == canvas.lines[3] && canvas.lines[5] == canvas.lines[3])
        #expect(canvas[0, 4].style.background == .rgb(255, 0, 0))
        #expect(canvas[0, 5].style.foreground == .rgb(255, 0, 0) && canvas[0, 5].style.background != .rgb(255, 0, 0))
        #expect(canvas.lines[6] == String(repeating: " ", count: 10))
        // In a stack the image asks for the cells it fills, no more.
        let stacked = Self.render(VStack(spacing: 0) { Image(bitmap: bitmap); Text("caption") }, 10, 10)
        #expect(stacked.lines.filter { $0.contains("▀") || $0.contains("▄") }.count == 3)
        #expect(stacked.lines.contains { $0.contains("caption") })
    }

    @Test("Small pictures grow to fit, by the nearest pixel; tall ones are centred across")
    func growAndTall() {
        let checker = Bitmap(width: 2, height: 2) { x, y in (x + y) % 2 == 0 ? Self.white : Self.black }
        let canvas = Self.render(Image(bitmap: checker), 4, 2)
        // 4 columns × 4 pixel rows: each source pixel becomes 2×2.
        #expect(canvas[0, 0].style.foreground == .rgb(255, 255, 255) && canvas[0, 0].style.background == .rgb(255, 255, 255))
        #expect(canvas[2, 0].style.foreground == .rgb(0, 0, 0))
        #expect(canvas[0, 1].style.foreground == .rgb(0, 0, 0))
        let tall = Self.render(Image(bitmap: Bitmap(width: 1, height: 4, fill: Self.red)), 6, 2)
        #expect(tall.lines == ["  ▀   ", "  ▀   "])
    }

    @Test("Transparent pixels draw nothing: what is behind shows through")
    func transparency() {
        let bitmap = Bitmap(width: 2, height: 2) { x, y in y == 0 && x == 0 ? Self.red : (y == 1 && x == 1 ? Self.blue : .clear) }
        let canvas = Self.render(Image(bitmap: bitmap).background(Color.green), 2, 1)
        #expect(canvas.lines == ["▀▄"])
        #expect(canvas[0, 0].style.foreground == .rgb(255, 0, 0))
        #expect(canvas[0, 0].style.background == Palette.dark.green)
        #expect(canvas[1, 0].style.foreground == .rgb(0, 0, 255))
        #expect(canvas[1, 0].style.background == Palette.dark.green)
    }

    @Test("Braille: light dots on a dark scheme, dark dots on a light one; one color in vibrant")
    func braille() {
        // 2×4 pixels is one braille cell: the left column white, the right black.
        let bitmap = Bitmap(width: 2, height: 4) { x, _ in x == 0 ? Self.white : Self.black }
        let dark = Self.render(Image(bitmap: bitmap).bitmapRendering(.braille), 1, 1)
        #expect(dark.lines == ["⡇"])                        // dots 1, 2, 3 and 7: the left column
        #expect(dark[0, 0].style.foreground == .rgb(255, 255, 255))  // full color: the dots' own color
        let light = Self.render(Image(bitmap: bitmap).bitmapRendering(.braille), 1, 1, scheme: .light)
        #expect(light.lines == ["⢸"])                       // dots 4, 5, 6 and 8: the right column
        let vibrant = Self.render(Image(bitmap: bitmap), 1, 1, mode: .vibrant)
        #expect(vibrant.lines == ["⡇"])
        #expect(vibrant[0, 0].style.foreground == Palette.dark.primary)
        // An even grey is dithered into about half the dots, not all or none.
        let grey = Bitmap(width: 8, height: 8, fill: Bitmap.Pixel(red: 128, green: 128, blue: 128))
        let gradient = Bitmap(width: 8, height: 8) { x, _ in x < 4 ? Bitmap.Pixel(red: 120, green: 120, blue: 120) : Bitmap.Pixel(red: 136, green: 136, blue: 136) }
        for picture in [grey, gradient] {
            let dots = Self.render(Image(bitmap: picture).bitmapRendering(.braille), 4, 2).lines.joined().unicodeScalars
                .map { $0.value >= 0x2800 && $0.value <= 0x28FF ? ($0.value - 0x2800).nonzeroBitCount : 0 }.reduce(0, +)
            #expect(dots >= 20 && dots <= 44, "\(dots) of 64")
        }
    }

    @Test("A redacted picture is a mask of its size")
    func redacted() {
        // 4×2 in 6×3 cells: 6×3 pixels, two rows of six cells.
        let canvas = Self.render(Image(bitmap: Bitmap(width: 4, height: 2, fill: Self.red)), 6, 3, redaction: .placeholder)
        #expect(canvas.lines.filter { $0 == "▒▒▒▒▒▒" }.count == 2)
        #expect(!canvas.lines.joined().contains("▀"))
    }

    @Test("An empty bitmap takes no room")
    func empty() {
        let canvas = Self.render(HStack(spacing: 0) { Image(bitmap: Bitmap(width: 0, height: 0)); Text("x") }, 3, 1)
        #expect(canvas.lines == [" x "])
    }
}

/// How a bitmap is drawn in cells.
public enum BitmapRendering: Hashable, Sendable {
    /// Half blocks in the full-color rendering mode, braille in the accented and vibrant
    /// modes (the lock screen), where a picture must be one color.
    case automatic
    /// Upper half blocks `▀`: the cell's foreground is the top pixel and its background the
    /// bottom one, so a cell holds two pixels in color.
    case halfBlocks
    /// Braille: 2×4 dots a cell, in one color (or each cell in its average color in the
    /// full-color mode), dithered so that shades survive. Also what suits a terminal
    /// without colors.
    case braille
}

extension Image {
    /// A picture drawn in cells, as SwiftUI's `Image(uiImage:)` with `.resizable()` and
    /// `.scaledToFit()`: it takes the largest size that fits what it is offered with its
    /// aspect kept (a cell is two pixels tall in half blocks, four dots in braille), centred.
    ///
    /// ```swift
    /// Image(bitmap: photo.bitmap)
    ///     .bitmapRendering(.braille)     // default .automatic
    /// ```
    ///
    /// Pixels with alpha below one half are not drawn: the panel shows through.
    public init(bitmap: Bitmap) {
        glyph = ""
        color = nil
        self.bitmap = bitmap
    }

    /// How the bitmap is drawn (no effect on a symbol image).
    public func bitmapRendering(_ rendering: BitmapRendering) -> Image {
        var copy = self
        copy.bitmapRendering = rendering
        return copy
    }
}

/// Draws a bitmap fitted and centred in its rectangle.
final class BitmapNode: LayoutNode {
    enum Mode { case halfBlocks, braille }

    let bitmap: Bitmap
    let mode: Mode
    /// Braille: one color for every dot, or nil for each cell's own average color.
    let dotColor: TerminalColor?
    /// Braille dots mark light pixels on a dark scheme and dark ones on a light scheme.
    let dotsAreLight: Bool
    /// Set when the picture is redacted: drawn as a mask of its size.
    let mask: CellStyle?

    init(bitmap: Bitmap, rendering: BitmapRendering, color: AnyShapeStyle?, _ env: EnvironmentValues) {
        self.bitmap = bitmap
        switch rendering {
        case .halfBlocks: mode = .halfBlocks
        case .braille: mode = .braille
        case .automatic: mode = env.widgetRenderingMode == .fullColor ? .halfBlocks : .braille
        }
        if env.dimsContent {
            dotColor = env.palette.invalidated
        } else if let color {
            dotColor = env.resolve(color)
        } else if env.widgetRenderingMode != .fullColor {
            dotColor = env.resolve(env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary))
        } else {
            dotColor = nil
        }
        dotsAreLight = env.colorScheme == .dark
        mask = env.masksContent ? CellStyle(foreground: env.palette.redaction) : nil
    }

    /// Pixels per cell on each axis.
    private var density: (x: Int, y: Int) { mode == .halfBlocks ? (1, 2) : (2, 4) }

    /// The bitmap's size scaled (up or down) to the largest that fits `cells`, in pixels.
    private func fittedPixels(in cells: CellSize) -> PixelSize {
        guard !bitmap.isEmpty, cells.width > 0, cells.height > 0 else { return PixelSize(width: 0, height: 0) }
        return bitmap.size.scaled(toFit: PixelSize(width: cells.width * density.x, height: cells.height * density.y))
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        guard !bitmap.isEmpty else { return .zero }
        // Unbounded: one bitmap pixel per pixel of the rendering.
        let natural = CellSize(width: (bitmap.width + density.x - 1) / density.x, height: (bitmap.height + density.y - 1) / density.y)
        let box = CellSize(width: min(proposal.width ?? natural.width, natural.width * 64),
                           height: min(proposal.height ?? natural.height, natural.height * 64))
        let pixels = fittedPixels(in: box)
        return CellSize(width: (pixels.width + density.x - 1) / density.x, height: (pixels.height + density.y - 1) / density.y)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let pixels = fittedPixels(in: rect.size)
        guard pixels.width > 0, pixels.height > 0 else { return }
        let picture = bitmap.resampled(to: pixels)
        // Centred to the pixel: an odd leftover row of half blocks starts the picture halfway
        // down its first cell.
        let padX = (rect.width * density.x - pixels.width) / 2
        let padY = (rect.height * density.y - pixels.height) / 2
        if let mask {
            let cols = (padX + pixels.width + density.x - 1) / density.x - padX / density.x
            let rows = (padY + pixels.height + density.y - 1) / density.y - padY / density.y
            for r in 0..<rows {
                for c in 0..<cols { canvas.put("▒", width: 1, x: rect.x + padX / density.x + c, y: rect.y + padY / density.y + r, style: mask) }
            }
            return
        }
        switch mode {
        case .halfBlocks: drawHalfBlocks(picture, padX: padX, padY: padY, rect: rect, canvas: &canvas)
        case .braille: drawBraille(picture, padX: padX, padY: padY, rect: rect, canvas: &canvas)
        }
    }

    private static func color(_ p: Bitmap.Pixel) -> TerminalColor { .rgb(p.red, p.green, p.blue) }

    private func drawHalfBlocks(_ picture: Bitmap, padX: Int, padY: Int, rect: CellRect, canvas: inout Canvas) {
        func pixel(_ x: Int, _ y: Int) -> Bitmap.Pixel? {
            let px = x - padX, py = y - padY
            guard px >= 0, py >= 0, px < picture.width, py < picture.height else { return nil }
            let p = picture[px, py]
            return p.alpha >= 128 ? p : nil
        }
        for row in 0..<rect.height {
            for col in 0..<rect.width {
                let top = pixel(col, row * 2), bottom = pixel(col, row * 2 + 1)
                let x = rect.x + col, y = rect.y + row
                switch (top, bottom) {
                case let (t?, b?):
                    canvas.put("▀", width: 1, x: x, y: y, style: CellStyle(foreground: Self.color(t), background: Self.color(b), attributes: .image))
                case let (t?, nil):
                    canvas.put("▀", width: 1, x: x, y: y, style: CellStyle(foreground: Self.color(t), attributes: .image))
                case let (nil, b?):
                    canvas.put("▄", width: 1, x: x, y: y, style: CellStyle(foreground: Self.color(b), attributes: .image))
                case (nil, nil):
                    break
                }
            }
        }
    }

    /// Floyd–Steinberg dithering of the luminance into dots, then one braille cell per 2×4.
    private func drawBraille(_ picture: Bitmap, padX: Int, padY: Int, rect: CellRect, canvas: inout Canvas) {
        let w = picture.width, h = picture.height
        var level = [Double](repeating: 0, count: w * h)
        var opaque = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let p = picture[x, y]
                level[y * w + x] = dotsAreLight ? p.luminance : 1 - p.luminance
                opaque[y * w + x] = p.alpha >= 128
            }
        }
        // Stretch the levels to the picture's own range, so a dim or hazy photo still gets
        // solid and empty areas rather than an even stipple.
        let shown = level.indices.filter { opaque[$0] }.map { level[$0] }
        if let low = shown.min(), let high = shown.max(), high - low > 0.05 {
            for i in level.indices { level[i] = (level[i] - low) / (high - low) }
        }
        var dots = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 0..<w where opaque[y * w + x] {
                let i = y * w + x
                let on = level[i] >= 0.5
                dots[i] = on
                let error = level[i] - (on ? 1 : 0)
                if x + 1 < w { level[i + 1] += error * 7 / 16 }
                if y + 1 < h {
                    if x > 0 { level[i + w - 1] += error * 3 / 16 }
                    level[i + w] += error * 5 / 16
                    if x + 1 < w { level[i + w + 1] += error * 1 / 16 }
                }
            }
        }
        // Bit of each dot in a braille cell, by (column, row).
        let bits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]
        for row in 0..<rect.height {
            for col in 0..<rect.width {
                var pattern: UInt32 = 0
                var sums = (r: 0, g: 0, b: 0, n: 0)
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let px = col * 2 + dx - padX, py = row * 4 + dy - padY
                        guard px >= 0, py >= 0, px < w, py < h, opaque[py * w + px] else { continue }
                        let p = picture[px, py]
                        if dots[py * w + px] {
                            pattern |= bits[dx][dy]
                            sums.r += Int(p.red)
                            sums.g += Int(p.green)
                            sums.b += Int(p.blue)
                            sums.n += 1
                        }
                    }
                }
                guard pattern != 0, let scalar = Unicode.Scalar(0x2800 + pattern) else { continue }
                let foreground = dotColor ?? .rgb(UInt8(sums.r / sums.n), UInt8(sums.g / sums.n), UInt8(sums.b / sums.n))
                canvas.put(Character(scalar), width: 1, x: rect.x + col, y: rect.y + row, style: CellStyle(foreground: foreground, attributes: .image))
            }
        }
    }
}

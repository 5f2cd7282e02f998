import CNcursesw
import DashCore
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Grapheme clusters: the 2027 probe at start, and whole clusters written past ncurses.
extension Terminal {
    /// Decides how clusters are drawn, asking the terminal unless the mode is `legacy`, and
    /// sets mode 2027 when clusters are drawn and the terminal has it off. Runs before ncurses
    /// takes the terminal, so the answers never reach its key decoder.
    func chooseGraphemeDrawing() {
        let mode = GraphemeMode.resolve(environment: environment, config: configuredGraphemes)
        let answer: GraphemeProbe.Answer? = mode == .legacy ? nil : GraphemeProbe.ask(input: inputFD, output: outputFD)
        graphemeProbeAnswer = answer
        graphemeDrawing = GraphemeDrawing.resolve(mode, probe: answer)
        // Set only what was off (or unknown), so only that is reset on the way out.
        clusteringEnabled = graphemeDrawing == .clusters && answer != .set && answer != .permanentlySet
        if clusteringEnabled { writeOut(GraphemeProbe.enable) }
    }

    /// Puts mode 2027 back as it was before ``chooseGraphemeDrawing()`` set it.
    func resetClustering() {
        if clusteringEnabled { writeOut(GraphemeProbe.disable) }
    }

    /// Sets mode 2027 again after a suspend, when this terminal had set it.
    func restoreClustering() {
        if clusteringEnabled { writeOut(GraphemeProbe.enable) }
    }

    /// Writes every cluster of the rows drawn this frame whole, over the stand-in ncurses drew.
    ///
    /// ncurses cells hold one spacing character and four combining marks and count width with
    /// `wcwidth`, so they cannot hold a ZWJ sequence or a flag at the canvas's width. ncurses
    /// keeps the stand-in (the same columns), and the cluster goes straight to the terminal at
    /// its cell, inside save/restore cursor (DECSC/DECRC restore the position and the
    /// attributes ncurses believes are current). ncurses rewrites cells only on rows that
    /// changed, and may rewrite unchanged ones there, so every cluster on such a row is written
    /// again.
    func writeWholeClusters(_ canvas: Canvas) {
        guard !rowsWritten.isEmpty else { return }
        let rows = min(canvas.height, Int(wd_lines()))
        let cols = min(canvas.width, Int(wd_cols()))
        var out: [UInt8] = []
        for y in rowsWritten where y < rows {
            for x in 0..<cols {
                let cell = canvas[x, y]
                if cell.isContinuation || cell.isASCII { continue }
                let text = cell.text
                let width = cell.width == 2 ? 2 : 1
                if x + width > cols { continue }
                guard GraphemeForm.needsWholeCluster(text, cellWidth: width, scalarWidth: Self.scalarWidth) else { continue }
                out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
                out += Array(ANSI.sgr(colorDepth.map(cell.style)).utf8)
                out += Array(text.utf8)
            }
        }
        guard !out.isEmpty else { return }
        writeOut(Array("\u{1B}7".utf8) + out + Array("\u{1B}8".utf8))
    }

    /// Writes bytes to the terminal after whatever ncurses has buffered.
    func writeOut(_ bytes: [UInt8]) {
        // ncurses writes through a stdio stream (standard output, or the device's): empty it first.
        if let deviceStream { fflush(deviceStream) } else { fflush(nil) }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return write(outputFD, base + offset, raw.count - offset)
            }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }
}

import ArgumentParser
import DashCore
import DashTerminal
import Foundation
import WidgetDash

/// Benchmarks that print figures (never pass/fail): build with `-c release` for real numbers.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure rendering and scheduling; prints figures.",
        subcommands: [RenderBench.self, SchedulerBench.self, ExtensionBench.self, PrometheusBench.self]
    )
}

/// Lays out and draws a full screen of widgets many times.
struct RenderBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Time a full-screen layout and render, and count the bytes of a one-second tick."
    )

    @Option(help: "Frames to time.") var frames = 1000
    @Option(name: .customLong("widget"), parsing: .singleValue,
            help: ArgumentHelp("Fill the screen with these widgets instead of the default home screen (repeatable).", valueName: "KIND@FAMILY"))
    var widgets: [String] = []
    @Option(help: "Screen width in cells.") var width = 200
    @Option(help: "Screen height in cells.") var height = 60
    @Option(help: ArgumentHelp("Which full frames to time: 'kept' (the views kept from the last frame), 'remade' (every view made anew) or 'both'.", valueName: "kept|remade|both"))
    var views: ViewsTimed = .both
    @OptionGroup var extensions: ExtensionOptions

    enum ViewsTimed: String, ExpressibleByArgument, CaseIterable {
        case kept, remade, both
    }

    func run() async throws {
        let size = CellSize(width: width, height: height)
        let start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970).rounded(.down))
        let clock = ManualClock(start)
        // Enough widgets to fill the screen: the default home screen (or the chosen widgets),
        // repeated until there are at least 24.
        var chosen: [WidgetPlacement] = []
        let known = extensions.knownWidgets(configFile: ConfigCommand.file(nil)).widgets
        for text in widgets {
            switch WidgetPlacement.parse(text, widgets: known) {
            case .success(let p): chosen.append(p)
            case .failure(let error):
                printError("--widget \(text): \(error)")
                throw ExitStatus.usage
            }
        }
        let base = chosen.isEmpty ? DefaultHomeScreen.placements : chosen
        var placements: [WidgetPlacement] = []
        while placements.count < 24 { placements += base }
        let dashboard = Dashboard(widgets: known, placements: placements, clock: clock)
        _ = dashboard.handle(.resize(size))
        await dashboard.settle()
        dashboard.advance()

        var screen = dashboard.render(size: size)

        // Full frames: every widget laid out and drawn, the screen composed; its views are kept
        // from the last frame, as they are while the entries stand (a resize, a screen closed,
        // a live text's tick). Then the same with every view made anew from its entry, as when
        // every widget has a new entry at once.
        let kept = views == .remade ? nil : time(frames: frames) {
            dashboard.invalidateAll()
            screen = dashboard.render(size: size)
        }
        let remade = views == .kept ? nil : time(frames: frames) {
            dashboard.invalidateAll(remakingViews: true)
            screen = dashboard.render(size: size)
        }

        let visibleCount = dashboard.visibleWidgetCount
        let fullBytes = ANSI.update(from: nil, to: screen).count

        // A one-second tick: only what changed is drawn and written.
        var tickBytes: [Int] = []
        var tickCells: [Int] = []
        for _ in 0..<10 {
            let before = screen
            clock.advance(by: 1)
            dashboard.advance()
            screen = dashboard.render(size: size)
            tickCells.append(ScreenDiff.changedCells(from: before, to: screen))
            tickBytes.append(ANSI.update(from: before, to: screen).count)
        }
        let avgBytes = Double(tickBytes.reduce(0, +)) / Double(tickBytes.count)
        let avgCells = Double(tickCells.reduce(0, +)) / Double(tickCells.count)

        print("render bench: \(width)×\(height), \(dashboard.instances.count) widgets placed, \(visibleCount) on screen, \(frames) frames")
        if let kept {
            print(String(format: "  full layout + render: %.3f ms/frame median, %.3f ms best (%.0f frames/s)", kept.median * 1000, kept.best * 1000, 1 / kept.median))
        }
        if let remade {
            print(String(format: "  with every view made anew: %.3f ms/frame median, %.3f ms best", remade.median * 1000, remade.best * 1000))
        }
        print("  full repaint: \(fullBytes) bytes")
        print(String(format: "  one-second tick: %.1f cells changed, %.1f bytes written per tick (max %d)", avgCells, avgBytes, tickBytes.max() ?? 0))
    }

    /// Runs `frame` `frames` times, timed in batches; the median and the best batch's time per
    /// frame, so that a busy machine skews the figure less.
    private func time(frames: Int, _ frame: () -> Void) -> (median: Double, best: Double) {
        let batch = max(1, min(100, frames / 10))
        var batchTimes: [Double] = []
        var done = 0
        while done < frames {
            let started = ContinuousClock.now
            for _ in 0..<batch { frame() }
            batchTimes.append(seconds(ContinuousClock.now - started) / Double(batch))
            done += batch
        }
        batchTimes.sort()
        return (batchTimes[batchTimes.count / 2], batchTimes[0])
    }

    private func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

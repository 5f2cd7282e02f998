import Foundation
import WidgetDash

/// Reloading the config without holding up the loop.
///
/// A change starts one reading on the ``BackgroundRunner`` (text, TOML, the extensions it
/// lists, placements, theme file: ``ConfigReading``); the result comes back through the inbox
/// and is applied here. At most one reading is in flight: a change while it runs marks it
/// stale, and when it lands it is dropped and the file read again, so what is applied is
/// always the newest file. Quitting never waits: the loop is free while a reading runs, and
/// a reading still running when the process ends is simply never applied.
extension DashboardShell {
    /// Reads the config again: off the loop when the shell has a ``BackgroundReading``, else
    /// at once (``reloadConfig()``).
    public func requestReading() {
        guard let background = options.backgroundReading else { return reloadConfig() }
        if readingInFlight != nil {
            readAgain = true
            return
        }
        readingGeneration += 1
        readingInFlight = readingGeneration
        let generation = readingGeneration
        let reading = ConfigReading(files: options.files, file: options.commandLine.placements == nil ? options.config.file : nil,
                                    resolvers: options.resolvers, catalog: background.catalog, library: options.presentation.library,
                                    themeFromCommandLine: options.commandLine.theme)
        let mailbox = readings
        let wake = waker
        background.runner.run {
            mailbox.post(reading.read(), generation: generation)
            wake?()
        }
    }

    /// True while a reading of the config runs off the loop.
    public var isReadingConfig: Bool { readingInFlight != nil }

    /// Takes in a finished reading: applies it unless a newer change or a reload on the loop
    /// made it stale (a change while it ran starts the next reading now).
    func finishReading(_ generation: Int, _ result: consuming ConfigReadResult?) {
        if generation == readingInFlight { readingInFlight = nil }
        if readAgain && readingInFlight == nil {
            readAgain = false
            requestReading()
            return
        }
        guard generation == readingGeneration, let result else { return }
        apply(result)
    }

    /// Applies what a reading found: a new catalog when its extensions changed, then, unless
    /// the config has errors (which keep what runs and say what is wrong), a new dashboard.
    func apply(_ result: consuming ConfigReadResult) {
        let previousText = loadedText
        loadedText = result.text
        let newCatalog = result.catalog.flatMap { $0.signature == catalogSignature ? nil : $0 }
        let shownExtensionProblems = newCatalog?.problems ?? extensionProblems
        if let load = result.load, newCatalog == nil, result.text == previousText, problems == load.problems + extensionProblems { return }
        if let load = result.load, load.hasErrors {
            // Keep what runs; say what is wrong.
            problems = load.problems + shownExtensionProblems
            showsProblems = true
            dirty = true
            return
        }
        if let newCatalog {
            catalogSignature = newCatalog.signature
            catalogWidgets = newCatalog.widgets
            controls = newCatalog.controls
            extensionProblems = newCatalog.problems
        }
        // Read off the loop with its network settings: the base URLs apply from now on.
        if result.catalog != nil, let load = result.load { networkSources = load.config.network.sources }
        let old = dashboard
        let wasLocked = old.isLocked
        let page = old.currentPage
        dashboard = build(result.load, theme: result.theme)
        if let link { dashboard.attach(link) } else if let waker { dashboard.attach(waker: waker) }
        _ = dashboard.handle(.resize(screenSize))
        if wasLocked { dashboard.lockNow() }
        dashboard.turnPage(to: page)
        // A notice still showing ("Added …", said before the reading landed) stays.
        dashboard.presentation.notice = old.presentation.notice
        previews.removeAll()
        asked.removeAll()
        dirty = true
    }
}

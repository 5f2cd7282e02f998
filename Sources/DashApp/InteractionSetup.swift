import DashCatalog
import DashHost
import Foundation
import WidgetDash

/// Start-up for interactivity: where widget state is kept, the controls, the link opener.
enum InteractionSetup {
    /// Keeps `WidgetSharedDefaults` in the data directory's state file, so counters, to-do
    /// lists and timers survive a restart.
    static func installStateStore() throws {
        let directory = JSONFileStateStore.dataDirectory()
        do {
            WidgetSharedDefaults._setStore(try JSONFileStateStore(directory: directory))
        } catch {
            printError("cannot use the data directory \(directory.path): \(error)")
            throw ExitStatus.dataError
        }
    }

    /// Everything `run` needs before the first dashboard is made.
    static func prepare(opener: String?) throws {
        try installStateStore()
        InteractionDefaults.controls = KnownWidgets.controls
        InteractionDefaults.opener = LinkOpener.resolve(option: opener)
    }
}

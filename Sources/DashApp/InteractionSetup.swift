import DashCatalog
import DashCore
import DashSystem
import Foundation
import WidgetDash

/// Start-up for interactivity: where widget state is kept, screen time, the controls, the
/// link opener; `run` makes one before its first dashboard and hands it to the shell.
struct InteractionSetup {
    /// Where `WidgetSharedDefaults` keeps its suites (screen time too).
    let stateStore: any WidgetStateStore
    /// The screen-time recorder the terminal loop reports to.
    let screenTime: ScreenTimeRecorder
    /// `WidgetCenter`'s way to whichever dashboard the shell runs.
    let widgetCenter: WidgetCenterRelay
    /// Where http(s) links go; nil opens every link in the detail view.
    let opener: LinkOpener?

    /// The data directory's state file, where `WidgetSharedDefaults` keeps counters, to-do
    /// lists and timers so they survive a restart.
    static func stateStore() throws -> any WidgetStateStore {
        let directory = JSONFileStateStore.dataDirectory()
        do {
            return try JSONFileStateStore(directory: directory)
        } catch {
            printError("cannot use the data directory \(directory.path): \(error)")
            throw ExitStatus.dataError
        }
    }

    /// Runs `body` with `WidgetSharedDefaults` reading the state file (`widgetdash todo`).
    static func withStateStore<R>(_ body: () throws -> R) throws -> R {
        var services = WidgetServices.current
        services.sharedDefaults = try stateStore()
        return try services.bind(body)
    }

    /// Everything `run` needs before the first dashboard is made.
    static func prepare(opener: String?) throws -> InteractionSetup {
        let store = try stateStore()
        let widgetCenter = WidgetCenterRelay()
        // Screen time is kept in the same state file. After a suspend, the widgets that show
        // it reload (as an app tells WidgetCenter its data changed): their live counters ran on.
        let recorder = ScreenTimeRecorder(store: store, didResume: {
            WidgetCenter(handler: widgetCenter.handler).reloadTimelines(ofKind: ScreenTimeWidget.kind)
        })
        return InteractionSetup(stateStore: store, screenTime: recorder, widgetCenter: widgetCenter,
                                opener: LinkOpener.resolve(option: opener))
    }

    /// Gives the shell's dashboards what was set up: the services widget code reaches, the
    /// controls and the link opener.
    func apply(to options: inout ShellOptions, controls: [ControlDescription]) {
        options.controls = controls
        options.opener = opener
        options.services.sharedDefaults = stateStore
        options.services.screenTime = screenTime.backing
        options.services.widgetCenter = widgetCenter.handler
        options.widgetCenter = widgetCenter
    }
}

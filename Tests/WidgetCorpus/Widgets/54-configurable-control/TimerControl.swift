//
//  NamedTimerControl.swift
//  TimerControlExtension
//
//  A configurable Control Center toggle (iOS 18): the person names the timer when adding
//  the control, and a button control beside it.
//

import WidgetDash

struct NamedTimerControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        AppIntentControlConfiguration(
            kind: "com.example.NamedTimerControl",
            provider: Provider()
        ) { value in
            ControlWidgetToggle(
                "Start Timer",
                isOn: value.isRunning,
                action: StartNamedTimerIntent(value.name)
            ) { isRunning in
                Label(isRunning ? "On" : "Off", systemImage: "timer")
            }
            .tint(.orange)
        }
        .displayName("Named Timer")
        .description("Starts a timer with a name.")
    }
}

extension NamedTimerControl {
    struct Value {
        var isRunning: Bool
        var name: String
    }

    struct Provider: AppIntentControlValueProvider {
        func previewValue(configuration: TimerConfiguration) -> Value {
            NamedTimerControl.Value(isRunning: false, name: configuration.timerName)
        }

        func currentValue(configuration: TimerConfiguration) async throws -> Value {
            let isRunning = true // Check if the timer is running
            return NamedTimerControl.Value(isRunning: isRunning, name: configuration.timerName)
        }
    }
}

struct TimerConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Timer Name Configuration"

    @Parameter(title: "Timer Name", default: "Timer")
    var timerName: String
}

struct StartNamedTimerIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Start a timer"

    @Parameter(title: "Timer Name")
    var name: String

    @Parameter(title: "Timer is running")
    var value: Bool

    init() {}

    init(_ name: String) {
        self.name = name
    }

    func perform() async throws -> some IntentResult {
        // Start the timer…
        return .result()
    }
}

struct LapControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "com.example.LapControl") {
            ControlWidgetButton(action: LapIntent()) {
                Label("Lap", systemImage: "stopwatch")
            }
        }
        .displayName("Lap")
    }
}

struct LapIntent: AppIntent {
    static let title: LocalizedStringResource = "Record a Lap"
    static let description = IntentDescription("Records a lap on the running timer.", categoryName: "Timers")

    func perform() async throws -> some IntentResult & ProvidesDialog {
        return .result(dialog: "Lap recorded")
    }
}

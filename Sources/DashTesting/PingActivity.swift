import Foundation
import Synchronization
import WidgetDash

// The Ping Live Activity: a fixture both the core's tests (the island, the lock screen's cards)
// and the system's (the activities in the shared store) use, so it is written once here.

/// A small activity type for tests: a name, and a count with a note (to pad payloads exactly).
package struct PingAttributes: ActivityAttributes {
    package struct ContentState: Codable, Hashable, Sendable {
        package var count: Int
        package var note: String = ""

        package init(count: Int, note: String = "") {
            self.count = count
            self.note = note
        }
    }
    package var name: String

    package init(name: String) { self.name = name }
}

/// Taps on the Ping activity's button, counted (a type, not an instance: intents are values).
package enum PingTaps {
    package static let counter = TapCounter()
}

/// A count any thread may raise.
package final class TapCounter: Sendable {
    private let value = Mutex(0)
    package init() {}
    package func increment() { value.withLock { $0 += 1 } }
    package var count: Int { value.withLock { $0 } }
}

package struct PingIntent: AppIntent {
    package static let title = "Ping"
    package init() {}
    package func perform() async throws { PingTaps.counter.increment() }
}

/// The Ping activity's views: its count everywhere, a button in every presentation (so tests
/// see which presentations let it act).
package struct PingLiveActivity: Widget {
    package init() {}
    package var body: some WidgetConfiguration {
        ActivityConfiguration(for: PingAttributes.self) { context in
            VStack(alignment: .leading, spacing: 0) {
                Text("\(context.attributes.name) \(context.state.count)")
                Button("Ping", intent: PingIntent())
            }
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.leading) { Text(context.attributes.name) }
                DynamicIslandExpandedRegion(.trailing) { Text("\(context.state.count)") }
                DynamicIslandExpandedRegion(.bottom) { Button("Ping", intent: PingIntent()) }
            } compactLeading: {
                Text(context.attributes.name)
            } compactTrailing: {
                Button("\(context.state.count)", intent: PingIntent())
            } minimal: {
                Text("\(context.state.count)")
            }
        }
    }
}

package struct PingBundle: WidgetBundle {
    package init() {}
    package var body: some Widget { PingLiveActivity() }
}

/// Encodes a value canonically or fails the test.
package func encoded<T: Encodable>(_ value: T) throws -> Data { try ActivityCoding.encode(value) }

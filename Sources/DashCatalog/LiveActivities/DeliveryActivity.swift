import Foundation
import WidgetDash

/// A food order on its way: ActivityKit's pizza-delivery example as a widgetdash Live Activity.
///
/// Scripts start it with
/// `widgetdash activity start delivery --attributes '{"orderNumber":"1042","item":"Margherita"}' --state '{"status":"Baking","eta":"2026-11-24T19:30:00Z"}'`.
public struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable, Sendable {
        /// Where the order is, in words: "Baking", "Out for delivery".
        public var status: String
        /// When it should arrive; the views count down to it.
        public var eta: Date
        /// Who brings it, once someone does.
        public var driver: String?

        public init(status: String, eta: Date, driver: String? = nil) {
            self.status = status
            self.eta = eta
            self.driver = driver
        }
    }

    public var orderNumber: String
    public var item: String

    public init(orderNumber: String, item: String) {
        self.orderNumber = orderNumber
        self.item = item
    }
}

/// The delivery's views: the lock screen card and the Dynamic Island.
public struct DeliveryLiveActivity: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            DeliveryCard(context: context)
        } dynamicIsland: { context in
            let eta = Text(timerInterval: ActivityCountdown.range(to: context.state.eta), countsDown: true, showsHours: false)
            return DynamicIsland {
                DynamicIslandExpandedRegion(.leading) {
                    HStack(spacing: 1) {
                        Text("🍕")
                        Text("#" + context.attributes.orderNumber).bold()
                    }
                }
                DynamicIslandExpandedRegion(.trailing) {
                    eta.bold().foregroundStyle(.orange)
                }
                DynamicIslandExpandedRegion(.center) {
                    Text(context.attributes.item).lineLimit(1)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text(DeliveryCard.statusLine(context.state)).foregroundStyle(.secondary).lineLimit(1)
                        if context.isStale { Text("No news for a while").foregroundStyle(.orange) }
                    }
                }
            } compactLeading: {
                Text("🍕")
            } compactTrailing: {
                eta.foregroundStyle(.orange)
            } minimal: {
                Text("🍕")
            }
            .keylineTint(.orange)
        }
        .configurationDisplayName("Delivery")
        .description("An order on its way. attributes {\"orderNumber\": String, \"item\": String}; state {\"status\": String, \"eta\": ISO-8601, \"driver\": String?}")
        .activityBackgroundTint(nil)
        .previewContext(DeliveryAttributes(orderNumber: "1042", item: "Margherita, large"),
                        state: .init(status: "Out for delivery", eta: SampleData.date.addingTimeInterval(12 * 60 + 30), driver: "Sam"))
    }
}

/// The delivery on the lock screen: the order, its status and driver, and the time left.
struct DeliveryCard: View {
    let context: ActivityViewContext<DeliveryAttributes>

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text("🍕")
                    Text("Order #\(context.attributes.orderNumber)").bold()
                }
                Text(context.attributes.item).foregroundStyle(.secondary).lineLimit(1)
                Text(Self.statusLine(context.state)).lineLimit(1)
                if context.isStale { Text("No news for a while").foregroundStyle(.orange) }
            }
            Spacer(minLength: 0)
            VStack(alignment: .trailing, spacing: 0) {
                Text("arrives in").foregroundStyle(.secondary)
                Text(timerInterval: ActivityCountdown.range(to: context.state.eta), countsDown: true, showsHours: false)
                    .font(.largeTitle).foregroundStyle(.orange)
            }
        }
    }

    /// "Out for delivery with Sam".
    static func statusLine(_ state: DeliveryAttributes.ContentState) -> String {
        guard let driver = state.driver, !driver.isEmpty else { return state.status }
        return "\(state.status) with \(driver)"
    }
}

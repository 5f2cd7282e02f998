//
//  DeliveryActivity.swift
//  DeliveryWidgetExtension
//
//  A Live Activity for a food delivery: the attributes, the lock screen and Dynamic Island
//  views, and the app code that starts, updates and ends it.
//

import WidgetDash

struct DeliveryAttributes: ActivityAttributes {
    public struct ContentState: Codable, Hashable {
        var status: String
        var estimatedDelivery: Date
        var courierName: String?
    }

    var orderNumber: String
    var restaurant: String
}

struct DeliveryLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: DeliveryAttributes.self) { context in
            // Lock screen/banner UI goes here
            VStack(alignment: .leading) {
                HStack {
                    Text(context.attributes.restaurant)
                        .font(.headline)
                    Spacer()
                    Text("#\(context.attributes.orderNumber)")
                        .foregroundStyle(.secondary)
                }
                Text(context.state.status)
                Text(timerInterval: Date.now...context.state.estimatedDelivery, countsDown: true)
                    .monospacedDigit()
            }
            .padding()
            .activityBackgroundTint(Color.cyan)
            .activitySystemActionForegroundColor(Color.black)
        } dynamicIsland: { context in
            DynamicIsland {
                // Expanded UI goes here.  Compose the expanded UI through
                // various regions, like leading/trailing/center/bottom
                DynamicIslandExpandedRegion(.leading) {
                    Label(context.attributes.restaurant, systemImage: "takeoutbag.and.cup.and.straw")
                }
                DynamicIslandExpandedRegion(.trailing) {
                    Text(context.state.estimatedDelivery, style: .timer)
                }
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.status)
                    if let courier = context.state.courierName {
                        Text("\(courier) is on the way")
                    }
                }
            } compactLeading: {
                Image(systemName: "takeoutbag.and.cup.and.straw")
            } compactTrailing: {
                Text(context.state.estimatedDelivery, style: .timer)
            } minimal: {
                Image(systemName: "takeoutbag.and.cup.and.straw")
            }
            .widgetURL(URL(string: "delivery://order/\(context.attributes.orderNumber)"))
            .keylineTint(Color.red)
        }
    }
}

enum DeliveryActivityController {
    static func start(order: String) throws -> Activity<DeliveryAttributes>? {
        guard ActivityAuthorizationInfo().areActivitiesEnabled else { return nil }
        let attributes = DeliveryAttributes(orderNumber: order, restaurant: "Pizza Place")
        let state = DeliveryAttributes.ContentState(status: "Preparing", estimatedDelivery: Date().addingTimeInterval(30 * 60), courierName: nil)
        let content = ActivityContent(state: state, staleDate: Date().addingTimeInterval(60 * 60), relevanceScore: 50)
        return try Activity.request(attributes: attributes, content: content, pushType: .token)
    }

    static func courierAssigned(_ activity: Activity<DeliveryAttributes>, name: String) async {
        let state = DeliveryAttributes.ContentState(status: "On its way", estimatedDelivery: Date().addingTimeInterval(15 * 60), courierName: name)
        let alert = AlertConfiguration(title: "Your order is on its way", body: "\(name) picked up your order.", sound: .default)
        await activity.update(ActivityContent(state: state, staleDate: nil), alertConfiguration: alert)
    }

    static func delivered(_ activity: Activity<DeliveryAttributes>) async {
        let state = DeliveryAttributes.ContentState(status: "Delivered", estimatedDelivery: .now, courierName: nil)
        await activity.end(ActivityContent(state: state, staleDate: nil), dismissalPolicy: .after(.now.addingTimeInterval(15 * 60)))
    }

    static func observe(_ activity: Activity<DeliveryAttributes>) {
        Task {
            for await token in activity.pushTokenUpdates {
                let hex = token.map { String(format: "%02x", $0) }.joined()
                print("push token: \(hex)")
            }
        }
        Task {
            for await state in activity.activityStateUpdates {
                if state == .dismissed || state == .ended {
                    print("delivery activity finished: \(state)")
                }
            }
        }
    }

    static func endAll() async {
        for activity in Activity<DeliveryAttributes>.activities {
            await activity.end(nil, dismissalPolicy: .immediate)
        }
    }
}

extension DeliveryAttributes {
    fileprivate static var preview: DeliveryAttributes {
        DeliveryAttributes(orderNumber: "1042", restaurant: "Pizza Place")
    }
}

extension DeliveryAttributes.ContentState {
    fileprivate static var preparing: DeliveryAttributes.ContentState {
        DeliveryAttributes.ContentState(status: "Preparing", estimatedDelivery: .now.addingTimeInterval(1800), courierName: nil)
    }
}

#Preview("Notification", as: .content, using: DeliveryAttributes.preview) {
    DeliveryLiveActivity()
} contentStates: {
    DeliveryAttributes.ContentState.preparing
}

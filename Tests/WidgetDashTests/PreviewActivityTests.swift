import Foundation
import Testing
import WidgetDash

// `#Preview` of a Live Activity, as ActivityKit's documentation writes one: the attributes, the
// presentation, and a content state per frame.

struct PreviewProbeAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var step: String
    }

    var order: String
}

struct PreviewProbeActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: PreviewProbeAttributes.self) { context in
            Text("order \(context.attributes.order): \(context.state.step)")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) {
                    Text("now \(context.state.step)")
                }
            } compactLeading: {
                Text("L")
            } compactTrailing: {
                Text(context.state.step)
            } minimal: {
                Text("M")
            }
        }
    }
}

#Preview("probe card", as: .content, using: PreviewProbeAttributes(order: "42")) {
    PreviewProbeActivity()
} contentStates: {
    PreviewProbeAttributes.ContentState(step: "cooking")
    PreviewProbeAttributes.ContentState(step: "on its way")
}

#Preview("probe island", as: .dynamicIsland(.compact), using: PreviewProbeAttributes(order: "7")) {
    PreviewProbeActivity()
} contentStates: {
    PreviewProbeAttributes.ContentState(step: "ready")
}

#Preview("not an activity", as: .content, using: PreviewProbeAttributes(order: "1")) {
    PreviewProbeWidget()
} contentStates: {
    PreviewProbeAttributes.ContentState(step: "never drawn")
}

@Suite struct PreviewActivityTests {
    static var previews: [_Preview] {
        PreviewRegistry.discovered().filter { $0.fileID.hasSuffix("/PreviewActivityTests.swift") }
    }

    @Test func anActivityPreviewDrawsThePresentationForEachContentState() async throws {
        let previews = Self.previews
        #expect(previews.map(\.subject) == [.activity(.content), .activity(.dynamicIsland(.compact)), .activity(.content)])
        #expect(previews.first?.previewed() == PreviewProbeAttributes.activityType)

        let card = try await #require(previews.first).frames(PreviewSetting(date: Date(timeIntervalSince1970: 0)))
        #expect(card.map { $0.normal.canvas.lines.joined(separator: "\n").contains("order 42: cooking") } == [true, false])
        #expect(card.last?.normal.canvas.lines.joined().contains("order 42: on its way") == true)

        let island = try await #require(previews.dropFirst().first).frames(PreviewSetting(date: Date(timeIntervalSince1970: 0)))
        let line = try #require(island.first?.normal.canvas.lines.first)
        // Leading and trailing with the camera's width between them.
        #expect(line.trimmingCharacters(in: .whitespaces) == "L    ready", "\(line)")
    }

    @Test func aPreviewWhoseWidgetIsNoActivityFailsWithAMessage() async throws {
        let preview = try #require(Self.previews.last)
        await #expect(throws: PreviewFailure.self) { try await preview.frames(PreviewSetting(date: Date())) }
    }
}

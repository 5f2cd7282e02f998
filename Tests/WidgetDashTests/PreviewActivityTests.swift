import Foundation
import Synchronization
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

/// A state whose stored form does not read back when it says "broken": its frame cannot be drawn.
struct FragileAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var step: String

        init(step: String) { self.step = step }

        init(from decoder: any Decoder) throws {
            step = try decoder.singleValueContainer().decode(String.self)
            if step == "broken" { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a broken state")) }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(step)
        }
    }
}

struct FragileActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: FragileAttributes.self) { context in
            Text("step \(context.state.step)")
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) { Text("-") }
            } compactLeading: { Text("-") } compactTrailing: { Text("-") } minimal: { Text("-") }
        }
    }
}

#Preview("fragile", as: .content, using: FragileAttributes()) {
    FragileActivity()
} contentStates: {
    FragileAttributes.ContentState(step: "fine")
    FragileAttributes.ContentState(step: "broken")
}

@Suite struct PreviewActivityTests {
    static var previews: [_Preview] {
        PreviewRegistry.discovered().filter { $0.fileID.hasSuffix("/PreviewActivityTests.swift") }
    }

    @Test func anActivityPreviewDrawsThePresentationForEachContentState() async throws {
        let previews = Self.previews
        #expect(previews.map(\.subject) == [.activity(.content), .activity(.dynamicIsland(.compact)), .activity(.content), .activity(.content)])
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
        let preview = try #require(Self.previews.dropFirst(2).first)
        await #expect(throws: PreviewFailure.self) { _ = try await preview.frames(PreviewSetting(date: Date())) }
    }

    final class Lines: Sendable {
        let lines = Mutex<[Data]>([])
        var all: [Data] { lines.withLock { $0 } }
    }

    @Test func eachFrameIsSentAsItIsDrawnSoOneThatFailsComesAfterTheOnesBefore() async throws {
        let previews = Self.previews
        let sink = Lines()
        var request = ExtensionRequest(request: .preview, date: Date(timeIntervalSince1970: 0))
        let fragile: Int = try #require(previews.firstIndex { $0.name == "fragile" })
        request.preview = fragile
        await ExtensionServer(widgets: [], send: { line in sink.lines.withLock { $0.append(line) } }, previews: previews).serve(request)
        let answers = sink.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
        #expect(answers.map(\.answer) == [.timeline, .entry, .error])
        #expect(answers.first?.count == 2)
        #expect(answers.last?.message?.contains("a broken state") == true, "\(answers.last?.message ?? "")")
    }
}

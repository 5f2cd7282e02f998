import Foundation
import Synchronization
import Testing
import WidgetDash

// `#Preview` as an extension's author writes it, expanded by WidgetDashMacros (no swift-syntax)
// and found at run time in the program's `wd_previews` section.

struct PreviewProbeEntry: TimelineEntry {
    let date: Date
    let word: String
}

struct PreviewProbeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "previewprobe", provider: PreviewProbeProvider()) { entry in
            Text("word \(entry.word)")
        }
        .supportedFamilies([.systemSmall])
    }
}

struct PreviewProbeProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewProbeEntry { PreviewProbeEntry(date: context.date, word: "placeholder") }
    func snapshot(in context: Context) async -> PreviewProbeEntry { placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<PreviewProbeEntry> {
        Timeline(entries: [PreviewProbeEntry(date: context.date, word: "provided")], policy: .never)
    }
}

private let probeTimelineLine = #line + 1
#Preview("probe timeline", as: .systemSmall) {
    PreviewProbeWidget()
} timeline: {
    PreviewProbeEntry(date: .now, word: "alpha")
    for word in ["beta", "gamma"] {
        PreviewProbeEntry(date: .now, word: word)
    }
}

#Preview("probe provider", as: .systemSmall, widget: { PreviewProbeWidget() }, timelineProvider: { PreviewProbeProvider() })

// A comment between the macro and its closure's text must not confuse the rewrite.
#Preview /* a view */ {
    Text("only a view")
}

@Suite struct PreviewMacroTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_334_400)

    /// This file's previews, in the order written.
    static var previews: [_Preview] {
        PreviewRegistry.discovered().filter { $0.fileID.hasSuffix("/PreviewMacroTests.swift") }
    }

    @Test func discoveryFindsEachPreviewWithItsNameSubjectAndPlace() {
        let previews = Self.previews
        #expect(previews.map(\.name) == ["probe timeline", "probe provider", nil])
        #expect(previews.map(\.subject) == [.widget(.systemSmall), .widget(.systemSmall), .view])
        #expect(previews.map { $0.previewed() } == ["previewprobe", "previewprobe", "view"])
        #expect(previews.first?.line == probeTimelineLine)
        #expect(previews.first?.fileID == "WidgetDashTests/PreviewMacroTests.swift")
    }

    @Test func aTimelinePreviewDrawsEachEntryTheBuilderMadeLoopsIncluded() async throws {
        let preview = try #require(Self.previews.first)
        let frames = try await preview.frames(PreviewSetting(timeZone: "UTC", date: Self.t0))
        #expect(frames.map { $0.normal.canvas.lines.joined(separator: "\n").contains("word") } == [true, true, true])
        let words = frames.map { frame in ["alpha", "beta", "gamma"].first { frame.normal.canvas.lines.joined().contains($0) } }
        #expect(words == ["alpha", "beta", "gamma"])
        #expect(frames.first?.normal.canvas.size == WidgetFamily.systemSmall.contentSize(marginsDisabled: false))
    }

    @Test func aProviderPreviewDrawsTheProvidersTimelineAtTheMomentAsked() async throws {
        let preview = try #require(Self.previews.dropFirst().first)
        let frames = try await preview.frames(PreviewSetting(date: Self.t0))
        #expect(frames.count == 1)
        #expect(frames.first?.date == Self.t0)
        #expect(frames.first?.normal.canvas.lines.joined().contains("word provided") == true)
    }

    @Test func aViewPreviewIsDrawnInTheFamilyAsked() async throws {
        let preview = try #require(Self.previews.last)
        let frames = try await preview.frames(PreviewSetting(family: .systemLarge, date: Self.t0))
        #expect(frames.first?.normal.canvas.size == WidgetFamily.systemLarge.contentSize(marginsDisabled: false))
        #expect(frames.first?.normal.canvas.lines.joined().contains("only a view") == true)
    }

    final class Lines: Sendable {
        let lines = Mutex<[Data]>([])
        var all: [Data] { lines.withLock { $0 } }
    }

    @Test func describeListsThePreviewsAndAPreviewRequestIsAnsweredAsATimeline() async throws {
        let previews = Self.previews
        let described = Lines()
        await ExtensionServer(widgets: [], send: { line in described.lines.withLock { $0.append(line) } }, previews: previews)
            .serve(ExtensionRequest(request: .describe))
        let answer = try ExtensionProtocol.decode(DescribeAnswer.self, from: try #require(described.all.first))
        let listed = try #require(answer.previews)
        #expect(listed.map(\.index) == [0, 1, 2])
        #expect(listed.first == WirePreview(index: 0, name: "probe timeline", subject: "widget", previewed: "previewprobe", family: .systemSmall,
                                            presentation: nil, file: "WidgetDashTests/PreviewMacroTests.swift", line: probeTimelineLine))

        let drawn = Lines()
        var request = ExtensionRequest(request: .preview, date: Self.t0, timeZone: "UTC")
        request.preview = 0
        await ExtensionServer(widgets: [], send: { line in drawn.lines.withLock { $0.append(line) } }, previews: previews).serve(request)
        let answers = drawn.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
        #expect(answers.map(\.answer) == [.timeline, .entry, .entry, .entry, .end])
        #expect(answers.first?.count == 3)

        let missing = Lines()
        request.preview = 9
        await ExtensionServer(widgets: [], send: { line in missing.lines.withLock { $0.append(line) } }, previews: previews).serve(request)
        let refusal = missing.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
        #expect(refusal.map(\.answer) == [.error])
        #expect(refusal.first?.message == "no preview 9 here (it has 3)")
    }

    @Test func aPreviewFromANewerExtensionWithAnUnknownFamilyIsReadWithoutOne() throws {
        let line = #"{"protocol":1,"answer":"describe","widgets":[],"previews":[{"index":0,"subject":"widget","previewed":"x","family":"systemHuge","file":"M/F.swift","line":3}]}"#
        let answer = try ExtensionProtocol.decode(DescribeAnswer.self, from: Data(line.utf8))
        #expect(answer.previews == [WirePreview(index: 0, name: nil, subject: "widget", previewed: "x", family: nil, presentation: nil, file: "M/F.swift", line: 3)])
    }
}

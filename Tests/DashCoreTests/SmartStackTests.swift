import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// A widget whose one entry at `relevantAt` is relevant for `duration` seconds.
private struct RelevantProvider: TimelineProvider {
    struct Entry: TimelineEntry {
        let date: Date
        let relevance: TimelineEntryRelevance?
    }
    let start: Date
    let relevantAt: TimeInterval?
    let duration: TimeInterval

    func placeholder(in context: Context) -> Entry { Entry(date: start, relevance: nil) }
    func snapshot(in context: Context) async -> Entry { Entry(date: start, relevance: nil) }
    func timeline(in context: Context) async throws -> Timeline<Entry> {
        var entries = [Entry(date: start, relevance: nil)]
        if let relevantAt {
            entries.append(Entry(date: start.addingTimeInterval(relevantAt), relevance: TimelineEntryRelevance(score: 0.8, duration: duration)))
            entries.append(Entry(date: start.addingTimeInterval(relevantAt + 3600), relevance: nil))
        }
        return Timeline(entries: entries, policy: .never)
    }
}

private func widget(_ kind: String, start: Date, relevantAt: TimeInterval?, duration: TimeInterval = 300) -> WidgetDescription {
    StaticConfiguration(kind: kind, provider: RelevantProvider(start: start, relevantAt: relevantAt, duration: duration)) { _ in Text(kind) }
        .supportedFamilies([.systemSmall])._description
}

@Suite("Smart Stacks")
struct SmartStackTests {
    let t0 = SampleData.date

    func stackDashboard(_ clock: ManualClock, memory: (any WidgetStateStore)? = nil, kinds: [String] = ["a", "b", "c"]) async -> Dashboard {
        let widgets = [widget("a", start: t0, relevantAt: nil), widget("b", start: t0, relevantAt: 600), widget("c", start: t0, relevantAt: nil),
                       widget("d", start: t0, relevantAt: nil)]
        let placements = kinds.map { WidgetPlacement(kind: $0, family: .systemSmall) }
        var presentation = PresentationOptions()
        presentation.stackMemory = memory
        let d = Dashboard(widgets: widgets, placements: placements, clock: clock, presentation: presentation, pageSizes: [1], stackSizes: [kinds.count])
        _ = d.handle(.resize(CellSize(width: 80, height: 24)))
        await d.settle()
        return d
    }

    @Test func rotatesToTheMostRelevantWidgetAndBackWhenItsDurationEnds() async {
        let clock = ManualClock(t0)
        let d = await stackDashboard(clock)
        #expect(d.slots.count == 1 && d.slots[0].members.count == 3)
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "a")
        // b's relevant entry becomes current at +600 s and stays relevant for 300 s.
        clock.advance(by: 600)
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "b")
        // The dashboard wakes when the relevance runs out, not only at the next entry.
        let wait = d.secondsUntilNextDeadline() ?? .infinity
        #expect(wait <= 300)
        clock.advance(by: 300)
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "a")
    }

    @Test func everyMemberKeepsItsTimelineButOnlyTheShownOneIsDrawn() async {
        let clock = ManualClock(t0)
        let d = await stackDashboard(clock)
        #expect(d.instances.prefix(3).allSatisfy { $0.currentEntry != nil })
        let screen = d.render(size: CellSize(width: 80, height: 24)).lines.joined(separator: "\n")
        // Three members, the first shown: dots in the bottom border.
        #expect(screen.contains("●○○"))
    }

    @Test func theChoiceByHandOutlivesARestart() async {
        let memory = InMemoryWidgetStateStore()
        let first = await stackDashboard(ManualClock(t0), memory: memory)
        _ = first.handle(.key(.character(">")))
        _ = first.handle(.key(.character(">")))
        #expect(first.shownMember(ofSlot: 0)?.description.kind == "c")
        // A new dashboard over the same state (the next run) shows the member chosen last.
        let second = await stackDashboard(ManualClock(t0), memory: memory)
        #expect(second.shownMember(ofSlot: 0)?.description.kind == "c")
        // Relevance still picks over the choice, as it did before the restart.
        let clock = ManualClock(t0)
        let third = await stackDashboard(clock, memory: memory)
        clock.advance(by: 600)
        third.advance()
        #expect(third.shownMember(ofSlot: 0)?.description.kind == "b")
        // A stack the config changed starts from its first member; without memory, nothing is kept.
        #expect(await stackDashboard(ManualClock(t0), memory: memory, kinds: ["a", "b", "d"]).shownMember(ofSlot: 0)?.description.kind == "a")
        #expect(await stackDashboard(ManualClock(t0)).shownMember(ofSlot: 0)?.description.kind == "a")
    }

    @Test func rotatesByHandAndTheChoiceHoldsUntilRelevanceChanges() async {
        let clock = ManualClock(t0)
        let d = await stackDashboard(clock)
        #expect(d.handle(.key(.character(">"))) == .continue)
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "b")
        _ = d.handle(.key(.character(">")))
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "c")
        _ = d.handle(.key(.character(">")))
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "a")
        _ = d.handle(.key(.character("<")))
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "c")
        #expect(d.render(size: CellSize(width: 80, height: 24)).lines.joined().contains("○○●"))
        // Nothing relevant yet: the person's choice stays.
        clock.advance(by: 60)
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "c")
        // b becomes relevant: the stack turns to it; when that ends, back to the choice.
        clock.advance(by: 540)
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "b")
        // Rotating away by hand while b is relevant holds until relevance changes.
        _ = d.handle(.key(.character(">")))
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "c")
        clock.advance(by: 300)
        d.advance()
        #expect(d.shownMember(ofSlot: 0)?.description.kind == "c")
    }

    @Test func tiesGoToThePersonsChoice() {
        #expect(SmartStack.mostRelevantForTesting([nil, 0.5, 0.5], chosen: 2) == 2)
        #expect(SmartStack.mostRelevantForTesting([nil, 0.5, 0.5], chosen: 0) == 1)
        #expect(SmartStack.mostRelevantForTesting([nil, nil], chosen: 1) == 1)
    }
}

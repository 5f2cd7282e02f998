import Foundation
import Testing
@testable import DashCore
import WidgetDash

/// A jump of the clock (time travel's `]` and `}`) shows the entry that is current after it.
@Suite("Time travel: entries")
struct TimeTravelEntryTests {
    @Test func aForwardJumpShowsTheEntryWhoseDateItPassed() throws {
        let h = Harness()
        let request = try #require(h.add())
        // Entries at 08:00, 08:15, 08:30 and 08:45.
        h.answer(request, timeline(from: t0, count: 4, every: 900, policy: .atEnd))
        #expect(h.instances[0].currentEntry?.date == t0)
        // From 08:05 to 08:20: the 08:15 entry is current, at once.
        let before = t0.addingTimeInterval(300)
        h.now = t0.addingTimeInterval(1200)
        let effects = h.scheduler.clockJumped(from: before, to: h.now)
        _ = h.scheduler.advance(to: h.now)
        #expect(h.instances[0].currentEntry?.date == t0.addingTimeInterval(900))
        #expect(effects.contains { if case .entryChanged(0) = $0 { true } else { false } })
        // And the next change is still queued: 08:30.
        #expect(h.scheduler.nextDeadline() == t0.addingTimeInterval(1800))
    }
}

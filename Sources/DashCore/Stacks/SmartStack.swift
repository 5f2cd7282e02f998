import Foundation
import WidgetDash

/// One slot of the home screen: a widget, or a Smart Stack of up to ten of one family.
///
/// Every member keeps its own timeline and reloads; the slot shows one of them: the member
/// whose current entry has the highest relevance score within its duration, else the one the
/// person last chose (`<`/`>`). A choice by hand holds until some member's relevance changes,
/// so rotating never snaps straight back to the widget the person just left.
public struct SmartStack: Equatable, Sendable {
    /// Positions in `Dashboard.instances`, in the order the config lists them.
    public let members: [Int]
    /// The member (index into `members`) the person last chose; the first at start.
    public internal(set) var chosen = 0
    /// The member on screen.
    public internal(set) var shown = 0
    /// The relevance seen when the person rotated by hand; nil when relevance decides.
    var pinnedRelevance: [Float?]?

    public init(members: [Int]) { self.members = members }

    public var isStack: Bool { members.count > 1 }

    /// The score of an entry at `now`: its relevance while within its duration (from the
    /// entry's date; 0 means "while the entry is current"), nil without a positive score.
    static func score(of entry: (any TimelineEntry)?, at now: Date) -> Float? {
        guard let entry, let relevance = entry.relevance, relevance.score > 0 else { return nil }
        if relevance.duration > 0, now >= entry.date.addingTimeInterval(relevance.duration) { return nil }
        return relevance.score
    }

    /// When a member's relevance runs out, if one is counting down.
    static func expiry(of entry: (any TimelineEntry)?, after now: Date) -> Date? {
        guard let entry, let relevance = entry.relevance, relevance.score > 0, relevance.duration > 0 else { return nil }
        let end = entry.date.addingTimeInterval(relevance.duration)
        return end > now ? end : nil
    }

    /// The member to show for these scores: the highest, ties to the person's choice (else
    /// the earliest listed); with no scores, the person's choice.
    static func mostRelevant(_ scores: [Float?], chosen: Int) -> Int {
        guard let best = scores.compactMap({ $0 }).max() else { return chosen }
        if scores.indices.contains(chosen), scores[chosen] == best { return chosen }
        return scores.firstIndex { $0 == best } ?? chosen
    }

    /// Recomputes the member shown for `scores`; true when it changed.
    mutating func update(scores: [Float?]) -> Bool {
        if let pinned = pinnedRelevance, pinned != scores { pinnedRelevance = nil }
        let next = pinnedRelevance == nil ? Self.mostRelevant(scores, chosen: chosen) : chosen
        defer { shown = next }
        return next != shown
    }

    /// Takes `member` as the person's choice, as a rotation in an earlier run left it.
    mutating func restore(chosen member: Int) {
        guard members.indices.contains(member) else { return }
        chosen = member
        shown = member
    }

    /// Shows the member `offset` places from the one on screen, as the person's choice.
    mutating func rotate(by offset: Int, scores: [Float?]) {
        guard !members.isEmpty else { return }
        chosen = ((shown + offset) % members.count + members.count) % members.count
        shown = chosen
        pinnedRelevance = scores
    }
}

extension Dashboard {
    /// Groups the home instances into slots: `sizes[i]` consecutive placements form slot `i`
    /// (nil: one slot each). Placements whose kind is unknown made no instance and are skipped.
    static func makeSlots(homeIDs: [Int], placementCount: Int, sizes: [Int]?) -> [SmartStack] {
        let position = Dictionary(homeIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        guard let sizes else { return homeIDs.indices.map { SmartStack(members: [$0]) } }
        var slots: [SmartStack] = []
        var next = 0
        for size in sizes {
            let members = (next..<min(placementCount, next + size)).compactMap { position[$0] }
            next += size
            if !members.isEmpty { slots.append(SmartStack(members: members)) }
        }
        return slots
    }

    /// The instance a slot shows.
    func slotInstance(_ slot: Int) -> WidgetInstance {
        let stack = slots[slot]
        return instances[stack.members[stack.shown]]
    }

    /// The slot holding instance `id`, and its stack position.
    func slot(of id: Int) -> (slot: Int, position: Int)? {
        for (s, stack) in slots.enumerated() {
            if let p = stack.members.firstIndex(where: { instances[$0].id == id }) { return (s, p) }
        }
        return nil
    }

    /// The dots of instance `id`'s stack (position, count); nil outside a stack.
    func stackDots(of id: Int) -> (position: Int, count: Int)? {
        guard let (s, p) = slot(of: id), slots[s].isStack else { return nil }
        return (p, slots[s].members.count)
    }

    private func scores(_ stack: SmartStack, at now: Date) -> [Float?] {
        stack.members.map { SmartStack.score(of: instances[$0].currentEntry, at: now) }
    }

    /// Shows each stack's most relevant member; a stack that changed is redrawn (the panel
    /// of a member just shown may be stale: its entry may have changed while it was hidden).
    func updateStacks(at now: Date) {
        for s in slots.indices where slots[s].isStack {
            let before = slotInstance(s).id
            if slots[s].update(scores: scores(slots[s], at: now)) { stackChanged(s, from: before) }
        }
    }

    /// The next moment a stack member's relevance runs out (the stack may then rotate).
    func stackDeadline() -> Date? {
        let now = clock.now()
        return slots.filter(\.isStack).flatMap { $0.members.compactMap { SmartStack.expiry(of: instances[$0].currentEntry, after: now) } }.min()
    }

    /// Rotates the stack holding instance `id` (nil: the first stack on the page) by `offset`.
    @discardableResult
    public func rotateStack(containing id: Int?, by offset: Int) -> Bool {
        let target: Int?
        if let id, let found = slot(of: id) { target = found.slot } else { target = visibleSlots.first { slots[$0].isStack } }
        guard let s = target, slots[s].isStack else { return false }
        let before = slotInstance(s).id
        slots[s].rotate(by: offset, scores: scores(slots[s], at: clock.now()))
        let (key, chosen) = (stackKey(slots[s]), slots[s].chosen)
        stackMemory?.modify(Self.stackSuite) { $0[key] = .int(chosen) }
        stackChanged(s, from: before)
        return true
    }

    /// The state-file suite that keeps each stack's choice by hand.
    static let stackSuite = "widgetdash.stacks"

    /// A stack's name in ``stackSuite``: its members' placements, so a stack the config
    /// changed starts afresh instead of showing a member picked from another list.
    func stackKey(_ stack: SmartStack) -> String {
        stack.members.map { placements[instances[$0].id].description }.joined(separator: " | ")
    }

    /// Shows each stack's member chosen by hand in an earlier run; relevance still picks over
    /// it as in that run (see ``SmartStack/update(scores:)``).
    func restoreStackChoices() {
        guard let memory = stackMemory else { return }
        let saved = memory.values(in: Self.stackSuite)
        for s in slots.indices where slots[s].isStack {
            if case .int(let chosen)? = saved[stackKey(slots[s])] { slots[s].restore(chosen: chosen) }
        }
    }

    /// The member shown in slot `slot` (tests and tools).
    public func shownMember(ofSlot slot: Int) -> WidgetInstance? { slots.indices.contains(slot) ? slotInstance(slot) : nil }

    private func stackChanged(_ s: Int, from before: Int) {
        let after = slotInstance(s).id
        guard after != before else { return }
        dirtyPanels.insert(after)
        screenDirty = true
        // The stack keeps the focus when the member on screen changes.
        if FocusRing.instance(of: focus.focused) == before { moveFocus(to: after) }
    }

    /// Moves the focus to `id` with the ring's own steps (the ring is the interaction's type).
    private func moveFocus(to id: Int) {
        var order = focus.order
        if let i = order.firstIndex(where: { FocusRing.instance(of: $0).flatMap { slot(of: $0)?.slot } == slot(of: id)?.slot }) { order[i] = id } else { return }
        var ring = FocusRing()
        ring.update(order: order)
        for _ in order where ring.focused != id { ring.next() }
        focus = ring
    }
}

extension SmartStack {
    /// `mostRelevant(_:chosen:)` for tests.
    public static func mostRelevantForTesting(_ scores: [Float?], chosen: Int) -> Int { mostRelevant(scores, chosen: chosen) }
}

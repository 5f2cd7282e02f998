import Foundation

/// Scripted moments each used once: a request takes the first one listed whose moment has
/// come. Moments become due in time order, and the due ones wait in a heap by their place in
/// the list, so a day of requests costs O(n log n), not a scan of the list per request.
struct OneShotScript {
    /// (moment, place in the list), by moment.
    private let byDate: [(date: Date, index: Int)]
    private var nextDue = 0
    private var due = MinHeap<Int>()

    init(_ dates: [Date]) {
        // Most widgets script nothing: no list to number and sort.
        guard !dates.isEmpty else {
            byDate = []
            return
        }
        byDate = dates.enumerated().map { (date: $0.element, index: $0.offset) }.sorted { ($0.date, $0.index) < ($1.date, $1.index) }
    }

    /// True when every moment has been taken (or none was scripted): `take` would find nothing.
    var isSpent: Bool { nextDue == byDate.count && due.isEmpty }

    /// The place of the first listed moment at or before `now` not taken yet; `now` never goes back.
    mutating func take(at now: Date) -> Int? {
        while nextDue < byDate.count, byDate[nextDue].date <= now {
            due.insert(byDate[nextDue].index)
            nextDue += 1
        }
        return due.popMin()
    }
}

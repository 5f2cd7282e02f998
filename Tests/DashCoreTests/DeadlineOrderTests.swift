import Foundation
import Testing
@testable import DashCore

/// The scheduler's deadlines compare as one 128-bit number: the same order as comparing their
/// times, then their kinds, then their order of queueing.
@Suite("Deadline order")
struct DeadlineOrderTests {
    typealias Deadline = TimelineScheduler.Deadline

    /// Times around the edges of the mapping: both zeros, negatives, tiny and huge values.
    static let times: [Double] = [
        -1e300, -86_400.5, -1, -Double.leastNonzeroMagnitude, -0.0, 0, Double.leastNonzeroMagnitude,
        1e-9, 1, 815_443_200, 815_443_200.000_001, 1e300, .infinity, -.infinity,
    ]

    private func deadline(_ time: Double, sequence: Int, kind: TimelineScheduler.Kind = .entry) -> Deadline {
        Deadline(date: Date(timeIntervalSinceReferenceDate: time), sequence: sequence, instance: 3, kind: kind)
    }

    @Test("compares as times, then kind and sequence")
    func sameOrderAsTimes() {
        var sequence = 0
        var all: [Deadline] = []
        for time in Self.times {
            for kind in [TimelineScheduler.Kind.reload, .entry] {
                sequence += 1
                all.append(deadline(time, sequence: sequence, kind: kind))
            }
        }
        for a in all {
            for b in all {
                let expected = a.time < b.time || (a.time == b.time && (a.kind.rawValue, a.sequence) < (b.kind.rawValue, b.sequence))
                #expect((a < b) == expected, "\(a.time) \(a.kind) \(a.sequence) < \(b.time) \(b.kind) \(b.sequence)")
            }
        }
    }

    @Test("keeps the time, its instance, kind and sequence")
    func roundTrip() {
        for time in Self.times {
            let d = deadline(time, sequence: 41)
            // −0 becomes +0, an equal time.
            #expect(d.time.bitPattern == (time + 0.0).bitPattern)
            #expect(d.date == Date(timeIntervalSinceReferenceDate: time))
            #expect(d.instance == 3 && d.sequence == 41 && d.kind == .entry)
            var queued = TimelineScheduler.Queued()
            #expect(!d.isCurrent(in: queued))
            queued.queued(.entry, sequence: d.sequence)
            #expect(d.isCurrent(in: queued))
            #expect(!deadline(time, sequence: 42).isCurrent(in: queued))
            queued.set(.entry, nil, sequence: 0)
            #expect(!d.isCurrent(in: queued))
        }
    }

    @Test("sequence numbers coming round skip 0, which means no deadline current")
    func sequenceNeverZero() {
        let wrap = Int(Deadline.sequenceMask)
        #expect(Deadline.sequence(after: 0) == 1)
        #expect(Deadline.sequence(after: wrap - 1) == wrap)
        let next = Deadline.sequence(after: wrap)
        #expect(deadline(0, sequence: next).sequence == 1)
        #expect(!deadline(0, sequence: next).isCurrent(in: TimelineScheduler.Queued()))
    }

    @Test("a NaN time sorts after every time, and the heap still pops in order")
    func heapOrder() {
        var heap = MinHeap<Deadline>()
        var rng = SystemRandomNumberGenerator()
        var inserted: [Deadline] = []
        for sequence in 0..<2_000 {
            // Few distinct times, so that ties are decided by the sequence.
            let time = Double(Int.random(in: -20...20, using: &rng)) * 900
            let d = deadline(time, sequence: sequence, kind: Bool.random(using: &rng) ? .entry : .reload)
            inserted.append(d)
            heap.insert(d)
        }
        let nan = deadline(.nan, sequence: 5_000)
        heap.insert(nan)
        #expect(deadline(.infinity, sequence: 6_000) < nan)
        var popped: [Deadline] = []
        while let d = heap.popMin() { popped.append(d) }
        #expect(popped.last?.tag == nan.tag)
        let expected = inserted.sorted { ($0.time, $0.kind.rawValue, $0.sequence) < ($1.time, $1.kind.rawValue, $1.sequence) }
        #expect(popped.dropLast().map(\.tag) == expected.map(\.tag))
    }
}

/// A binary min-heap: the scheduler's queue of deadlines and the simulator's pending answers.
///
/// swift-collections' `Heap` is a min-max heap, whose every removal compares grandchildren
/// level by level to keep the maximum at hand; the scheduler never asks for the maximum. A
/// removal here walks the hole left by the minimum down to a leaf along the smaller child (one
/// comparison a level), then lifts the last element from there, which rarely moves far
/// (Floyd's bottom-up removal). Elements are popped in `<` order; for a strict total order
/// (every caller breaks ties by a sequence number) that order is the same as any heap's.
struct MinHeap<Element: Comparable> {
    private var items: ContiguousArray<Element> = []

    init() {}

    var isEmpty: Bool { items.isEmpty }
    var count: Int { items.count }

    /// The smallest element, if any.
    var min: Element? { items.first }

    /// The element at `index` in the heap's own order (0 is the smallest; 1 and 2 hold the
    /// next smallest between them), if there is one: for fetching ahead what comes next.
    func element(at index: Int) -> Element? { index < items.count ? items[index] : nil }

    mutating func insert(_ element: Element) {
        items.append(element)
        items.withUnsafeMutableBufferPointer { heap in
            Self.lift(element, from: heap.count - 1, in: heap)
        }
    }

    /// Removes and returns the smallest element, if any.
    @discardableResult
    mutating func popMin() -> Element? {
        // Tested first: `popLast` is a call even on an empty array, and the simulator's scripts
        // pop empty heaps twice a reload.
        guard !items.isEmpty, let last = items.popLast() else { return nil }
        guard !items.isEmpty else { return last }
        return items.withUnsafeMutableBufferPointer { heap in
            let top = heap[0]
            let count = heap.count
            var hole = 0
            // Indices stay below `count`, so the arithmetic cannot overflow: unchecked, it is a
            // third fewer instructions a level.
            var child = 1
            // While both children are there, the right one needs no test that it exists.
            while child < count &- 1 {
                // The smaller child, chosen by arithmetic rather than a branch.
                child &+= heap[child &+ 1] < heap[child] ? 1 : 0
                heap[hole] = heap[child]
                hole = child
                child = hole &* 2 &+ 1
            }
            // At most one level has a single child, the last.
            if child < count {
                heap[hole] = heap[child]
                hole = child
            }
            Self.lift(last, from: hole, in: heap)
            return top
        }
    }

    /// Moves `element` up from the empty `hole` until its parent is no larger, and puts it there.
    @inline(__always)
    private static func lift(_ element: Element, from hole: Int, in heap: UnsafeMutableBufferPointer<Element>) {
        var hole = hole
        while hole > 0 {
            let parent = (hole &- 1) / 2
            guard element < heap[parent] else { break }
            heap[hole] = heap[parent]
            hole = parent
        }
        heap[hole] = element
    }
}

extension Array {
    /// Empties the array and keeps its storage, for the scheduler's buffers reused step after step.
    ///
    /// `removeAll(keepingCapacity: true)` goes through the generic `replaceSubrange`, about 80
    /// instructions even when there is nothing to remove; these buffers hold a few elements.
    /// Inlined: most calls find the buffer empty already.
    @inline(__always)
    mutating func removeAllKeepingStorage() {
        while !isEmpty { removeLast() }
    }
}

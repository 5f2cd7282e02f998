import CPrefetch

/// Starting to bring memory into the cache before a step needs it (see
/// `TimelineScheduler.State.fetchAhead`).
///
/// Each function only names addresses to the processor: a prefetch never faults and changes
/// nothing, so an address that is wrong (were the standard library's layout to change) costs
/// the wait it was meant to save, never correctness.
enum FetchAhead {
    /// The cache line at `address`.
    @inline(__always)
    static func line(_ address: UnsafeRawPointer) {
        wd_prefetch(address)
    }

    /// The storage of the array at `array`: its header (count and capacity) and the line
    /// holding element `index`.
    ///
    /// Read as bits, not through the array: reading it retains and releases its storage, which
    /// waits for the very line this is meant to fetch. An array is one reference to a storage
    /// object whose elements start 32 bytes in, after the object's header, count and capacity.
    @inline(__always)
    static func storage<Element>(of array: UnsafePointer<[Element]>, element index: Int = 0) {
        let bits = UnsafeRawPointer(array).load(as: UInt.self)
        guard let object = UnsafeRawPointer(bitPattern: bits) else { return }
        wd_prefetch(object)
        if index > 0 { wd_prefetch(object + 32 + index &* MemoryLayout<Element>.stride) }
    }
}

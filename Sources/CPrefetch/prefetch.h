#ifndef WD_PREFETCH_H
#define WD_PREFETCH_H

/// Asks the processor to start bringing the cache line at `address` in, and returns at once.
///
/// Swift has no prefetch of its own. The scheduler knows which instances come next (the heap's
/// first elements) while it handles the current one; their state, fetched ahead, is in the
/// cache when their turn comes instead of stalling the step (docs/DECISIONS.md).
static inline __attribute__((always_inline)) void wd_prefetch(const void *address) {
    __builtin_prefetch(address, 1, 3);
}

#endif

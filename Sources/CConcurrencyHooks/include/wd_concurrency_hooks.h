#ifndef WD_CONCURRENCY_HOOKS_H
#define WD_CONCURRENCY_HOOKS_H

/*
 * The Swift concurrency runtime's global-executor hooks (swift/Runtime/ConcurrencyHooks.def)
 * are plain function-pointer variables exported by libswift_Concurrency: when one is set, the
 * runtime calls it instead of handing the job to libdispatch. Swift cannot import the
 * runtime's header, so the variables are declared (and written) in wd_concurrency_hooks.c.
 */

/// Stores the three global-enqueue hooks: for a job to run now, after a delay in nanoseconds,
/// and at a deadline on a clock. Each is a @convention(thin) Swift function (the swiftcall
/// convention the runtime calls them with), passed as a raw pointer.
///
/// Call it once, before any task runs: the runtime reads the variables without a lock.
void wd_install_global_enqueue_hooks(void *_Nonnull now, void *_Nonnull delay, void *_Nonnull deadline);

/// Whether the hooks were installed in this process.
int wd_global_enqueue_hooks_installed(void);

#endif

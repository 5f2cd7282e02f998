#include "wd_concurrency_hooks.h"

// Defined by the Swift runtime (libswift_Concurrency), declared in its ConcurrencyHooks.def.
extern void *swift_task_enqueueGlobal_hook;
extern void *swift_task_enqueueGlobalWithDelay_hook;
extern void *swift_task_enqueueGlobalWithDeadline_hook;

void wd_install_global_enqueue_hooks(void *now, void *delay, void *deadline) {
    swift_task_enqueueGlobal_hook = now;
    swift_task_enqueueGlobalWithDelay_hook = delay;
    swift_task_enqueueGlobalWithDeadline_hook = deadline;
}

int wd_global_enqueue_hooks_installed(void) {
    return swift_task_enqueueGlobal_hook != 0;
}

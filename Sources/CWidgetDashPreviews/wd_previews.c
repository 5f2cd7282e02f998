#include "wd_previews.h"

// The linker defines __start_/__stop_ for a section whose name is a C identifier. Weak, so a
// program without any `#Preview` (the dashboard itself) links, with both null.
extern const char __start_wd_previews[] __attribute__((weak));
extern const char __stop_wd_previews[] __attribute__((weak));

const void *wd_previews_start(void) { return __start_wd_previews; }
const void *wd_previews_stop(void) { return __stop_wd_previews; }

#ifndef WD_PREVIEWS_H
#define WD_PREVIEWS_H

/// The bounds of the `wd_previews` section, where each `#Preview` expansion puts one pointer
/// to a function that makes the preview; both null when the program has no preview.
const void *wd_previews_start(void);
const void *wd_previews_stop(void);

#endif

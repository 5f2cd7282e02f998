/* posix_spawn's action that closes every descriptor from a number up (glibc 2.34), which Swift's
   Glibc module does not import: <spawn.h> declares it only under _GNU_SOURCE. */
#ifndef WIDGETDASH_CSPAWN_SHIM_H
#define WIDGETDASH_CSPAWN_SHIM_H
#include <spawn.h>
#ifdef __linux__
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
#endif
#endif

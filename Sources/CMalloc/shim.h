/* glibc's malloc extensions, for malloc_trim: Swift's Glibc module does not import <malloc.h>. */
#ifndef WIDGETDASH_CMALLOC_SHIM_H
#define WIDGETDASH_CMALLOC_SHIM_H
#include <malloc.h>
#endif

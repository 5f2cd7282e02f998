/* libpng (Debian: libpng-dev), for CImageCodec: the only code that decodes PNG files. */
#ifndef WIDGETDASH_CLIBPNG_SHIM_H
#define WIDGETDASH_CLIBPNG_SHIM_H
#include <png.h>
#endif

/* libjpeg-turbo (Debian: libjpeg-dev), for CImageCodec: the only code that decodes JPEG files.
 * jpeglib.h needs stdio.h (FILE) and stddef.h (size_t) first. */
#ifndef WIDGETDASH_CLIBJPEG_SHIM_H
#define WIDGETDASH_CLIBJPEG_SHIM_H
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
#endif

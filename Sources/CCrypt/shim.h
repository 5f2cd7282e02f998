/* libxcrypt (Debian: libcrypt-dev), for the passcode's yescrypt hash: crypt_gensalt_rn, crypt_rn. */
#ifndef WIDGETDASH_CCRYPT_SHIM_H
#define WIDGETDASH_CCRYPT_SHIM_H
#include <crypt.h>
#endif

/*
 * wd_image_codec.h: decodes a PNG or JPEG file straight into a small RGBA thumbnail.
 *
 * The only C that touches image files. libpng and libjpeg report errors by longjmp; that
 * never crosses a Swift frame: every setjmp, longjmp and library call happens in this C
 * file, and a bad file comes back as a status and a message.
 *
 * The full-size image is never held in memory: JPEG is decoded with libjpeg's DCT scaling
 * (the smallest M/8 scale at least as big as the thumbnail), PNG row by row (each Adam7
 * pass's rows for an interlaced file), and every decoded pixel is added at once into the
 * box of thumbnail pixels it falls in (an area average, alpha-weighted). What stays is one
 * source row, the sums (a few hundred kilobytes at most) and the thumbnail.
 */
#ifndef WIDGETDASH_IMAGE_CODEC_H
#define WIDGETDASH_IMAGE_CODEC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Why a decode failed (0 is success). */
enum {
    WD_IMAGE_OK = 0,
    /** Not a PNG or JPEG file (its first bytes are neither signature). */
    WD_IMAGE_NOT_AN_IMAGE = 1,
    /** The file is damaged or truncated; the message says what the library found. */
    WD_IMAGE_CORRUPT = 2,
    /** The header or the file size is past the limits. */
    WD_IMAGE_TOO_LARGE = 3,
    /** The file cannot be opened or read (missing, a directory, permissions). */
    WD_IMAGE_UNREADABLE = 4,
    /** A valid image this decoder does not handle (a JPEG colour space, a bad request). */
    WD_IMAGE_UNSUPPORTED = 5,
    /** Memory for the thumbnail could not be had. */
    WD_IMAGE_NO_MEMORY = 6,
};

/** The format a file's first bytes name (`wd_image.format`). */
enum {
    WD_IMAGE_FORMAT_UNKNOWN = 0,
    WD_IMAGE_FORMAT_PNG = 1,
    WD_IMAGE_FORMAT_JPEG = 2,
};

/** Limits a decode respects; a value of 0 or less means "the built-in default". */
typedef struct {
    /** The thumbnail's box in pixels: the image is scaled down (never up) to fit in it. */
    int32_t box_width;
    int32_t box_height;
    /** The largest file read, in bytes. */
    int64_t max_file_bytes;
    /** The largest width or height a header may declare. */
    int32_t max_side;
    /** The most pixels (width × height) a header may declare. */
    int64_t max_pixels;
    /** The most memory libjpeg may take for a progressive JPEG's coefficients. */
    int64_t max_decoder_memory;
} wd_image_limits;

/** A decoded thumbnail, or why there is none. */
typedef struct {
    /** WD_IMAGE_FORMAT_PNG or WD_IMAGE_FORMAT_JPEG; WD_IMAGE_FORMAT_UNKNOWN when not recognised. */
    int32_t format;
    /** The image's size as its header declares it (0 when the header was not read). */
    int32_t source_width;
    int32_t source_height;
    /** The thumbnail's size. */
    int32_t width;
    int32_t height;
    /** width × height × 4 bytes, RGBA, rows top to bottom; free with wd_image_free. */
    uint8_t *pixels;
    /** A JPEG's Exif APP1 payload (after "Exif\0\0"), at most 64 KiB, or NULL. */
    uint8_t *exif;
    size_t exif_length;
    /** What went wrong, in words (empty on success). */
    char message[200];
} wd_image;

/** Decodes `path` into `out` (zeroed first). Returns WD_IMAGE_OK or one of the codes above. */
int wd_image_decode_file(const char *path, const wd_image_limits *limits, wd_image *out);

/** Frees what a decode allocated; safe on a zeroed or already freed image. */
void wd_image_free(wd_image *image);

#ifdef __cplusplus
}
#endif

#endif /* WIDGETDASH_IMAGE_CODEC_H */

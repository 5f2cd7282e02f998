/*
 * wd_image_codec.c: PNG (libpng) and JPEG (libjpeg-turbo) into small RGBA thumbnails.
 * See the header for the memory rules. Every setjmp below lives in a function whose
 * changing state sits in a job struct owned by its caller, so nothing read after a longjmp
 * is an automatic variable of the function that called setjmp (C11 7.13.2.1).
 */
#include "wd_image_codec.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

#define DEFAULT_MAX_FILE_BYTES (64LL << 20)
#define DEFAULT_MAX_SIDE 32768
#define DEFAULT_MAX_PIXELS (100LL * 1000 * 1000)
#define DEFAULT_MAX_DECODER_MEMORY (1LL << 20)
/** The largest thumbnail side: bounds the sums (256 × 256 × 40 bytes = 2.5 MiB at most). */
#define MAX_BOX_SIDE 256

/* MARK: - The area-averaging accumulator */

typedef struct {
    int32_t source_width, source_height;
    int32_t width, height;
    /** Per thumbnail pixel: red×alpha, green×alpha, blue×alpha, alpha. */
    uint64_t *sums;
    /** Per thumbnail pixel: how many source pixels fell in it. */
    uint32_t *counts;
    /** Per source column: the thumbnail column it falls in. */
    int32_t *column;
} accumulator;

static void accumulator_free(accumulator *a) {
    free(a->sums);
    free(a->counts);
    free(a->column);
    memset(a, 0, sizeof *a);
}

static int accumulator_init(accumulator *a, int32_t sw, int32_t sh, int32_t tw, int32_t th) {
    memset(a, 0, sizeof *a);
    a->source_width = sw;
    a->source_height = sh;
    a->width = tw;
    a->height = th;
    size_t n = (size_t)tw * (size_t)th;
    a->sums = calloc(n * 4, sizeof(uint64_t));
    a->counts = calloc(n, sizeof(uint32_t));
    a->column = malloc((size_t)sw * sizeof(int32_t));
    if (!a->sums || !a->counts || !a->column) {
        accumulator_free(a);
        return 0;
    }
    for (int32_t x = 0; x < sw; x++) a->column[x] = (int32_t)(((int64_t)x * tw) / sw);
    return 1;
}

/** Adds `n` RGBA pixels of source row `y`; pixel i is at column x0 + i × xstep. */
static void accumulator_add(accumulator *a, int32_t y, const uint8_t *rgba, int32_t n, int32_t x0, int32_t xstep) {
    if (y < 0 || y >= a->source_height) return;
    int32_t ty = (int32_t)(((int64_t)y * a->height) / a->source_height);
    uint64_t *row_sums = a->sums + (size_t)ty * (size_t)a->width * 4;
    uint32_t *row_counts = a->counts + (size_t)ty * (size_t)a->width;
    for (int32_t i = 0; i < n; i++) {
        int32_t x = x0 + i * xstep;
        if (x < 0 || x >= a->source_width) break;
        int32_t tx = a->column[x];
        const uint8_t *p = rgba + (size_t)i * 4;
        uint64_t alpha = p[3];
        uint64_t *s = row_sums + (size_t)tx * 4;
        s[0] += p[0] * alpha;
        s[1] += p[1] * alpha;
        s[2] += p[2] * alpha;
        s[3] += alpha;
        row_counts[tx] += 1;
    }
}

/** The averaged thumbnail (malloc'd RGBA), or NULL without memory. */
static uint8_t *accumulator_finish(const accumulator *a) {
    size_t n = (size_t)a->width * (size_t)a->height;
    uint8_t *out = malloc(n * 4);
    if (!out) return NULL;
    for (size_t i = 0; i < n; i++) {
        const uint64_t *s = a->sums + i * 4;
        uint32_t count = a->counts[i];
        uint8_t *p = out + i * 4;
        if (count == 0 || s[3] == 0) {
            p[0] = p[1] = p[2] = p[3] = 0;
            continue;
        }
        p[0] = (uint8_t)((s[0] + s[3] / 2) / s[3]);
        p[1] = (uint8_t)((s[1] + s[3] / 2) / s[3]);
        p[2] = (uint8_t)((s[2] + s[3] / 2) / s[3]);
        p[3] = (uint8_t)((s[3] + count / 2) / count);
    }
    return out;
}

/** The thumbnail size for a source of `w`×`h` in a box: aspect kept, never larger than the source. */
static void wd_image_fit(int32_t w, int32_t h, int32_t box_w, int32_t box_h, int32_t *out_w, int32_t *out_h) {
    if (w <= 0 || h <= 0 || box_w <= 0 || box_h <= 0) {
        *out_w = 0;
        *out_h = 0;
        return;
    }
    if (w <= box_w && h <= box_h) {
        *out_w = w;
        *out_h = h;
        return;
    }
    double scale = fmin((double)box_w / w, (double)box_h / h);
    int32_t tw = (int32_t)floor(w * scale + 0.5), th = (int32_t)floor(h * scale + 0.5);
    if (tw < 1) tw = 1;
    if (th < 1) th = 1;
    if (tw > box_w) tw = box_w;
    if (th > box_h) th = box_h;
    *out_w = tw;
    *out_h = th;
}

/* MARK: - Shared steps */

/** Says the decode ran out of memory; returns the code for it. */
static int out_of_memory(wd_image *out) {
    snprintf(out->message, sizeof out->message, "out of memory");
    return WD_IMAGE_NO_MEMORY;
}

/** The last step of both decoders: the accumulated sums, averaged, become `out`'s thumbnail. */
static int finish_thumbnail(const accumulator *acc, wd_image *out) {
    out->pixels = accumulator_finish(acc);
    if (!out->pixels) return out_of_memory(out);
    out->width = acc->width;
    out->height = acc->height;
    return WD_IMAGE_OK;
}

typedef struct {
    int32_t box_width, box_height;
    int64_t max_file_bytes;
    int32_t max_side;
    int64_t max_pixels;
    int64_t max_decoder_memory;
} limits_t;

static limits_t resolve_limits(const wd_image_limits *given) {
    limits_t l;
    l.box_width = given ? given->box_width : 0;
    l.box_height = given ? given->box_height : 0;
    l.max_file_bytes = given && given->max_file_bytes > 0 ? given->max_file_bytes : DEFAULT_MAX_FILE_BYTES;
    l.max_side = given && given->max_side > 0 ? given->max_side : DEFAULT_MAX_SIDE;
    l.max_pixels = given && given->max_pixels > 0 ? given->max_pixels : DEFAULT_MAX_PIXELS;
    l.max_decoder_memory = given && given->max_decoder_memory > 0 ? given->max_decoder_memory : DEFAULT_MAX_DECODER_MEMORY;
    return l;
}

/** Refuses a header whose size is absurd; fills the message. */
static int check_dimensions(int64_t w, int64_t h, const limits_t *l, wd_image *out) {
    if (w <= 0 || h <= 0) {
        snprintf(out->message, sizeof out->message, "the header declares an empty image (%lld×%lld)", (long long)w, (long long)h);
        return WD_IMAGE_CORRUPT;
    }
    if (w > l->max_side || h > l->max_side || w * h > l->max_pixels) {
        snprintf(out->message, sizeof out->message,
                 "the header declares %lld×%lld pixels; at most %d a side and %lld megapixels are decoded",
                 (long long)w, (long long)h, l->max_side, (long long)(l->max_pixels / 1000000));
        return WD_IMAGE_TOO_LARGE;
    }
    return WD_IMAGE_OK;
}

/* MARK: - PNG */

typedef struct {
    jmp_buf jump;
    FILE *file;
    const limits_t *limits;
    wd_image *out;
    png_structp png;
    png_infop info;
    uint8_t *row;
    accumulator acc;
    int code;
} png_job;

static void png_job_error(png_structp png, png_const_charp message) {
    png_job *job = (png_job *)png_get_error_ptr(png);
    snprintf(job->out->message, sizeof job->out->message, "%s", message ? message : "damaged PNG data");
    longjmp(job->jump, 1);
}

static void png_job_warning(png_structp png, png_const_charp message) {
    /* Harmless by definition (an odd colour profile, an unknown chunk): the image still decodes. */
    (void)png;
    (void)message;
}

/** Runs the decode; on a library error it returns through the longjmp with job->code set. */
static void png_run(png_job *job) {
    wd_image *out = job->out;
    job->code = WD_IMAGE_CORRUPT;
    if (setjmp(job->jump)) return;

    png_init_io(job->png, job->file);
    /* libpng's own ceiling, above ours: our check below gives the message. */
    png_set_user_limits(job->png, 0x7fffffff, 0x7fffffff);
    /* Text and profile chunks are not needed; cap what one chunk may allocate. */
    png_set_chunk_malloc_max(job->png, 4 << 20);
    png_read_info(job->png, job->info);

    png_uint_32 w = png_get_image_width(job->png, job->info);
    png_uint_32 h = png_get_image_height(job->png, job->info);
    int color_type = png_get_color_type(job->png, job->info);
    int bit_depth = png_get_bit_depth(job->png, job->info);
    int interlace = png_get_interlace_type(job->png, job->info);
    out->source_width = (int32_t)(w > 0x7fffffff ? 0x7fffffff : w);
    out->source_height = (int32_t)(h > 0x7fffffff ? 0x7fffffff : h);
    int status = check_dimensions((int64_t)w, (int64_t)h, job->limits, out);
    if (status != WD_IMAGE_OK) {
        job->code = status;
        return;
    }

    /* Everything becomes 8-bit RGBA: palettes and low-bit grey expand, tRNS becomes alpha,
     * 16-bit samples are scaled (not truncated), grey is copied to the three channels. */
    png_set_expand(job->png);
    if (bit_depth == 16) png_set_scale_16(job->png);
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(job->png);
    png_set_filler(job->png, 0xFF, PNG_FILLER_AFTER);
    /* No png_set_interlace_handling: each Adam7 pass is read as the small image it is, and
     * its pixels are placed where they belong, so an interlaced file needs no full buffer. */
    png_read_update_info(job->png, job->info);
    if (png_get_rowbytes(job->png, job->info) != (size_t)w * 4) {
        snprintf(out->message, sizeof out->message, "unexpected PNG pixel layout");
        job->code = WD_IMAGE_UNSUPPORTED;
        return;
    }

    int32_t tw, th;
    wd_image_fit((int32_t)w, (int32_t)h, job->limits->box_width, job->limits->box_height, &tw, &th);
    if (!accumulator_init(&job->acc, (int32_t)w, (int32_t)h, tw, th) || !(job->row = malloc((size_t)w * 4))) {
        job->code = out_of_memory(out);
        return;
    }

    if (interlace == PNG_INTERLACE_ADAM7) {
        for (int pass = 0; pass < 7; pass++) {
            png_uint_32 rows = PNG_PASS_ROWS(h, pass), cols = PNG_PASS_COLS(w, pass);
            /* libpng skips empty passes too. */
            if (rows == 0 || cols == 0) continue;
            for (png_uint_32 r = 0; r < rows; r++) {
                png_read_row(job->png, job->row, NULL);
                accumulator_add(&job->acc, (int32_t)PNG_ROW_FROM_PASS_ROW(r, pass), job->row, (int32_t)cols,
                                (int32_t)PNG_COL_FROM_PASS_COL(0, pass), 1 << PNG_PASS_COL_SHIFT(pass));
            }
        }
    } else {
        for (png_uint_32 y = 0; y < h; y++) {
            png_read_row(job->png, job->row, NULL);
            accumulator_add(&job->acc, (int32_t)y, job->row, (int32_t)w, 0, 1);
        }
    }
    /* The trailing chunks are not read: a damaged tEXt after the pixels loses nothing. */

    job->code = finish_thumbnail(&job->acc, out);
}

static int decode_png(FILE *file, const limits_t *limits, wd_image *out) {
    png_job job;
    memset(&job, 0, sizeof job);
    job.file = file;
    job.limits = limits;
    job.out = out;
    job.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &job, png_job_error, png_job_warning);
    if (job.png) job.info = png_create_info_struct(job.png);
    if (!job.png || !job.info) {
        if (job.png) png_destroy_read_struct(&job.png, NULL, NULL);
        return out_of_memory(out);
    }
    png_run(&job);
    png_destroy_read_struct(&job.png, &job.info, NULL);
    free(job.row);
    accumulator_free(&job.acc);
    return job.code;
}

/* MARK: - JPEG */

typedef struct {
    /* First, so libjpeg's error pointer is the job. */
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    struct jpeg_decompress_struct cinfo;
    int created;
    FILE *file;
    const limits_t *limits;
    wd_image *out;
    uint8_t *row;
    uint8_t *rgba;
    accumulator acc;
    int code;
} jpeg_job;

static void jpeg_job_fail(j_common_ptr cinfo) {
    jpeg_job *job = (jpeg_job *)cinfo->err;
    int code = cinfo->err->msg_code;
    if (code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY) {
        snprintf(job->out->message, sizeof job->out->message,
                 "a JPEG of %d×%d needs more than %lld KiB to decode; make it baseline (jpegtran)",
                 job->out->source_width, job->out->source_height, (long long)(job->limits->max_decoder_memory >> 10));
        job->code = WD_IMAGE_TOO_LARGE;
    } else {
        char text[JMSG_LENGTH_MAX];
        (*cinfo->err->format_message)(cinfo, text);
        snprintf(job->out->message, sizeof job->out->message, "%s", text);
        job->code = WD_IMAGE_CORRUPT;
    }
    longjmp(job->jump, 1);
}

static void jpeg_job_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return; /* trace messages */
    jpeg_job *job = (jpeg_job *)cinfo->err;
    /* A truncated file would decode with a grey lower part: treat it as the damage it is. */
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) {
        snprintf(job->out->message, sizeof job->out->message, "truncated (premature end of JPEG data)");
        job->code = WD_IMAGE_CORRUPT;
        longjmp(job->jump, 1);
    }
    /* Other warnings ("extraneous bytes before marker") are common in camera files that
     * decode well; count them as libjpeg does and go on. */
    cinfo->err->num_warnings++;
}

static void jpeg_run(jpeg_job *job) {
    wd_image *out = job->out;
    struct jpeg_decompress_struct *cinfo = &job->cinfo;
    job->code = WD_IMAGE_CORRUPT;
    if (setjmp(job->jump)) return;

    jpeg_create_decompress(cinfo);
    job->created = 1;
    /* Progressive files keep every coefficient in memory; past this, libjpeg refuses. */
    cinfo->mem->max_memory_to_use = (long)job->limits->max_decoder_memory;
    jpeg_stdio_src(cinfo, job->file);
    jpeg_save_markers(cinfo, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(cinfo, TRUE);

    out->source_width = (int32_t)cinfo->image_width;
    out->source_height = (int32_t)cinfo->image_height;
    int status = check_dimensions((int64_t)cinfo->image_width, (int64_t)cinfo->image_height, job->limits, out);
    if (status != WD_IMAGE_OK) {
        job->code = status;
        return;
    }

    /* A progressive (or multi-scan) file is decoded from a buffer of all its DCT coefficients,
     * two bytes each at full resolution whatever the scaling: 36 MB for a 12-megapixel photo.
     * libjpeg-turbo 2.1 does not apply max_memory_to_use without a backing store, so the
     * limit is checked here, from the sizes the header gave. */
    if (jpeg_has_multiple_scans(cinfo)) {
        int64_t coefficients = 0;
        for (int c = 0; c < cinfo->num_components; c++) {
            coefficients += (int64_t)cinfo->comp_info[c].width_in_blocks * cinfo->comp_info[c].height_in_blocks * DCTSIZE2;
        }
        if (coefficients * (int64_t)sizeof(JCOEF) > job->limits->max_decoder_memory) {
            snprintf(out->message, sizeof out->message,
                     "a progressive JPEG of %d×%d needs %lld KiB to decode (at most %lld); make it baseline (jpegtran)",
                     out->source_width, out->source_height, (long long)((coefficients * (int64_t)sizeof(JCOEF)) >> 10),
                     (long long)(job->limits->max_decoder_memory >> 10));
            job->code = WD_IMAGE_TOO_LARGE;
            return;
        }
    }

    for (jpeg_saved_marker_ptr m = cinfo->marker_list; m; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6 && memcmp(m->data, "Exif\0\0", 6) == 0) {
            out->exif = malloc(m->data_length - 6);
            if (out->exif) {
                memcpy(out->exif, m->data + 6, m->data_length - 6);
                out->exif_length = m->data_length - 6;
            }
            break;
        }
    }

    switch (cinfo->jpeg_color_space) {
    case JCS_GRAYSCALE: cinfo->out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: cinfo->out_color_space = JCS_CMYK; break;
    default: cinfo->out_color_space = JCS_RGB; break;
    }

    int32_t tw, th;
    wd_image_fit(out->source_width, out->source_height, job->limits->box_width, job->limits->box_height, &tw, &th);
    /* The smallest DCT scale (M/8) whose output still covers the thumbnail: a 12-megapixel
     * photo for a 88-pixel box decodes at 1/8, 500 pixels wide. */
    cinfo->scale_denom = 8;
    for (unsigned int m = 1; m <= 8; m++) {
        cinfo->scale_num = m;
        jpeg_calc_output_dimensions(cinfo);
        if ((int32_t)cinfo->output_width >= tw && (int32_t)cinfo->output_height >= th) break;
    }
    cinfo->dct_method = JDCT_ISLOW;
    jpeg_start_decompress(cinfo);

    int32_t ow = (int32_t)cinfo->output_width, oh = (int32_t)cinfo->output_height;
    int components = cinfo->output_components;
    if (ow <= 0 || oh <= 0 || (components != 1 && components != 3 && components != 4)) {
        snprintf(out->message, sizeof out->message, "unsupported JPEG colour layout (%d components)", components);
        job->code = WD_IMAGE_UNSUPPORTED;
        return;
    }
    if (tw > ow) tw = ow;
    if (th > oh) th = oh;
    job->row = malloc((size_t)ow * (size_t)components);
    job->rgba = malloc((size_t)ow * 4);
    if (!job->row || !job->rgba || !accumulator_init(&job->acc, ow, oh, tw, th)) {
        job->code = out_of_memory(out);
        return;
    }
    /* Adobe writes CMYK inverted (and says so with its APP14 marker). */
    int inverted = cinfo->saw_Adobe_marker;

    while (cinfo->output_scanline < cinfo->output_height) {
        JSAMPROW rows[1] = { job->row };
        int32_t y = (int32_t)cinfo->output_scanline;
        if (jpeg_read_scanlines(cinfo, rows, 1) != 1) break;
        const uint8_t *src = job->row;
        uint8_t *dst = job->rgba;
        for (int32_t x = 0; x < ow; x++, dst += 4) {
            if (components == 1) {
                dst[0] = dst[1] = dst[2] = src[x];
            } else if (components == 3) {
                dst[0] = src[x * 3];
                dst[1] = src[x * 3 + 1];
                dst[2] = src[x * 3 + 2];
            } else {
                unsigned c = src[x * 4], mg = src[x * 4 + 1], ye = src[x * 4 + 2], k = src[x * 4 + 3];
                if (!inverted) {
                    c = 255 - c;
                    mg = 255 - mg;
                    ye = 255 - ye;
                    k = 255 - k;
                }
                dst[0] = (uint8_t)((c * k + 127) / 255);
                dst[1] = (uint8_t)((mg * k + 127) / 255);
                dst[2] = (uint8_t)((ye * k + 127) / 255);
            }
            dst[3] = 255;
        }
        accumulator_add(&job->acc, y, job->rgba, ow, 0, 1);
    }
    jpeg_finish_decompress(cinfo);

    job->code = finish_thumbnail(&job->acc, out);
}

static int decode_jpeg(FILE *file, const limits_t *limits, wd_image *out) {
    jpeg_job *job = calloc(1, sizeof(jpeg_job));
    if (!job) return out_of_memory(out);
    job->file = file;
    job->limits = limits;
    job->out = out;
    job->cinfo.err = jpeg_std_error(&job->manager);
    job->manager.error_exit = jpeg_job_fail;
    job->manager.emit_message = jpeg_job_message;
    jpeg_run(job);
    if (job->created) jpeg_destroy_decompress(&job->cinfo);
    free(job->row);
    free(job->rgba);
    accumulator_free(&job->acc);
    int code = job->code;
    free(job);
    return code;
}

/* MARK: - Entry points */

int wd_image_decode_file(const char *path, const wd_image_limits *given, wd_image *out) {
    memset(out, 0, sizeof *out);
    limits_t limits = resolve_limits(given);
    if (limits.box_width <= 0 || limits.box_height <= 0 || limits.box_width > MAX_BOX_SIDE || limits.box_height > MAX_BOX_SIDE) {
        snprintf(out->message, sizeof out->message, "thumbnail box %d×%d: expected 1 to %d pixels a side",
                 limits.box_width, limits.box_height, MAX_BOX_SIDE);
        return WD_IMAGE_UNSUPPORTED;
    }
    FILE *file = fopen(path, "rbe");
    if (!file) {
        snprintf(out->message, sizeof out->message, "cannot be opened: %s", strerror(errno));
        return WD_IMAGE_UNREADABLE;
    }
    struct stat info;
    if (fstat(fileno(file), &info) != 0 || !S_ISREG(info.st_mode)) {
        fclose(file);
        snprintf(out->message, sizeof out->message, "not a regular file");
        return WD_IMAGE_UNREADABLE;
    }
    if ((int64_t)info.st_size > limits.max_file_bytes) {
        fclose(file);
        snprintf(out->message, sizeof out->message, "the file is %lld MiB; at most %lld MiB are read",
                 (long long)(info.st_size >> 20), (long long)(limits.max_file_bytes >> 20));
        return WD_IMAGE_TOO_LARGE;
    }
    unsigned char signature[8] = {0};
    size_t got = fread(signature, 1, sizeof signature, file);
    rewind(file);
    static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    int code;
    if (got == 8 && memcmp(signature, png_signature, 8) == 0) {
        out->format = WD_IMAGE_FORMAT_PNG;
        code = decode_png(file, &limits, out);
    } else if (got >= 3 && signature[0] == 0xFF && signature[1] == 0xD8 && signature[2] == 0xFF) {
        out->format = WD_IMAGE_FORMAT_JPEG;
        code = decode_jpeg(file, &limits, out);
    } else {
        snprintf(out->message, sizeof out->message, got == 0 ? "the file is empty" : "not a PNG or JPEG image (unknown signature)");
        code = WD_IMAGE_NOT_AN_IMAGE;
    }
    fclose(file);
    if (code != WD_IMAGE_OK) {
        free(out->pixels);
        out->pixels = NULL;
        out->width = out->height = 0;
    }
    return code;
}

void wd_image_free(wd_image *image) {
    if (!image) return;
    free(image->pixels);
    free(image->exif);
    image->pixels = NULL;
    image->exif = NULL;
    image->exif_length = 0;
}

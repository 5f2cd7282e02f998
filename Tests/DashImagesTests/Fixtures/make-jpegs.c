/*
 * Writes the JPEG fixtures of DashImagesTests (the files are committed; this is how they were made):
 *   cc make-jpegs.c -ljpeg -o /tmp/make-jpegs && (cd Fixtures && /tmp/make-jpegs)
 * Each picture is 64×32, the left half red and the right half blue (grey: black and white),
 * so a 2×1 thumbnail gives the two colors and the DCT scaling of libjpeg is exercised.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

static void write_jpeg(const char *name, int width, int height, int gray, int progressive, int cmyk,
                       const unsigned char *exif, unsigned exif_length) {
    struct jpeg_compress_struct c;
    struct jpeg_error_mgr err;
    FILE *f = fopen(name, "wb");
    if (!f) { perror(name); exit(1); }
    c.err = jpeg_std_error(&err);
    jpeg_create_compress(&c);
    jpeg_stdio_dest(&c, f);
    c.image_width = width;
    c.image_height = height;
    c.input_components = gray ? 1 : cmyk ? 4 : 3;
    c.in_color_space = gray ? JCS_GRAYSCALE : cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&c);
    jpeg_set_quality(&c, 95, TRUE);
    if (progressive) jpeg_simple_progression(&c);
    jpeg_start_compress(&c, TRUE);
    if (exif) jpeg_write_marker(&c, JPEG_APP0 + 1, exif, exif_length);
    unsigned char *row = malloc((size_t)width * 4);
    while (c.next_scanline < c.image_height) {
        for (int x = 0; x < width; x++) {
            int left = x < width / 2;
            if (gray) {
                row[x] = left ? 0 : 255;
            } else if (cmyk) {
                /* Inverted CMYK, as Photoshop writes it beside the Adobe marker libjpeg adds:
                 * left red = C 0 M 255 Y 255 K 0, right blue = C 255 M 255 Y 0 K 0, each 255 − v. */
                unsigned char *p = row + x * 4;
                p[0] = left ? 255 : 0; p[1] = 0; p[2] = left ? 0 : 255; p[3] = 255;
            } else {
                unsigned char *p = row + x * 3;
                p[0] = left ? 255 : 0; p[1] = 0; p[2] = left ? 0 : 255;
            }
        }
        JSAMPROW rows[1] = { row };
        jpeg_write_scanlines(&c, rows, 1);
    }
    jpeg_finish_compress(&c);
    jpeg_destroy_compress(&c);
    fclose(f);
    free(row);
}

/* A little-endian TIFF with IFD0 → Exif IFD → DateTimeOriginal "2024:07:14 18:05:09". */
static unsigned exif_payload(unsigned char *out) {
    const char *date = "2024:07:14 18:05:09";
    unsigned char b[256];
    memset(b, 0, sizeof b);
    memcpy(b, "Exif\0\0", 6);
    unsigned char *t = b + 6;
    memcpy(t, "II*\0", 4);
    t[4] = 8; /* IFD0 at 8 */
    /* IFD0: one entry, ExifIFD pointer (0x8769, LONG, 1, offset 26). */
    t[8] = 1;
    t[10] = 0x69; t[11] = 0x87; t[12] = 4; t[14] = 1; t[18] = 26;
    /* next IFD offset at 22..25 = 0; Exif IFD at 26: one entry 0x9003 ASCII 20 at offset 44. */
    t[26] = 1;
    t[28] = 0x03; t[29] = 0x90; t[30] = 2; t[32] = 20; t[36] = 44;
    memcpy(t + 44, date, 20);
    unsigned length = 6 + 44 + 20;
    memcpy(out, b, length);
    return length;
}

int main(void) {
    unsigned char exif[256];
    unsigned exif_length = exif_payload(exif);
    write_jpeg("baseline.jpg", 64, 32, 0, 0, 0, NULL, 0);
    write_jpeg("progressive.jpg", 64, 32, 0, 1, 0, NULL, 0);
    write_jpeg("gray.jpg", 64, 32, 1, 0, 0, NULL, 0);
    write_jpeg("cmyk.jpg", 64, 32, 0, 0, 1, NULL, 0);
    write_jpeg("exif.jpg", 64, 32, 0, 0, 0, exif, exif_length);
    /* A bigger one for the DCT scaling: 512×256, so a 4×2 box decodes at 1/8 (64×32). */
    write_jpeg("large.jpg", 512, 256, 0, 0, 0, NULL, 0);
    return 0;
}

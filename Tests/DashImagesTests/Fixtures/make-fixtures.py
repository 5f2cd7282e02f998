#!/usr/bin/env python3
"""Writes the PNG fixtures and the damaged JPEGs of DashImagesTests (run from this folder after
make-jpegs.c; the files are committed).

Every picture is 8×4 unless said otherwise: the left half one color, the right half another,
so a thumbnail of 2×1 must give the two colors and one of 1×1 their average.
"""
import struct
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(width, height, color_type, depth, rows, palette=None, trns=None, interlace=0):
    """rows: a list of bytes objects, the raw (unfiltered) scanlines; for interlace=1 the
    caller gives the full image and this function splits it into Adam7 passes."""
    ihdr = struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, interlace)
    if interlace:
        raw = adam7(width, height, color_type, depth, rows)
    else:
        raw = b"".join(b"\x00" + r for r in rows)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if palette:
        out += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        out += chunk(b"tRNS", trns)
    out += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    return out


def adam7(width, height, color_type, depth, rows):
    """The filtered data of an Adam7-interlaced image (8-bit samples only)."""
    assert depth == 8
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    out = b""
    for x0, y0, dx, dy in passes:
        if x0 >= width or y0 >= height:
            continue
        for y in range(y0, height, dy):
            line = b"".join(rows[y][x * channels:(x + 1) * channels] for x in range(x0, width, dx))
            out += b"\x00" + line
    return out


def halves(width, height, left, right):
    """Rows of `width` pixels: the left half `left`, the right half `right` (bytes per pixel)."""
    return [left * (width // 2) + right * (width - width // 2) for _ in range(height)]


def write(name, data):
    with open(name, "wb") as f:
        f.write(data)


RED, BLUE = bytes([255, 0, 0]), bytes([0, 0, 255])

write("rgb8.png", png(8, 4, 2, 8, halves(8, 4, RED, BLUE)))
# Red opaque on the left, fully transparent blue on the right: the average is red at half alpha.
write("rgba8.png", png(8, 4, 6, 8, halves(8, 4, RED + b"\xff", BLUE + b"\x00")))
# Two palette entries; index 1 is green at alpha 0 through tRNS.
write("palette.png", png(8, 4, 3, 8, halves(8, 4, b"\x00", b"\x01"), palette=[(255, 0, 0), (0, 255, 0)], trns=b"\xff\x00"))
write("gray8.png", png(8, 4, 0, 8, halves(8, 4, b"\x00", b"\xff")))
# 1-bit grey: each row is one byte, 0b00001111: black left half, white right half.
write("gray1.png", png(8, 4, 0, 1, [b"\x0f"] * 4))
# 16-bit RGB: 0xFFFF/0x8080/0x0000 on the left (255, 128, 0 after scaling), 0x1000 grey right.
write("rgb16.png", png(8, 4, 2, 16, halves(8, 4, b"\xff\xff\x80\x80\x00\x00", b"\x10\x00" * 3)))
# 16-bit grey with alpha.
write("graya16.png", png(8, 4, 4, 16, halves(8, 4, b"\xff\xff\xff\xff", b"\x00\x00\xff\xff")))

# Interlaced 16×16: a pattern with every pixel different, also written plainly, so the two
# decodes can be compared pixel for pixel.
def pattern(x, y):
    return bytes([x * 16, y * 16, (x * 7 + y * 11) % 256])


rows16 = [b"".join(pattern(x, y) for x in range(16)) for y in range(16)]
write("pattern16.png", png(16, 16, 2, 8, rows16))
write("pattern16-interlaced.png", png(16, 16, 2, 8, rows16, interlace=1))
# Interlaced 5×3: passes with no pixels at all are skipped.
rows5 = [b"".join(pattern(x, y) for x in range(5)) for y in range(3)]
write("tiny-interlaced.png", png(5, 3, 2, 8, rows5, interlace=1))
write("tiny.png", png(5, 3, 2, 8, rows5))

# Damaged files.
whole = png(64, 64, 2, 8, [bytes((x * 4 + y) % 256 for x in range(64 * 3)) for y in range(64)])
write("truncated.png", whole[: len(whole) // 2])
write("not-an-image.png", b"This is a text file that says it is a PNG.\n")
write("empty.png", b"")
# A header that claims 100 000 × 100 000 pixels (30 gigabytes decoded), with a valid CRC.
write("absurd.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 2, 0, 0, 0))
      + chunk(b"IDAT", zlib.compress(b"\x00" * 300)) + chunk(b"IEND", b""))
# A PNG whose bytes are flipped in the compressed data (bad CRC).
bad = bytearray(png(8, 4, 2, 8, halves(8, 4, RED, BLUE)))
bad[60] ^= 0xFF
write("bad-crc.png", bytes(bad))
# A PNG that is really a PNG, named .jpg.
write("wrong-extension.jpg", png(8, 4, 2, 8, halves(8, 4, RED, BLUE)))

# Damaged JPEGs, made from baseline.jpg (written first by make-jpegs.c).
with open("baseline.jpg", "rb") as f:
    jpeg = f.read()
write("truncated.jpg", jpeg[: len(jpeg) * 2 // 3])
write("corrupt.jpg", b"\xff\xd8\xff\xe0" + bytes((i * 37) % 256 for i in range(400)))
# The SOF0 marker's height and width set to 65000 × 65000.
sof = jpeg.index(b"\xff\xc0")
absurd = bytearray(jpeg)
absurd[sof + 5:sof + 9] = struct.pack(">HH", 65000, 65000)
write("absurd.jpg", bytes(absurd))
# A progressive JPEG whose SOF2 header says 2000 × 1500: its coefficients would take 9 MB, so
# the default limit refuses it before any scan is read.
with open("progressive.jpg", "rb") as f:
    progressive = bytearray(f.read())
sof2 = progressive.index(b"\xff\xc2")
progressive[sof2 + 5:sof2 + 9] = struct.pack(">HH", 1500, 2000)
write("progressive-2000x1500.jpg", bytes(progressive))

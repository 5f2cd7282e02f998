#!/usr/bin/env python3
"""Generate Sources/WidgetDash/Text/UnicodeWidthTables.swift.

Usage (from the repository root):

    python3 scripts/generate-width-tables.py

The data comes from the `wcwidth` pip package (its tables are derived from
EastAsianWidth.txt, DerivedGeneralCategory.txt, emoji-variation-sequences.txt and
GraphemeBreakProperty/emoji-data.txt of the Unicode version it ships), cross-checked
against Python's own `unicodedata` (an older Unicode version, so it can only catch
gross disagreement, never add data). Python's `unicodedata` has no Emoji or
Default_Ignorable properties, which is why wcwidth is the primary source.
"""

import os
import sys
import unicodedata

try:
    from wcwidth import table_wide, table_zero, table_mc, table_grapheme, table_vs16
except ImportError:
    sys.exit("pip install wcwidth (0.7.0 or later) first")

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                   "Sources", "WidgetDash", "Text", "UnicodeWidthTables.swift")

# The newest version wcwidth carries for each table (it ships only the latest).
def latest(table):
    key = max(table, key=lambda v: tuple(int(p) for p in v.split(".")))
    return key, table[key]

wide_version, WIDE = latest(table_wide.WIDE_EASTASIAN)
zero_version, ZERO = latest(table_zero.ZERO_WIDTH)
mc_version, MC = latest(table_mc.CATEGORY_MC)
_, VS16 = latest(table_vs16.VS16_NARROW_TO_WIDE)
PICT = table_grapheme.EXTENDED_PICTOGRAPHIC
assert wide_version == zero_version == mc_version, (wide_version, zero_version, mc_version)
UNICODE_VERSION = wide_version

KIND_ZERO, KIND_MARK, KIND_WIDE = 0, 1, 2


def expand(ranges):
    out = set()
    for lo, hi in ranges:
        out.update(range(lo, hi + 1))
    return out


def to_ranges(points):
    ranges = []
    for cp in sorted(points):
        if ranges and ranges[-1][1] == cp - 1:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


wide = expand(WIDE)
mark = expand(MC)
# U+0000 is in wcwidth's zero table; controls are handled in code before any lookup.
zero = expand(ZERO) - {0} - mark

# Cross-check with unicodedata: every assigned W/F code point it knows must be wide,
# every Mn/Me must be zero width. Disagreement means the sources are out of step.
problems = []
for cp in range(0x110000):
    ch = chr(cp)
    cat = unicodedata.category(ch)
    if cat == "Cn":
        continue
    # A later version may have moved a code point between Mn and Mc, hence "or mark".
    if unicodedata.east_asian_width(ch) in ("W", "F") and not (cp in wide or cp in zero or cp in mark):
        problems.append(f"U+{cp:04X} is W/F in unicodedata {unicodedata.unidata_version} but not wide")
    if cat in ("Mn", "Me") and cp not in zero and cp not in mark:
        problems.append(f"U+{cp:04X} is {cat} but not zero width")
    if cat == "Mc" and cp not in mark:
        problems.append(f"U+{cp:04X} is Mc but not a spacing mark")
if problems:
    sys.exit("\n".join(problems[:50]))

# Combining wins over wide: a few wide-listed marks (Hangul tone marks U+302E/F,
# Vietnamese reading marks U+16FF0/1) only ever follow a base, which sets the width.
overlap = wide & (zero | mark)
if overlap:
    print("note: combining overrides wide for", [hex(c) for c in sorted(overlap)], file=sys.stderr)
    wide -= overlap

kinds = {}
for cp in zero:
    kinds[cp] = KIND_ZERO
for cp in mark:
    kinds[cp] = KIND_MARK
for cp in wide:
    kinds[cp] = KIND_WIDE

# Merge consecutive code points of the same kind into ranges.
packed = []
run = None
for cp in sorted(kinds):
    k = kinds[cp]
    if run and run[1] == cp - 1 and run[2] == k:
        run[1] = cp
    else:
        if run:
            packed.append(run)
        run = [cp, cp, k]
if run:
    packed.append(run)


def emit_packed(name, doc, ranges):
    lines = [f"    /// {d}" for d in doc]
    lines.append(f"    static let {name}: [UInt64] = [")
    for lo, hi, k in ranges:
        lines.append(f"        0x{lo:06X}_{hi:06X}_{k:02X},")
    lines.append("    ]")
    return lines


def emit_ranges(name, doc, ranges):
    lines = [f"    /// {d}" for d in doc]
    lines.append(f"    static let {name}: [UInt64] = [")
    for lo, hi in ranges:
        lines.append(f"        0x{lo:06X}_{hi:06X}_00,")
    lines.append("    ]")
    return lines


out = [
    "// GENERATED FILE, DO NOT EDIT.",
    "//",
    "// Regenerate from the repository root with:",
    "//     python3 scripts/generate-width-tables.py",
    f"// Unicode {UNICODE_VERSION} data (East Asian Width, General Category, Default_Ignorable,",
    "// Extended_Pictographic, emoji variation sequences) via the wcwidth package,",
    f"// cross-checked against Python unicodedata {unicodedata.unidata_version}.",
    "",
    "/// Range tables behind ``TextWidth``, generated from the Unicode Character Database.",
    "///",
    "/// Every entry packs one inclusive range and a kind into a `UInt64`:",
    "/// bits 32..<56 hold the first code point, bits 8..<32 the last, bits 0..<8 the kind",
    "/// (written `0xFIRST_LAST_KIND` in hex).",
    "/// Entries are sorted and disjoint so lookups are a binary search.",
    "enum UnicodeWidthTables {",
    f"    /// The Unicode version the tables were generated from.",
    f"    static let unicodeVersion = \"{UNICODE_VERSION}\"",
    "",
    "    /// Kind 0: zero width (Mn, Me, Cf except prepended concatenation marks and U+00AD,",
    "    /// Default_Ignorable_Code_Point, Hangul medial vowels and final consonants).",
    "    static let kindZero: UInt8 = 0",
    "    /// Kind 1: spacing combining mark (Mc): zero width alone, one cell after a base.",
    "    static let kindSpacingMark: UInt8 = 1",
    "    /// Kind 2: East Asian Wide or Fullwidth: two cells.",
    "    static let kindWide: UInt8 = 2",
    "",
]
out += emit_packed("kinds", ["Zero-width, spacing-mark and wide ranges; anything absent is one cell wide."], packed)
out.append("")
out += emit_ranges("extendedPictographic",
                   ["Extended_Pictographic: bases that start emoji ZWJ and modifier sequences."],
                   [tuple(r) for r in PICT])
out.append("")
out += emit_ranges("emojiVariationNarrow",
                   ["Text-default (narrow) characters that VS16 (U+FE0F) turns into two-cell emoji."],
                   [tuple(r) for r in VS16])
out.append("}")
out.append("")

with open(OUT, "w") as f:
    f.write("\n".join(out))
print(f"wrote {os.path.relpath(OUT)}: {len(packed)} kind ranges, {len(PICT)} pictographic, "
      f"{len(VS16)} VS16 ranges, Unicode {UNICODE_VERSION}")

#!/bin/sh
# Prints widgetdash's man page (mdoc): the commands and options generated from the command
# definitions by swift-argument-parser's generate-manual, then the hand-written sections on
# keys, configuration, environment and files (docs/man/widgetdash-sections.mdoc).
#
#   scripts/man-page.sh [BINARY] > widgetdash.1     # default: .build/release/widgetdash
#
# GENERATE_MANUAL names a generate-manual already built (scripts/install builds its own);
# otherwise it is built here, in .build.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/release/widgetdash}
tool=${GENERATE_MANUAL:-}
if [ -z "$tool" ]; then
  swift build --product generate-manual >&2
  tool=$(swift build --show-bin-path)/generate-manual
fi
# The page's date is the last commit's, so the same source gives the same page.
date=$(git log -1 --format=%cs 2>/dev/null || date +%F)
page=$("$tool" "$bin" --date "$date" --output-directory -)
# The hand-written sections go before EXIT STATUS, and SEE ALSO last, where man pages keep them.
printf '%s\n' "$page" | sed '/^\.Sh "EXIT STATUS"/,$d'
cat docs/man/widgetdash-sections.mdoc
printf '%s\n' "$page" | sed -n '/^\.Sh "EXIT STATUS"/,$p'
printf '.Sh "SEE ALSO"\n.Xr htop 1 ,\n.Xr tmux 1\n'

#!/bin/sh
# Measures idle dashboards beside htop with tui-idle-measure, each binary starting from the same
# page-cache state, so their resident memory can be compared.
#
#   scripts/idle-measure.sh [-s SECONDS] [-r ROUNDS] NAME=BINARY...
#   scripts/idle-measure.sh /work/bin/widgetdash-base .build/release/widgetdash
#
# Each round runs htop, then every binary in turn (alternating, so all see the same machine
# load), each with its own empty XDG directories. Before each run the binary's pages are dropped
# from the page cache, because the resident figure depends on how the file got there: pages read
# with read() (cp, cat, the linker writing it, a fresh `swift build`) sit in large folios, and
# Linux maps a whole large folio on a fault, so the same binary is 4 MB larger than when its pages
# came in one fault at a time. See "Idle memory is compared from a cold page cache" in
# docs/DECISIONS.md. A binary another process has mapped (a running dashboard) keeps its pages.
set -eu
secs=30 rounds=2
while getopts s:r: opt; do
  case $opt in s) secs=$OPTARG ;; r) rounds=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { sed -n '5,6p' "$0"; exit 2; }
here=$(cd "$(dirname "$0")/.." && pwd)
measure=${TUI_IDLE_MEASURE:-$here/../shared/tools/tui-idle-measure}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

round=1
while [ "$round" -le "$rounds" ]; do
  "$measure" htop "$secs" -- htop
  for arg in "$@"; do
    case $arg in *=*) name=${arg%%=*} bin=${arg#*=} ;; *) name=$(basename "$arg") bin=$arg ;; esac
    bin=$(readlink -f "$bin")
    # iflag=nocache with count=0 asks the kernel to drop the whole file's clean cached pages.
    dd if="$bin" iflag=nocache count=0 status=none
    run="$scratch/$name.$round"
    for d in config data state run; do mkdir -p "$run/$d"; chmod 700 "$run/$d"; done
    "$measure" "$name" "$secs" -- env XDG_CONFIG_HOME="$run/config" XDG_DATA_HOME="$run/data" \
      XDG_STATE_HOME="$run/state" XDG_RUNTIME_DIR="$run/run" "$bin"
  done
  round=$((round + 1))
done

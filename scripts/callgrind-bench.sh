#!/bin/sh
# Counts the instructions of the benchmarks with callgrind: figures that are the same from run
# to run whatever else the machine is doing (wall-clock figures on a shared machine are not).
#
#   scripts/callgrind-bench.sh render      # instructions per full 200x60 frame
#   scripts/callgrind-bench.sh scheduler   # instructions for the simulated day of 10,000 widgets
#
# Builds a release binary in .build-callgrind and counts a copy without its debug information:
# valgrind 3.19 cannot read the DWARF 5 this toolchain writes, so the copy keeps only the symbol
# table, which is enough for `callgrind_annotate` to name functions (not lines) in the .out
# files it leaves in /tmp/widgetdash-callgrind. A failed build or run stops the script with its
# output, never with a figure.
#
# Valgrind 3.19 crashes on a Swift program with an async main: libdispatch's main thread waits in
# sigsuspend() with its signal mask in read-only memory, and valgrind writes into that mask. A
# two-line preload that copies the mask to the stack first works around it.
set -eu
cd "$(dirname "$0")/.."
what=${1:-render}
out=/tmp/widgetdash-callgrind
mkdir -p "$out"
cat > "$out/shim.c" <<'EOF'
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return syscall(SYS_rt_sigsuspend, &copy, 8); }
EOF
cc -shared -fPIC -O2 -o "$out/shim.so" "$out/shim.c"
fail() { # fail WHAT LOG: says what failed with the end of its log, and stops
    echo "callgrind-bench: $1 failed; the end of $2:" >&2
    tail -n 30 "$2" >&2
    exit 1
}
swift build -c release --scratch-path .build-callgrind --product widgetdash > "$out/build.log" 2>&1 || fail "swift build" "$out/build.log"
bin=$out/widgetdash
strip --strip-debug -o "$bin" .build-callgrind/release/widgetdash

count() { # count NAME ARGS...: runs the binary under callgrind, prints its instruction count
    name=$1; shift
    rm -f "$out/$name.out"
    LD_PRELOAD="$out/shim.so" valgrind --tool=callgrind --callgrind-out-file="$out/$name.out" "$bin" "$@" > "$out/$name.log" 2>&1 ||
        fail "valgrind $*" "$out/$name.log"
    n=$(sed -n 's/^totals: *\([0-9][0-9]*\).*/\1/p' "$out/$name.out" 2>/dev/null)
    [ -n "$n" ] || fail "reading the totals of $name.out" "$out/$name.log"
    echo "$n"
}

case $what in
render)
    # Two runs that differ only in the number of frames: the difference is the frames' cost,
    # without start-up (loading, first metadata lookups, the first timelines).
    # The frames with the views kept (the benchmark's figure), then with every view made anew.
    a=$(count render-20 bench render --views kept --frames 20)
    b=$(count render-60 bench render --views kept --frames 60)
    echo "bench render: $(( (b - a) / 40 )) instructions per full frame"
    a=$(count remade-20 bench render --views remade --frames 20)
    b=$(count remade-60 bench render --views remade --frames 60)
    echo "bench render: $(( (b - a) / 40 )) instructions per full frame with every view made anew"
    ;;
scheduler)
    n=$(count scheduler bench scheduler)
    echo "bench scheduler: $n instructions (start-up included, a few million)"
    ;;
*)
    echo "usage: $0 render|scheduler" >&2
    exit 64
    ;;
esac
echo "profiles: $out/*.out (callgrind_annotate --inclusive=yes FILE)"

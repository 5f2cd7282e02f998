#!/bin/sh
# Counts the instructions of the benchmarks with callgrind: figures that are the same from run
# to run whatever else the machine is doing (wall-clock figures on a shared machine are not).
#
#   scripts/callgrind-bench.sh render      # instructions per full 200x60 frame
#   scripts/callgrind-bench.sh scheduler   # instructions for the simulated day of 10,000 widgets
#
# Builds a release binary with debug info in .build-callgrind, so `callgrind_annotate` can name
# functions and lines in the .out files it leaves in /tmp/widgetdash-callgrind.
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
swift build -c release -Xswiftc -g --scratch-path .build-callgrind >/dev/null
bin=.build-callgrind/release/widgetdash

count() { # count NAME ARGS...: runs the binary under callgrind, prints its instruction count
    name=$1; shift
    LD_PRELOAD="$out/shim.so" valgrind --tool=callgrind --callgrind-out-file="$out/$name.out" "$bin" "$@" >/dev/null 2>&1
    grep '^totals:' "$out/$name.out" | awk '{print $2}'
}

case $what in
render)
    # Two runs that differ only in the number of frames: the difference is the frames' cost,
    # without start-up (loading, first metadata lookups, the first timelines).
    a=$(count render-20 bench render --frames 20)
    b=$(count render-60 bench render --frames 60)
    echo "bench render: $(( (b - a) / 40 )) instructions per full frame"
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

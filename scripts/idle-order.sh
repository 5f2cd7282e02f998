#!/bin/sh
# Writes Sources/widgetdash/idle.order: the functions an idle default dashboard runs (first those
# of SECONDS of idle ticks, then the rest of start-up's), which the release link puts first in the
# binary's text (lld's --symbol-ordering-file, see Package.swift). Code the dashboard runs is then
# packed into a few pages instead of spread over the whole 20 MB text, so far fewer code pages are
# resident, and what idle runs shares no page with what only start-up ran.
#
#   scripts/idle-order.sh [BINARY] [SECONDS] [EXTENSION KIND]   # default: .build/release/widgetdash, 30
#
# With EXTENSION and KIND, a second run has KIND@small from that widget extension placed
# (`config init`'s home screen plus that widget), and the functions only it ran follow the
# default dashboard's: the code an extension widget runs at each reload (spawning, JSON, remote
# canvases) is then packed too instead of spread over the text, and the default dashboard's stays
# as tight. E.g. Examples' MisbehavingWidgets (built with -c release) and `tapper`.
#
# Run it again when the start-up or idle path changes a lot; a stale file only makes the layout
# less tight (names it lists that no longer exist are skipped). The functions are found by
# running the dashboard under callgrind in a detached tmux pane. Valgrind 3.19 cannot read the
# DWARF 5 of the static Swift libraries, so it runs a copy without debug info, and needs the
# same sigsuspend preload as scripts/callgrind-bench.sh.
set -eu
cd "$(dirname "$0")/.."
bin=${1:-.build/release/widgetdash}
secs=${2:-30}
work=$(mktemp -d)
trap 'tmux kill-session -t "idle-order-$$" 2>/dev/null || true; rm -rf "$work"' EXIT
cat > "$work/shim.c" <<'EOF'
#define _GNU_SOURCE
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>
int sigsuspend(const sigset_t *mask) { sigset_t copy = *mask; return syscall(SYS_rt_sigsuspend, &copy, 8); }
EOF
cc -shared -fPIC -O2 -o "$work/shim.so" "$work/shim.c"
objcopy --strip-debug "$bin" "$work/widgetdash"
# profile NAME [EXTENSION KIND]: runs the dashboard under callgrind for SECONDS of idle, in XDG
# directories of its own, and leaves its function list in $work/NAME.out.*.
profile() {
  run="$work/$1"
  for d in config data state run; do mkdir -p "$run/$d"; chmod 700 "$run/$d"; done
  if [ $# -ge 3 ]; then
    XDG_CONFIG_HOME="$run/config" "$bin" config init >/dev/null
    ext=$(readlink -f "$2")
    sed -i "1i extensions = [\"$ext\"]" "$run/config/widgetdash/config.toml"
    sed -i "0,/\"clock@small\",/s//\"clock@small\", \"$3@small\",/" "$run/config/widgetdash/config.toml"
    grep -q "\"$3@small\"" "$run/config/widgetdash/config.toml" || { echo "idle-order: could not place $3" >&2; exit 1; }
  fi
  tmux new-session -d -s "idle-order-$$" -x 120 -y 40 \
    "TERM=xterm-256color XDG_CONFIG_HOME=$run/config XDG_DATA_HOME=$run/data \
     XDG_STATE_HOME=$run/state XDG_RUNTIME_DIR=$run/run LD_PRELOAD=$work/shim.so \
     valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/$1.out $work/widgetdash 2>$work/$1.log"
  # Start-up under valgrind takes a while (and the dashboard gives back its start-up pages 5 s
  # after its first frame): the first dump ($1.out.1) is start-up, the second ($1.out.2) idle.
  # The dumps name this run's program, so no other callgrind run on the machine is cut in two.
  sleep 30
  (cd "$work" && callgrind_control -d "$work/widgetdash" >/dev/null)
  sleep "$secs"
  (cd "$work" && callgrind_control -d "$work/widgetdash" >/dev/null)
  sleep 3
  tmux kill-session -t "idle-order-$$" 2>/dev/null || true
  sleep 1
}
# What idle runs comes first, the default dashboard's then what the extension run adds, so it
# shares as few pages as it can; start-up's code follows, as the dashboard unmaps it once started
# (StartupPages) and only what idle runs faults back in.
profile idle
[ $# -ge 4 ] && profile extension "$3" "$4"
python3 - "$work" <<'EOF'
import os, re, subprocess, sys
work = sys.argv[1]
executed = []
parts = [f"{work}/idle.out.2", f"{work}/extension.out.2", f"{work}/idle.out.1", f"{work}/extension.out.1"]
for path in [p for p in parts if os.path.exists(p)]:
    for line in open(path):
        m = re.match(r"^c?fn=\(\d+\) (.*)$", line.rstrip("\n"))
        if m:
            executed.append(m.group(1).split("'")[0])  # 'N marks a recursion level
nm = subprocess.run(["nm", "--defined-only", f"{work}/widgetdash"], capture_output=True, text=True).stdout
defined = {p[2] for p in (l.split() for l in nm.splitlines()) if len(p) == 3 and p[1] in "tTwW"}
order, seen = [], set()
for name in executed:
    if name in defined and name not in seen:
        seen.add(name)
        order.append(name)
if len(order) < 1000 or not os.path.exists(f"{work}/idle.out.2"):
    sys.exit(f"only {len(order)} functions ran, or no idle dump; did the dashboard start? see {work}/idle.log")
with open("Sources/widgetdash/idle.order", "w") as f:
    f.write("\n".join(order) + "\n")
print(f"Sources/widgetdash/idle.order: {len(order)} functions")
EOF

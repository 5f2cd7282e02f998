#!/bin/bash
# Counts how often an idle dashboard wakes: voluntary context switches (a thread blocking, in
# state S or D) of every thread of the process, threads that exit included, per thread.
#
#   scripts/idle-wakeups.sh [-s SECONDS] [-c default|config|clock] BINARY
#
# tui-idle-measure reads each thread's counters at the end, so it misses threads that exited
# during the run; this records sched:sched_switch system-wide with perf (run it as root) and
# keeps the process's own switches. "default" is the dashboard with no config, "config" is
# `config init`'s home screen, "clock" is clock@small with clock@inline on the lock screen.
# The dashboard runs in a detached tmux session (120×40) with empty XDG directories.
set -euo pipefail
secs=30 screen=default
while getopts s:c: opt; do
  case $opt in s) secs=$OPTARG ;; c) screen=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || { sed -n '5p' "$0"; exit 2; }
command -v perf >/dev/null || { echo "idle-wakeups: needs perf (apt-get install linux-perf)" >&2; exit 69; }
bin=$(readlink -f "$1")
run=$(mktemp -d)
session=idle-wakeups-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$run"' EXIT
for d in config data state run; do mkdir -p "$run/$d"; chmod 700 "$run/$d"; done
case $screen in
  default) ;;
  config) XDG_CONFIG_HOME=$run/config "$bin" config init >/dev/null ;;
  clock) mkdir -p "$run/config/widgetdash"
         printf 'theme = "dark"\n[lock]\nscreen = ["clock@inline"]\n[[page]]\nwidgets = ["clock@small"]\n' \
           > "$run/config/widgetdash/config.toml" ;;
  *) echo "idle-wakeups: unknown screen $screen" >&2; exit 2 ;;
esac
tmux new-session -d -s "$session" -x 120 -y 40 "env TERM=xterm-256color XDG_CONFIG_HOME=$run/config \
XDG_DATA_HOME=$run/data XDG_STATE_HOME=$run/state XDG_RUNTIME_DIR=$run/run $bin"
sleep 4 # past the start-up and the first reloads
pid=$(tmux list-panes -t "$session" -F '#{pane_pid}')
# The pane's process is env, which execs the binary: the pid is the dashboard's.
perf record -q -o "$run/perf.data" -e sched:sched_switch -a -- sleep "$secs" >/dev/null 2>&1
# Each thread is named by the switch's prev_comm (the threads name themselves: terminal loop,
# task pool, store listener …).
perf script -i "$run/perf.data" -F pid,tid,trace 2>/dev/null |
  awk -v pid="$pid" '{ split($1, id, "/") } id[1] == pid && /prev_state=(S|D)/ {
      n[id[2]]++; total++
      if (match($0, /prev_comm=.* prev_pid=/)) name[id[2]] = substr($0, RSTART + 10, RLENGTH - 20)
    }
    END { printf "wakeups a second: %.2f (%d in %s s)\n", total / secs, total, secs
          for (t in n) printf "  thread %s (%s): %d\n", t, name[t], n[t] }' secs="$secs"

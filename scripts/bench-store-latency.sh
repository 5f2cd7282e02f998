#!/bin/sh
# How long a value set from a script takes to show on a running dashboard: the figure the
# README promises ("within a second"), measured here rather than asserted in a test, since
# wall-clock bounds on a shared machine fail for reasons that are not bugs.
#
#   scripts/bench-store-latency.sh [ROUNDS] [BINARY]
#
# Runs BINARY (default: a release build of widgetdash) with a notes widget in a detached tmux
# session with its own config and data folders, then ROUNDS times sets `notes.text` with
# `widgetdash set` and polls the pane every 10 ms until the text shows. Prints each round and
# the median and worst, in milliseconds. Touches only the scratch folders it makes.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-20}
bin=${2:-}
if [ -z "$bin" ]; then
  swift build -c release --static-swift-stdlib --product widgetdash >/dev/null
  bin=.build/release/widgetdash
fi
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
scratch=$(mktemp -d)
session="wd-latency-$$"
trap 'tmux kill-session -t "$session" 2>/dev/null; rm -rf "$scratch"' EXIT INT TERM
env="XDG_CONFIG_HOME=$scratch/config XDG_DATA_HOME=$scratch/data XDG_STATE_HOME=$scratch/state XDG_RUNTIME_DIR=$scratch/run"
mkdir -p "$scratch/config" "$scratch/data" "$scratch/state" "$scratch/run"
chmod 700 "$scratch/run"
tmux new-session -d -s "$session" -x 100 -y 30 "env $env TERM=xterm-256color $bin --widget notes@medium"

now_ms() { date +%s%3N; }
wait_for() { # wait_for TEXT LIMIT_MS: 0 when the pane shows TEXT within LIMIT_MS
  deadline=$(( $(now_ms) + $2 ))
  while [ "$(now_ms)" -lt "$deadline" ]; do
    tmux capture-pane -p -t "$session" | grep -qF "$1" && return 0
    sleep 0.01
  done
  return 1
}
wait_for "No notes yet" 10000 || { echo "the dashboard did not start"; exit 1; }

results=""
i=1
while [ "$i" -le "$rounds" ]; do
  text="round $i of $rounds"
  start=$(now_ms)
  env $env "$bin" set notes.text "$text"
  if wait_for "$text" 10000; then
    ms=$(( $(now_ms) - start ))
    echo "round $i: ${ms} ms"
    results="$results $ms"
  else
    echo "round $i: not shown within 10 s"
  fi
  i=$((i + 1))
done
echo "$results" | tr ' ' '\n' | grep . | sort -n | awk '{a[NR]=$1} END {if (NR) printf "store to screen: median %d ms, worst %d ms over %d rounds (includes the set command and 10 ms polling)\n", a[int((NR+1)/2)], a[NR], NR}'

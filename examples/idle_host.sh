#!/usr/bin/env bash
# How often an idle game wakes, and the CPU it uses (issue 49: "an idle host sleeps"). Starts
# the game in a tmux pane (it needs a terminal), lets it settle, then counts over SECONDS the
# context switches of all its threads (each sleep that ends is one; /proc/PID/task/*/status)
# and its CPU time (/proc/PID/stat, utime + stime), and prints them a second. Nobody presses a
# key: three person seats, the first one's hand-off box waiting for Enter.
#
#   examples/idle_host.sh [BINARY] [SECONDS] [host|plain]
#
# BINARY defaults to target/ci/catan (cargo build --profile ci --bin catan); `host` (the
# default) serves on 127.0.0.1 at a random port, `plain` plays without hosting.
set -euo pipefail
bin=$(realpath "${1:-target/ci/catan}")
secs=${2:-10}
kind=${3:-host}
dir=$(mktemp -d)
session=idle-$$
port=$((20000 + RANDOM % 20000))
args=(--seed 1 --players "Ann,Bob,Cy")
if [ "$kind" = host ]; then
    args=(host --bind 127.0.0.1 --port "$port" --code "ant bee cat dog elk" "${args[@]}")
fi
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$dir"' EXIT
printf -v cmd '%q ' "$bin" "${args[@]}"
tmux new-session -d -s "$session" -x 140 -y 45 "CATAN_DATA_DIR=$dir HOME=$dir exec $cmd"
sleep 3
pid=$(tmux display-message -p -t "$session" '#{pane_pid}')

switches() {
    local total=0 n
    for f in /proc/"$pid"/task/*/status; do
        n=$(awk '/ctxt_switches/ { s += $2 } END { print s + 0 }' "$f" 2>/dev/null || echo 0)
        total=$((total + n))
    done
    echo "$total"
}
ticks() { awk '{ print $14 + $15 }' /proc/"$pid"/stat; }

s0=$(switches); t0=$(ticks)
sleep "$secs"
s1=$(switches); t1=$(ticks)
hz=$(getconf CLK_TCK)
threads=$(ls /proc/"$pid"/task | wc -l)
awk -v s=$((s1 - s0)) -v t=$((t1 - t0)) -v secs="$secs" -v hz="$hz" -v kind="$kind" -v th="$threads" 'BEGIN {
    printf "%s, %d threads, %d s idle: %.1f wake-ups/s, %.2f%% of a core\n", kind, th, secs, s / secs, 100 * t / hz / secs
}'

#!/usr/bin/env bash
# `npm run bench:slow-host -- npm run bench:traffic -- --writes 20`
#
# Runs a bench as on a slow host of our class, on a fast one: our 2-core hosts differ about 2.3x in
# speed (docs/performance.md), and a goal counts only when met on a slow host. The command and
# everything it starts get, through the cgroup v1 `cpu` controller, CPU time in 10 ms periods:
#   - all of them together, the host's cores divided by SLOW_FACTOR (default 2.3): 0.87 core of 2;
#   - each Node process (the bench, Encore, the bare server) at most one core divided by the
#     factor, as one core of a slower CPU runs one event loop; a process a Node process starts
#     inherits its cgroup, so Postgres' processes are moved back to share the whole.
# An emulation, not a slow host: the memory, caches and disks are this host's, and a process
# throttled within a period waits for the next (at most 10 ms). The bench's own host line then
# measures bare Fastify inside the same limits: it should read the slow class (< 40k req/s).
# Needs root and cgroup v1 (`/sys/fs/cgroup/cpu`); says so and stops otherwise.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: npm run bench:slow-host -- COMMAND [ARGS...]" >&2
  exit 2
fi
ROOT=/sys/fs/cgroup/cpu
if [ ! -w "$ROOT" ] || [ ! -f "$ROOT/cpu.cfs_quota_us" ]; then
  echo "bench:slow-host needs root and cgroup v1's cpu controller at $ROOT (not found or not writable)" >&2
  exit 2
fi
FACTOR=${SLOW_FACTOR:-2.3}
CORES=$(nproc)
PERIOD_US=10000
ALL_US=$(awk "BEGIN { printf \"%d\", $PERIOD_US * $CORES / $FACTOR }")
ONE_US=$(awk "BEGIN { printf \"%d\", $PERIOD_US / $FACTOR }")
G="$ROOT/encore-slow-$$"

mkdir "$G"
echo "$PERIOD_US" > "$G/cpu.cfs_period_us"
echo "$ALL_US" > "$G/cpu.cfs_quota_us"

# Each Node process into a cgroup of its own; anything else a Node process started (Postgres)
# back to the shared one. Checked twice a second: until then a new process shares the whole's
# limit only. A process gone meanwhile is skipped (the loop must outlive every such race).
limit_each_node() {
  while [ -d "$G" ]; do
    for pid in $(cat "$G/cgroup.procs" "$G"/n[0-9]*/cgroup.procs 2>/dev/null); do
      comm=$(cat "/proc/$pid/comm" 2>/dev/null || true)
      if [ "$comm" = node ]; then
        if [ ! -d "$G/n$pid" ] && mkdir "$G/n$pid" 2>/dev/null; then
          { echo "$PERIOD_US" > "$G/n$pid/cpu.cfs_period_us" &&
            echo "$ONE_US" > "$G/n$pid/cpu.cfs_quota_us" &&
            echo "$pid" > "$G/n$pid/cgroup.procs"; } 2>/dev/null || true
        fi
      elif [ -n "$comm" ] && ! grep -qx "$pid" "$G/cgroup.procs" 2>/dev/null; then
        echo "$pid" > "$G/cgroup.procs" 2>/dev/null || true
      fi
    done
    sleep 0.5
  done
}

cleanup() {
  kill "$watcher" 2>/dev/null || true
  for cgroup in "$G"/n[0-9]* "$G"; do
    [ -d "$cgroup" ] || continue
    for pid in $(cat "$cgroup/cgroup.procs" 2>/dev/null); do
      echo "$pid" > "$ROOT/cgroup.procs" 2>/dev/null || true
    done
  done
  for cgroup in "$G"/n[0-9]*; do rmdir "$cgroup" 2>/dev/null || true; done
  rmdir "$G" 2>/dev/null || true
}

limit_each_node &
watcher=$!
trap cleanup EXIT
echo "bench:slow-host: $CORES cores ÷ $FACTOR ($ALL_US µs of CPU every $PERIOD_US µs in all, $ONE_US µs for each Node process) for: $*"
bash -c 'echo $$ > "$1/cgroup.procs"; shift; exec "$@"' _ "$G" "$@"

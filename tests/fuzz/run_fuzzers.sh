#!/usr/bin/env bash
# Replays every committed seed corpus, then fuzzes each target for a bounded
# time, as many targets at once as there are cores. Fails on any crash,
# leak, timeout or allocation over the limit.
#   run_fuzzers.sh BUILD_DIR SECONDS_PER_TARGET
# BUILD_DIR is a build with TERRAIN_FUZZ on (the asan or the fuzz preset).
# A failing input is kept in BUILD_DIR/fuzz-artifacts/<target>/ (crash-*,
# leak-*, timeout-*, oom-*); rerun it with BUILD_DIR/tests/fuzz/fuzz_<name> FILE.
set -euo pipefail
build=${1:?build dir}
seconds=${2:-20}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
work=$(mktemp -d)
# The harnesses' scratch files (for the loaders that take a path), written
# once per execution: in memory when /dev/shm exists (a disk is ~15x slower).
scratch=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$work" "$scratch"' EXIT
export TMPDIR="$scratch"
# Each target is one process on one core; the targets share the cores.
parallel=$(nproc 2>/dev/null || echo 2)

# 512 MiB is far above anything a valid input needs: a ramp is at most 65536
# pixels and CLI parsing allocates nothing big, so crossing it is a bug.
limits=(-rss_limit_mb=512 -malloc_limit_mb=256 -timeout=10)

# run <name> <log> <libFuzzer args...>: silent on success; on failure the
# log's last 200 lines and the artifact folder, and a non-zero status.
run() {
  local name=$1 log=$2
  shift 2
  local artifacts="$build/fuzz-artifacts/$name"
  if (cd "$work" && "$build/tests/fuzz/fuzz_$name" "${limits[@]}" \
        -artifact_prefix="$artifacts/" "$@") >"$log" 2>&1; then
    return 0
  fi
  tail -n 200 "$log" >&2
  echo "run_fuzzers: fuzz_$name FAILED; failing input in $artifacts/" >&2
  return 1
}

# fuzz_one <name>: replay its seeds, then fuzz it; one summary block at the
# end (targets run side by side, so their lines are not interleaved).
fuzz_one() {
  local name=$1 corpus="$here/corpus/$1"
  mkdir -p "$build/fuzz-artifacts/$name" "$work/$name"
  run "$name" "$work/$name.replay.log" -runs=0 "$corpus" || return 1
  # New inputs go to $work/$name (discarded): only seeds are committed.
  run "$name" "$work/$name.fuzz.log" -max_total_time="$seconds" -print_final_stats=1 \
      "$work/$name" "$corpus" || return 1
  {
    echo "== fuzz_$name: replayed $(find "$corpus" -type f | wc -l) corpus inputs, fuzzed ${seconds}s"
    grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' \
        "$work/$name.fuzz.log" || tail -n 5 "$work/$name.fuzz.log"
  } >"$work/$name.summary"
}

names=()
for corpus in "$here"/corpus/*/; do
  name=$(basename "$corpus")
  [ -x "$build/tests/fuzz/fuzz_$name" ] || {
    echo "run_fuzzers: missing target $build/tests/fuzz/fuzz_$name" >&2
    exit 1
  }
  names+=("$name")
done
[ ${#names[@]} -gt 0 ] || { echo "run_fuzzers: no corpus folders under $here/corpus" >&2; exit 1; }

echo "run_fuzzers: ${#names[@]} targets, ${seconds}s each, $parallel at a time"
failed=0
running=0
for name in "${names[@]}"; do
  if [ "$running" -ge "$parallel" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
  fuzz_one "$name" &
  running=$((running + 1))
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
for name in "${names[@]}"; do
  [ -f "$work/$name.summary" ] && cat "$work/$name.summary"
done
if [ "$failed" -ne 0 ]; then
  echo "run_fuzzers: a target failed (its log is above)" >&2
  exit 1
fi
echo "run_fuzzers: every target ran clean"

#!/usr/bin/env bash
# Replays every committed seed corpus, then fuzzes each target for a bounded
# time. Fails on any crash, leak, timeout or allocation over the limit.
#   run_fuzzers.sh BUILD_DIR SECONDS_PER_TARGET
# A failing input is kept in BUILD_DIR/fuzz-artifacts/<target>/ (crash-*,
# leak-*, timeout-*, oom-*); rerun it with BUILD_DIR/tests/fuzz/fuzz_<name> FILE.
set -euo pipefail
build=${1:?build dir}
seconds=${2:-60}
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$build" && pwd)
work=$(mktemp -d)
# The harnesses' scratch files (for the loaders that take a path), written
# once per execution: in memory when /dev/shm exists (a disk is ~15x slower).
scratch=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$work" "$scratch"' EXIT
export TMPDIR="$scratch"

# 512 MiB is far above anything a valid input needs: a ramp is at most 65536
# pixels and CLI parsing allocates nothing big, so crossing it is a bug.
limits=(-rss_limit_mb=512 -malloc_limit_mb=256 -timeout=10)

# run <name> <log> <libFuzzer args...>: the log's tail on success, all of it
# (up to the last 200 lines) and the artifact folder on failure.
run() {
  local name=$1 log=$2
  shift 2
  if (cd "$work" && "$build/tests/fuzz/fuzz_$name" "${limits[@]}" \
        -artifact_prefix="$artifacts/" "$@") >"$log" 2>&1; then
    return 0
  fi
  tail -n 200 "$log" >&2
  echo "run_fuzzers: fuzz_$name FAILED; failing input in $artifacts/" >&2
  exit 1
}

found=0
for corpus in "$here"/corpus/*/; do
  name=$(basename "$corpus")
  target="$build/tests/fuzz/fuzz_$name"
  [ -x "$target" ] || { echo "run_fuzzers: missing target $target" >&2; exit 1; }
  artifacts="$build/fuzz-artifacts/$name"
  mkdir -p "$artifacts" "$work/$name"
  found=$((found + 1))

  echo "== fuzz_$name: replaying $(find "$corpus" -type f | wc -l) corpus inputs"
  run "$name" "$work/$name.replay.log" -runs=0 "$corpus"

  echo "== fuzz_$name: fuzzing for ${seconds}s"
  # New inputs go to $work/$name (discarded): only seeds are committed.
  run "$name" "$work/$name.fuzz.log" -max_total_time="$seconds" -print_final_stats=1 \
      "$work/$name" "$corpus"
  grep -E '^(Done|stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb)' \
      "$work/$name.fuzz.log" || tail -n 5 "$work/$name.fuzz.log"
done
[ "$found" -gt 0 ] || { echo "run_fuzzers: no corpus folders under $here/corpus" >&2; exit 1; }
echo "run_fuzzers: every target ran clean"

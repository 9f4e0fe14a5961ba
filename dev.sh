#!/usr/bin/env bash
# Terrain Explorer's one entry point for a fresh Debian 12 machine.
#   ./dev.sh run    install dependencies, build, start the explorer
#   ./dev.sh test   install dependencies, build both configurations (Release,
#                   sanitizers), run every test and the fuzzers (docs/testing.md)
#   ./dev.sh deps   only install the Debian packages
#   ./dev.sh bench [REGEX]  build and run the benchmarks (Release) and write
#                   docs/performance.md from the run; REGEX runs only the
#                   benchmarks whose names match, -REGEX all but those (the
#                   whole run is long: see docs/performance.md)
#   ./dev.sh docs   regenerate the generated reference pages, docs/cli.md and
#                   docs/nodes.md, from the program's own tables (a test fails
#                   when a checked-in page differs)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  libglfw3-dev libglm-dev libimgui-dev python3-glad libgl-dev libgl1-mesa-dri
  libpng-dev libhwy-dev libdeflate-dev libopenexr-dev nlohmann-json3-dev
  libmeshoptimizer-dev libtinygltf-dev libgdal-dev googletest libgtest-dev libbenchmark-dev
  xvfb xauth python3-pil python-matplotlib-data parallel strace
)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] && ! command -v sudo >/dev/null; then
    echo "dev.sh: these Debian packages are missing: ${missing[*]}" >&2
    echo "dev.sh: there is no sudo here; as root, run:" >&2
    echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
    echo "dev.sh: then run ./dev.sh ${COMMAND} again." >&2
    exit 1
  fi
  echo "dev.sh: installing ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

jobs() { nproc 2>/dev/null || echo 2; }

build() {  # build <preset> [target...]: configure, build the preset's targets (or these)
  local preset=$1
  shift
  cmake --preset "$preset" >/dev/null
  if [ $# -gt 0 ]; then
    cmake --build --preset "$preset" -j "$(jobs)" --target "$@"
  else
    cmake --build --preset "$preset" -j "$(jobs)"
  fi
}

# Tests ctest reported as skipped (GTEST_SKIP, e.g. the read-only mount
# cases without root), collected over every configuration for the summary.
SKIPPED=()

run_ctest() {  # run_ctest <preset>: ctest's summary lists skips as "(Skipped)";
  # core_tests runs in shards whose GoogleTest XML names its skips
  local log
  log=$(mktemp)
  local status=0
  rm -rf "build/$1/test-results"
  # As many tests at once as cores: the tests are written to run beside
  # each other (scratch folders of their own, bounds that allow for a busy
  # neighbour), and serially the suites took half of CI's time.
  with_display ctest --preset "$1" -j "$(jobs)" 2>&1 | tee "$log" || status=$?
  while IFS= read -r line; do SKIPPED+=("$1: $line"); done \
    < <(sed -n 's/^[[:space:]]*[0-9]* - \(.*\) (Skipped)$/\1/p' "$log")
  while IFS= read -r line; do SKIPPED+=("$1: $line"); done \
    < <(skipped_in_xml "build/$1/test-results")
  rm -f "$log"
  return "$status"
}

skipped_in_xml() {  # skipped_in_xml <folder>: "Suite.Test: why" per skipped test
  [ -d "$1" ] || return 0
  python3 - "$1" <<'PY'
import glob, sys, xml.etree.ElementTree as ET
for path in sorted(glob.glob(sys.argv[1] + "/*.xml")):
    for case in ET.parse(path).getroot().iter("testcase"):
        skip = case.find("skipped")
        if case.get("result") == "skipped" or skip is not None:
            why = (skip.get("message", "") if skip is not None else "").strip().splitlines()
            print(f"{case.get('classname')}.{case.get('name')}: {why[-1] if why else ''}")
PY
}

with_display() {  # runs "$@" with a display: the real one, or a virtual one
  if [ -n "${DISPLAY:-}" ] && [ -z "${CI:-}" ]; then "$@"; else
    # -noreset: Xvfb otherwise resets when its last client leaves, and a
    # test window that connects during the reset finds no display.
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$@"
  fi
}

COMMAND=${1:-}
case "$COMMAND" in
  deps)
    install_deps ;;
  run)
    install_deps
    build run  # the app alone, warnings not errors (build/run)
    shift
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      demo="$PWD/out/demo"  # ignored by git (/out/)
      mkdir -p "$demo"
      echo "dev.sh: no display here; exporting a demo map with the headless CLI instead"
      # Absolute paths, so the CLI's report names the files wherever they are looked for.
      exec ./build/run/app/terrain-explorer export --generator diamond-square --seed 42 \
        --color "$demo/demo-color.png" --heightmap "$demo/demo-heightmap.png" "$@"
    fi
    exec ./build/run/app/terrain-explorer "$@" ;;
  test)
    install_deps
    # Two builds (docs/testing.md says what each holds): GCC -O3 and clang
    # -O2 with the sanitizers, so the golden bits are held by two compilers
    # at two optimisation levels; the sanitizer build carries the fuzz
    # targets too.
    build release
    run_ctest release
    build asan
    run_ctest asan  # the preset and the tests' environment carry LSan's settings
    bash tests/fuzz/run_fuzzers.sh build/asan "${FUZZ_SECONDS:-10}"
    if [ ${#SKIPPED[@]} -gt 0 ]; then
      echo "dev.sh: ${#SKIPPED[@]} tests skipped (not failed, not run):"
      printf '  %s\n' "${SKIPPED[@]}"
    fi
    echo "dev.sh: every test passed, ${#SKIPPED[@]} skipped" ;;
  bench)
    install_deps
    build release terrain_bench  # not built by ./dev.sh test
    results=$(mktemp --suffix=.json)
    start=$(date +%s)
    with_display ./build/release/tests/terrain_bench --benchmark_out="$results" \
      --benchmark_out_format=json ${2:+--benchmark_filter="$2"}
    python3 tests/bench/bench_table.py "$results" docs/performance.md \
      --seconds "$(($(date +%s) - start))" --command "./dev.sh bench${2:+ $2}" \
      --commit "$(git describe --always --dirty 2>/dev/null || echo unknown)"
    rm -f "$results"
    echo "dev.sh: wrote docs/performance.md" ;;
  docs)
    install_deps
    cmake --preset release >/dev/null
    cmake --build --preset release --target terrain-explorer -j "$(jobs)"
    for page in cli nodes; do  # a hidden subcommand of the headless program
      ./build/release/app/terrain-explorer docs "$page" >"docs/$page.md.new"
      mv "docs/$page.md.new" "docs/$page.md"
      echo "dev.sh: wrote docs/$page.md"
    done ;;
  *)
    # The usage: the comment block under the first line.
    sed -n '2,/^[^#]/s/^# \{0,1\}//p' "$0"
    exit 2 ;;
esac

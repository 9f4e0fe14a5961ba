#!/usr/bin/env bash
# Terrain Explorer's one entry point for a fresh Debian 12 machine.
#   ./dev.sh run    install dependencies, build, start the explorer
#   ./dev.sh test   install dependencies, build every configuration, run every test
#   ./dev.sh deps   only install the Debian packages
#   ./dev.sh bench  build and run the benchmarks (Release)
set -euo pipefail
cd "$(dirname "$0")"

PACKAGES=(
  build-essential cmake ninja-build pkg-config clang libclang-rt-14-dev
  libglfw3-dev libglm-dev libimgui-dev python3-glad libgl-dev libgl1-mesa-dri
  libpng-dev nlohmann-json3-dev googletest libgtest-dev libbenchmark-dev
  xvfb xauth
)

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

install_deps() {
  local missing=()
  for p in "${PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "dev.sh: installing ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
}

jobs() { nproc 2>/dev/null || echo 2; }

# Mesa unloads its driver at exit, before LeakSanitizer looks, so the driver's
# own small leaks show as <unknown module> and no suppression can name them.
# Preloading keeps the driver mapped; tests/lsan.supp then names it.
mesa_preload() {
  local arch
  arch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
  local libs=(/usr/lib/"$arch"/dri/swrast_dri.so /usr/lib/"$arch"/libGLX_mesa.so.0)
  local present=()
  for l in "${libs[@]}"; do [ -e "$l" ] && present+=("$l"); done
  (IFS=:; echo "${present[*]}")
}

build() {  # build <preset>
  cmake --preset "$1" >/dev/null
  cmake --build --preset "$1" -j "$(jobs)"
}

with_display() {  # runs "$@" with a display: the real one, or a virtual one
  if [ -n "${DISPLAY:-}" ] && [ -z "${CI:-}" ]; then "$@"; else
    xvfb-run -a -s "-screen 0 1280x1024x24" "$@"
  fi
}

case "${1:-}" in
  deps)
    install_deps ;;
  run)
    install_deps
    build release
    shift
    if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
      echo "dev.sh: no display here; exporting a demo map with the headless CLI instead"
      exec ./build/release/app/terrain-explorer export --generator diamond-square --seed 42 \
        --color demo-color.png --heightmap demo-heightmap.png "$@"
    fi
    exec ./build/release/app/terrain-explorer "$@" ;;
  test)
    install_deps
    build release
    with_display ctest --preset release
    build debug-core
    ctest --preset debug-core
    build asan
    with_display env LD_PRELOAD="$(mesa_preload)" ctest --preset asan
    if [ -f tests/fuzz/run_fuzzers.sh ]; then
      build fuzz
      bash tests/fuzz/run_fuzzers.sh build/fuzz "${FUZZ_SECONDS:-60}"
    fi
    echo "dev.sh: every test passed" ;;
  bench)
    install_deps
    build release
    with_display ./build/release/tests/terrain_bench "${@:2}" ;;
  *)
    sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
    exit 2 ;;
esac

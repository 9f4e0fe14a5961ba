#!/usr/bin/env python3
"""Writes docs/performance.md from one run of terrain_bench.

Usage: bench_table.py BENCH.json OUT.md --seconds S --command CMD --commit C

BENCH.json is Google Benchmark's --benchmark_out (JSON). The page holds every
benchmark of the run, what it measures and the target it is held to, and the
machine it ran on: CPU model, cores, date, compiler. Every figure on the page
comes from that one run; nothing here is typed by hand.
"""
import argparse
import json
import platform
import re
import subprocess
import sys

# What each benchmark family measures and the target it is held to (issue
# targets; "" when it is a reference or a diagnosis). Words only: the figures
# come from the run.
FAMILIES = {
    "BM_FillBaseline": ("allocating and filling a float array of the output's size: the floor "
                        "the targets are set against (`x_fill`)", "reference"),
    "BM_DiamondSquare": ("diamond-square, two threads", "4097: <= 4x the fill"),
    "BM_DiamondSquareOneThread": ("diamond-square, one thread", ""),
    "BM_CoastlineClasses": ("fractal coastline, classes", "<= 3x the fill"),
    "BM_CoastlineHeights": ("fractal coastline, height mode", ""),
    "BM_Rectangles": ("random rectangles (article 003)", ""),
    "BM_NoiseFbm": ("gradient noise fBm, 8 octaves", ">= 300 M octave-samples/s"),
    "BM_NoiseFbmOneThread": ("gradient noise fBm, one thread", ""),
    "BM_NoiseRidgedWarped": ("ridged noise with domain warp", ""),
    "BM_Midpoint": ("midpoint displacement, 2^20+1 points (source + normalise); arg: threads, "
                    "0 = every core",
                    "< 5 ms"),
    "BM_MidpointSmoothed": ("midpoint with a smooth stage", ""),
    "BM_RandomWalkScaled": ("random walk, 2^20 columns, default document", "< 5 ms"),
    "BM_RandomWalkArticle": ("random walk with the article's in-place passes", "< 5 ms"),
    "BM_GenerateOnly": ("a source alone", ""),
    "BM_SmoothScaledProfile": ("the smooth stage on a long profile", ""),
    "BM_PipelineDiamondSquare1025": ("1025 diamond-square pipeline + colour (arg: hillshade)",
                                     "< 5 ms"),
    "BM_PipelineNormaliseOnly1025": ("a normalise stage alone at 1025", ""),
    "BM_PipelineColourOnly1025": ("colouring a 1025 map (arg: hillshade)", ""),
    "BM_Thermal1025": ("thermal erosion at 1025, per iteration", "<= 2 ms"),
    "BM_DropletsBaseline1025": ("droplets, a single-threaded thesis-style loop: the reference "
                                "the droplets are held to", "reference"),
    "BM_Droplets1025": ("droplets at 1025, default count and lifetime (arg: threads)",
                        ">= 3x the baseline"),
    "BM_ErosionDefaults": ("an erosion stage at its defaults (0 thermal, 1 droplets; then the "
                           "size): what a slider change costs",
                           "257 well under 200 ms"),
    "BM_StreamPowerStep1025": ("one stream power step at 1025 on the map (arg: threads)",
                               "<= 50 ms"),
    "BM_StreamPowerStepWithoutCreep1025": ("the same step without soil creep", ""),
    "BM_StreamPowerStepOneWay1025": ("the same step with all water one way (spread-below 0)", ""),
    "BM_StreamPowerFirstStep1025": ("the first step, with its set-up", ""),
    "BM_ExportStartUp": ("`terrain-explorer export --help`, a whole process: start-up (dynamic "
                         "loading of GDAL and the rest)", "reported apart"),
    "BM_AlpineExportProcess": ("`export --preset alpine --size N --heightmap F`, a whole process",
                               "1025: 1.5 s, 257: 0.15 s (less start-up)"),
    "BM_AlpinePreset": ("the alpine preset in-process", ""),
    "BM_AlpineSolvedOnEachMap": ("alpine with every river solved on the map itself", ""),
    "BM_LandformMeasuresAt4097": ("each landform preset at 4097 (0 alpine .. 5 river valley): its "
                                  "agreement with the 257 preview and, where rivers made it, "
                                  "concavity and grid excess, the bounds the tests hold at 1025 "
                                  "and 2049", "concavity 0.3..0.8, grid excess <= 1.15"),
    "BM_StreamPowerDefault": ("stream power's default run on a diamond-square map (size, "
                              "threads)", ""),
    "BM_TileAgainstSingleMap": ("a 1025 tile of a 4097 world against a 1025 map, timed in turn "
                                "(0 noise, 1 diamond-square)", "about 1x"),
    "BM_LongStroke1025": ("an 80,000-point sculpt or paint stroke against a 20-point one "
                          "(`x_few`), and each run's peak memory in maps", "<= 3x; peak <= 2 maps"),
    "BM_LongCourse1025": ("an 80,000-point river or road course against a 100-point one "
                          "(`x_few`), and peak memory in maps", "<= 3x; peak <= 2 maps"),
    "BM_WideSmoothStroke": ("a one-point smooth stroke of radius 1e6 m", ""),
    "BM_LandformPreset": ("each landform preset in-process (0 alpine .. 5 river valley; then the "
                          "size)", ""),
    "BM_GraphEvaluatorOverhead1025": ("20 nodes through the evaluator against the same calls "
                                      "made directly", "< 1 %"),
    "BM_GraphLastNodeEdit1025": ("an edit of the last of 20 nodes: the nodes re-run",
                                 "as fast as one stage"),
    "BM_SculptStrokeMove1025": ("a mouse move during a brush stroke at 1025", "<= 50 ms on screen"),
    "BM_PaintedRange257": ("examples/painted-range.json at 257", "< 1 s"),
    "BM_CancelLatency16385": ("a new request while a 16385 map generates, to the start of its "
                              "run (arg: % of the run when cancelled)", "< 50 ms"),
    "BM_MeshSimplify4097To1M": ("a 4097 map simplified to 1 M triangles", "< 2 s"),
    "BM_MeshSimplify4097To1MOneThread": ("the same, one thread", ""),
    "BM_MeshFull1025": ("the full-grid mesh of a 1025 map", ""),
    "BM_MeshWriteObj1M": ("writing a 1 M triangle OBJ", ""),
    "BM_MeshWriteGlb1M": ("writing a 1 M triangle GLB", ""),
    "BM_HeightmapPng4097Libpng": ("a 4097 16-bit PNG through libpng (the old writer)",
                                  "reference"),
    "BM_HeightmapPng4097": ("a 4097 16-bit PNG through our writer (arg: threads, 0 = every "
                            "core)", "<= 0.3 s"),
    "BM_HeightmapPng4097Ratio": ("ours against libpng in one run", ""),
    "BM_MeshFrame1280x720": ("a 3D frame at 1280x720, llvmpipe (software GL)",
                             "1025: <= 33 ms"),
    "BM_MeshMaterialsFrame1280x720": ("a 3D frame with the splat materials", "30 fps"),
    "BM_AmbientOcclusionNewMap1280x720": ("ambient occlusion of a new map, in its first frame",
                                          ""),
    "BM_MeshDrawOnly1280x720": ("the 3D draw alone", ""),
    "BM_MapFrame1280x720": ("a map view frame", ""),
    "BM_SetTerrainUpload": ("uploading a new map with its mip chain", ""),
    "BM_SetTerrainToFrame": ("the frame a new map lands in", ""),
    "BM_MapLandsIn3D1280x720": ("a new map landing in the 3D view, prepared a part a frame: "
                                "the worst of those frames against the one frame that makes "
                                "it whole", "worst frame < 100 ms"),
    "BM_AlpineSliderToScreen": ("a slider on the alpine preset until the terrain is on screen "
                                "in 3D with materials (a draft first after a slow run)",
                                "draft <= 300 ms; 1025 map <= 2 s"),
}

UNIT_MS = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}


def family(name):
    return name.split("/")[0]


def fmt(value):
    if value == 0:
        return "0"
    magnitude = abs(value)
    if magnitude >= 1e9:
        return f"{value / 1e9:.3g} G"
    if magnitude >= 1e6:
        return f"{value / 1e6:.3g} M"
    if magnitude >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}"


def milliseconds(bench):
    return bench["real_time"] * UNIT_MS.get(bench.get("time_unit", "ns"), 1e-6)


KNOWN_KEYS = {
    "name", "family_index", "per_family_instance_index", "run_name", "run_type", "repetitions",
    "repetition_index", "threads", "iterations", "real_time", "cpu_time", "time_unit",
    "aggregate_name", "aggregate_unit", "error_occurred", "error_message", "label",
    "items_per_second", "bytes_per_second",
}


def counters(bench):
    parts = []
    for key, value in bench.items():
        if key in KNOWN_KEYS or not isinstance(value, (int, float)):
            continue
        parts.append(f"{key} {fmt(value)}")
    if "items_per_second" in bench:
        parts.append(f"items/s {fmt(bench['items_per_second'])}")
    if bench.get("label"):  # what the arguments chose: a preset, a source
        parts.insert(0, bench["label"])
    return ", ".join(parts)


def cell(text):
    return str(text).replace("|", "\\|").replace("<", "&lt;").replace("\n", " ")


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def compiler(cache_path):
    try:
        with open(cache_path, encoding="utf-8") as cache:
            for line in cache:
                match = re.match(r"CMAKE_CXX_COMPILER:\w+=(.*)", line)
                if match:
                    path = match.group(1).strip()
                    out = subprocess.run([path, "--version"], capture_output=True, text=True,
                                         check=False)
                    return out.stdout.splitlines()[0] if out.stdout else path
    except OSError:
        pass
    return "unknown"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("json")
    parser.add_argument("out")
    parser.add_argument("--seconds", type=float, required=True)
    parser.add_argument("--command", required=True)
    parser.add_argument("--commit", required=True)
    parser.add_argument("--cmake-cache", default="build/release/CMakeCache.txt")
    args = parser.parse_args()

    with open(args.json, encoding="utf-8") as f:
        run = json.load(f)
    context = run.get("context", {})
    benches = [b for b in run.get("benchmarks", []) if b.get("run_type") != "aggregate"]
    if not benches:
        sys.exit("bench_table.py: the run holds no benchmark")

    lines = [
        "# Performance",
        "",
        "<!-- Generated by `./dev.sh bench` (tests/bench/bench_table.py from terrain_bench's "
        "JSON); run it again rather than editing this page. -->",
        "",
        "Every figure on this page comes from one run of the command below, on the machine "
        "below. Times are wall time per iteration (Google Benchmark's `real_time`), two "
        "worker threads unless a name says otherwise. Most targets are set against "
        "`BM_FillBaseline`, allocating and filling a float array of the output's size in the "
        "same run (the `x_fill` counters): this machine is a shared 2-core virtual machine "
        "whose speed drifts from hour to hour with its neighbours, so the **ratios** within "
        "one run are what compare, not the absolute times.",
        "",
        "    " + args.command,
        "",
        "`./dev.sh bench REGEX` runs only the benchmarks whose names match (Google "
        "Benchmark's `--benchmark_filter`; `-REGEX` runs all but those, e.g. "
        "`./dev.sh bench -BM_LandformMeasuresAt4097` leaves out the presets at 4097, most of "
        "the run) and writes a page of those alone. The sources are in `tests/bench/`; each "
        "file's header says what its counters mean.",
        "",
        "## The machine and the run",
        "",
        f"- CPU: {cpu_model()}, {context.get('num_cpus', '?')} cores as the run saw them "
        f"({context.get('mhz_per_cpu', '?')} MHz)",
        f"- date: {context.get('date', '?')}",
        f"- compiler: {compiler(args.cmake_cache)}, the Release build (build/release)",
        f"- commit: {args.commit}",
        f"- load average at the start: "
        f"{', '.join(f'{x:.2f}' for x in context.get('load_avg', [])) or '?'}",
        f"- the run took {args.seconds:.0f} s ({len(benches)} benchmarks)",
        "",
        "## Results",
        "",
        "| benchmark | what it measures | time | counters | target |",
        "|---|---|---|---|---|",
    ]
    seen = set()
    for bench in benches:
        fam = family(bench["name"])
        what, target = FAMILIES.get(fam, ("", ""))
        if fam in seen:
            what, target = "", ""
        seen.add(fam)
        if bench.get("error_occurred"):
            time_text = "error: " + bench.get("error_message", "")
        else:
            time_text = f"{fmt(milliseconds(bench))} ms"
        lines.append(f"| `{cell(bench['name'])}` | {cell(what)} | {cell(time_text)} | "
                     f"{cell(counters(bench))} | {cell(target)} |")
    lines.append("")
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("\n".join(lines))


if __name__ == "__main__":
    main()

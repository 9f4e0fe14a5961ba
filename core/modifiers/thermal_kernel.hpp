#pragma once
// The thermal modifier's row loops over interior columns (see thermal.cpp for
// the scheme), vectorised with Highway and dispatched at run time to the
// best SIMD target of the CPU. Every target gives the bits thermal.cpp's
// scalar code gives: the same IEEE +, -, *, / and max(a, b) = a < b ? b : a,
// in the same order (no fused multiply-add; built with -ffp-contract=off),
// and a row's last columns are one more whole vector overlapping the one
// before (each cell's result depends on its inputs alone, so a cell done
// twice comes out the same).
#include <cstdint>
#include <string>
#include <vector>

namespace terrain {

// Three consecutive rows of a field-sized grid (above, the row, below),
// each `width` floats.
struct ThermalRows {
  const float* r[3];
};

// Talus thresholds in height units per step (straight, diagonal) and half
// the strength.
struct ThermalConstants {
  float straight = 0.0f;
  float diagonal = 0.0f;
  float half = 0.0f;
};

// s[x] for the interior columns 1 <= x < width - 1 from the heights h.
// Returns the first interior column it left to the caller: 1 when the row is
// narrower than a vector, else width - 1 (all done).
int thermalScaleRow(const ThermalRows& h, const ThermalConstants& k, float* s, int width);

// out[x] = the relaxed height for the same columns, from the heights h and
// the scales s of the same three rows. Returns as thermalScaleRow does.
int thermalRelaxRow(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                    float* out, int width);

// The Highway target (an HWY_* bit) the next call runs on, the targets
// compiled in that this CPU supports, and a target's name: what tests
// compare and force, and benchmarks report.
std::int64_t thermalKernelTarget();
std::vector<std::int64_t> thermalKernelTargets();
std::string thermalTargetName(std::int64_t target);

}  // namespace terrain

#pragma once
// The thermal modifier's row loops over interior columns (see thermal.cpp for
// the scheme) in SIMD vectors of the widest kind the CPU has, chosen at run
// time: 16 floats (AVX-512), 8 (AVX2) or 4 (SSE2 / NEON, the baseline),
// written with the compiler's vector extensions and target attributes. Every width gives the bits
// thermal.cpp's scalar code gives: the same IEEE +, -, *, / and max(a, b) = a < b ? b : a, in the
// same order (no fused multiply-add: built with -ffp-contract=off), and a row's last columns are
// one more whole vector overlapping the one before (each cell's result depends on its inputs alone,
// so a cell done twice comes out the same).
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

// s[x] for the interior columns 1 <= x < width - 1 from the heights h, in
// vectors of `vectorWidth` floats (one of thermalKernelWidths()). Returns
// the first interior column it left to the caller: 1 when the row is
// narrower than a vector (or the vector width is 1), else width - 1 (all done).
int thermalScaleRow(const ThermalRows& h, const ThermalConstants& k, float* s, int width,
                    int vectorWidth);

// out[x] = the relaxed height for the same columns, from the heights h and
// the scales s of the same three rows. Returns as thermalScaleRow does.
int thermalRelaxRow(const ThermalRows& h, const ThermalRows& s, const ThermalConstants& k,
                    float* out, int width, int vectorWidth);

// The vector widths in floats this CPU can run, widest first, 1 (all left
// to the scalar code) last; and the one the kernel runs at for a request
// (Execution::vectorWidth): the widest when 0 or not one of them.
std::vector<int> thermalKernelWidths();
int thermalKernelWidth(int requested = 0);

}  // namespace terrain

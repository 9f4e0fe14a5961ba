#pragma once
// Pictures of a heightfield on the CPU: the top-down map (one pixel per
// cell, optional hillshade) and article 000's side view of a profile. The
// row renderers let export stream huge maps without a whole-image buffer.
#include <array>
#include <cstdint>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/parallel.hpp"
#include "core/look/color.hpp"
#include "core/look/look.hpp"

namespace terrain {

// ---- hillshade (article 004: brightness from the slope) ----

// Brightness factor range; flat ground is 1.
inline constexpr float kHillshadeMin = 0.55f;
inline constexpr float kHillshadeMax = 1.25f;

// How a map is shaded: the look's sun and relief (see core/look/look.hpp, the
// one definition of the sun, which the GPU views use too).
struct Shading {
  bool enabled = true;
  std::array<float, 3> sun = sunDirection(Look{});   // towards the sun, map space
  float relief = static_cast<float>(Look{}.relief);  // height 1 against the map's side

  // The default look's sun, shading on or off.
  Shading(bool on = true) : enabled(on) {}  // NOLINT: a plain on/off reads best at call sites
  static Shading of(const Look& look, bool on);
};

// The heights the hillshade reads: each cell clamped to the range of its
// eight neighbours (edges clamped). A pit or spike one cell across (what
// droplets leave) takes its nearest neighbour's height and no longer reads
// as speckle; a channel or ridge one cell wide, straight or diagonal,
// keeps its own (its neighbours along it are as low or as high). The
// heights themselves are untouched: this is how they are shaded.
void despeckledRow(const Heightfield& field, int y, float* out);
std::vector<float> despeckled(const Heightfield& field, const Execution& exec = {});

// Brightness factor of cell (x, y): Lambert on the normal from the
// despeckled heights' Sobel gradient (a central difference averaged 1-2-1
// across it, one-sided at the edges, so a channel's banks shade smoothly
// instead of in one-cell stairs), divided by flat ground's value and
// clamped to [kHillshadeMin, kHillshadeMax].
float hillshadeAt(const Heightfield& field, int x, int y, const Shading& shading = {});

// ---- top-down map ----

// Colours rows of a map: ramp colour per cell, water (below `water`) left
// unshaded as a flat surface, land multiplied by hillshadeAt() when asked.
class MapRenderer {
 public:
  MapRenderer(const Heightfield& field, const ColorRamp& ramp, float water, const Shading& shading);
  // Writes field.width RGB pixels of row y.
  void renderRow(int y, std::uint8_t* rgb) const;

 private:
  // rows: the despeckled rows above, at and below y (edges clamped).
  void shadeSpan(int y, const float* const rows[3], int x0, int n, std::int32_t* shade) const;

  const Heightfield& field_;
  ColorLookup lookup_;
  std::vector<std::uint64_t> lanes_;  // lookup_ entries as three 21-bit lanes (see .cpp)
  bool hillshade_;
  float sunX_;           // -sun.x / sun.z: the slope term of the Lambert ratio
  float sunY_;           // -sun.y / sun.z
  float gradientScale_;  // turns a height difference over 2 cells into a slope
};

// One pixel per cell, top row = y 0. Rows are coloured in parallel.
RgbImage renderMapImage(const Heightfield& field, const ColorRamp& ramp, float water,
                        const Shading& shading, const Execution& exec = {});
// The same into an existing image, reusing its buffer when the size matches
// (for live re-colouring: a fresh 1025^2 buffer costs as much as colouring it).
void renderMapImage(const Heightfield& field, const ColorRamp& ramp, float water,
                    const Shading& shading, RgbImage& image, const Execution& exec = {});

// ---- side view (article 000) ----

// Sky kept above height 1, as a fraction of the image height.
inline constexpr float kSideViewHeadroom = 0.1f;
inline constexpr Rgb8 kSkyColor{196, 222, 244};
// Water over ramps without water stops: article 004's blue, half opaque over the sky.
inline constexpr Rgb8 kSideWaterColor{50, 150, 200};

// Height at the centre of pixel row `row` (0 = top) in a side view
// `imageHeight` pixels tall: 0 at the bottom edge, 1 at kSideViewHeadroom
// below the top.
float sideViewElevation(int row, int imageHeight);

// Profile height under pixel column x of a view `width` pixels wide: linear
// interpolation between the two nearest samples (article 001) when the view
// has more columns than samples, else the highest sample the column covers
// (so narrow peaks survive downsampling).
float sideViewGround(const Heightfield& profile, int x, int width);

// Colours rows of a side view: ground pixels below the profile take the
// ramp colour of their own height (article 000's per-pixel lookup), water
// fills from the ground up to the level, sky above.
class SideViewRenderer {
 public:
  SideViewRenderer(const Heightfield& profile, const ColorRamp& ramp, float water, int width,
                   int height);
  void renderRow(int y, std::uint8_t* rgb) const;
  int width() const { return width_; }
  int height() const { return height_; }

 private:
  ColorLookup lookup_;
  std::vector<float> ground_;  // per column
  float water_;
  bool rampHasWater_;
  Rgb8 seabed_;  // the lowest land colour, darkened with depth for ground under water
  int width_;
  int height_;
};

// Throws std::invalid_argument for a width or height below 1.
RgbImage renderSideViewImage(const Heightfield& profile, const ColorRamp& ramp, float water,
                             int width, int height);

// Row `row` of a heightmap as a width x 1 profile, for its side view.
// Throws std::out_of_range for a row outside the map.
Heightfield crossSection(const Heightfield& map, int row);

}  // namespace terrain

#pragma once
// Everything the window shows and edits, in one place: the panel edits it,
// the view input edits the cameras, the loop uploads and draws from it.
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/export_options.hpp"
#include "app/generation_worker.hpp"
#include "app/options.hpp"
#include "core/color.hpp"
#include "core/heightfield.hpp"
#include "core/spec.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// A message for the panel: green when ok, red when not.
struct StatusLine {
  std::string text;
  bool ok = true;
};

struct ExportPanelState {
  std::string directory = ".";
  std::string stem;         // empty = the default "<generator>-s<seed>-<size>"
  bool heightmap16 = true;  // 16-bit grey PNG of the heights
  bool colorMap = true;     // map image (heightmaps) or side view (profiles)
  bool viewImage = false;   // the current view, rendered offscreen
  int viewWidth = 1920;     // px, up to 4096; height from the view's aspect
  StatusLine status;
};

struct AppState {
  // What the panel edits; every change is posted to the worker.
  TerrainSpec spec;
  ViewChoice view = ViewChoice::Map;  // the designer's choice (profiles always show Side)
  render::ViewSettings viewSettings;

  // The colour ramp; rampPng wins when it is set and loads.
  std::string rampName = std::string(kAutoRamp);  // "auto" or a built-in name
  std::string rampPng;
  std::string rampPathInput;  // the panel's text field
  ColorRamp ramp = ColorRamp::grayscale();
  StatusLine rampStatus;

  // What is on screen: the newest result taken from the worker.
  std::shared_ptr<const Heightfield> field;
  TerrainSpec shownSpec;
  HeightStats stats;
  std::array<float, kHistogramBins> histogram{};
  double generateMs = 0.0;
  double statsMs = 0.0;
  double regenToFrameMs = 0.0;   // request -> first frame showing it
  bool hillshadeChosen = false;  // until the designer picks, it follows cli::defaultHillshade
  int displayedSide = 0;         // samples per side on screen (less past the GPU's limit)
  int gpuTextureLimit = 0;
  std::string generateError;
  bool generating = false;

  double frameMs = 0.0;  // CPU time of the last frame on the UI thread
  float viewAspect = 1.0f;
  bool helpOpen = false;
  std::string settingsNote;
  ExportPanelState exporting;
};

// The view actually drawn: profiles have only a side view.
inline render::ViewKind effectiveViewKind(const AppState& s) {
  if (generatorInfo(s.spec.generator).profile) return render::ViewKind::Side;
  switch (s.view) {
    case ViewChoice::Side:
      return render::ViewKind::Side;
    case ViewChoice::Map:
      return render::ViewKind::Map;
    case ViewChoice::Mesh:
      return render::ViewKind::Mesh;
  }
  return render::ViewKind::Map;
}

// The built-in ramp rampName stands for ("auto": the one export would pick).
inline std::string resolvedRampName(const AppState& s) {
  if (s.rampName != kAutoRamp) return s.rampName;
  return cli::defaultRampName(s.spec);
}

// Article 002's applet makes a new map on every click: a deterministic next
// seed (splitmix64 of the old one), so a session can be retraced. Kept to
// six digits so a designer can read it out and type it back.
inline std::uint64_t nextSeed(std::uint64_t seed) {
  std::uint64_t z = seed + 0x9E3779B97F4A7C15ULL;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  const std::uint64_t next = z % 1000000U;
  return next == seed ? (next + 1) % 1000000U : next;
}

}  // namespace terrain::app

#include "app/window_export.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>

#include "app/cli/export_options.hpp"
#include "app/panel.hpp"
#include "core/atomic_file.hpp"
#include "core/image.hpp"
#include "core/png_io.hpp"

namespace terrain::app {
namespace {

constexpr int kMaxViewExportWidth = 4096;

std::vector<std::uint16_t> toGray16(const Heightfield& field) {
  std::vector<std::uint16_t> out(field.heights.size());
  std::transform(field.heights.begin(), field.heights.end(), out.begin(), [](float h) {
    const float clamped = std::isnan(h) ? 0.0f : std::clamp(h, 0.0f, 1.0f);
    return static_cast<std::uint16_t>(std::lround(clamped * 65535.0f));
  });
  return out;
}

RgbImage colorImage(const AppState& s) {
  const Heightfield& field = *s.field;
  const auto water = static_cast<float>(s.shownSpec.water);
  if (!field.isProfile()) {
    return renderMapImage(field, s.ramp, water, s.viewSettings.hillshade);
  }
  // A profile's side view, at export's default size.
  const cli::ExportOptions defaults;
  return renderSideViewImage(field, s.ramp, water, defaults.sideWidth, defaults.sideHeight);
}

}  // namespace

StatusLine exportFromWindow(const AppState& s, render::TerrainView& view) {
  const auto& e = s.exporting;
  if (!s.field) return {"nothing to export yet", false};
  const std::string stem = e.stem.empty() ? defaultExportStem(s.shownSpec) : e.stem;
  if (stem.find('/') != std::string::npos) {
    return {"file name '" + stem + "' must not contain '/' (use the directory field)", false};
  }
  const std::filesystem::path dir = e.directory.empty() ? "." : e.directory;
  std::vector<std::string> written;
  try {
    if (!std::filesystem::is_directory(dir)) {
      return {"directory '" + dir.string() + "' does not exist", false};
    }
    if (e.heightmap16) {
      const std::string path = (dir / (stem + "-height16.png")).string();
      writePngGray16(path, s.field->width, s.field->height, toGray16(*s.field));
      written.push_back(path);
    }
    if (e.colorMap) {
      const std::string path = (dir / (stem + "-color.png")).string();
      writePngRgb8(path, colorImage(s));
      written.push_back(path);
    }
    if (e.viewImage) {
      const std::string path = (dir / (stem + "-view.png")).string();
      checkWritable(path);
      const int width = std::clamp(e.viewWidth, 16, kMaxViewExportWidth);
      const float aspect = s.viewAspect > 0.0f ? s.viewAspect : 1.0f;
      const int height =
          std::clamp(static_cast<int>(std::lround(static_cast<float>(width) / aspect)), 16,
                     kMaxViewExportWidth);
      render::ViewSettings settings = s.viewSettings;
      settings.kind = effectiveViewKind(s);
      settings.markCrossSection = false;  // a picture of the terrain, not of the UI
      writePngRgb8(path, view.renderToImage(settings, width, height));
      written.push_back(path);
    }
  } catch (const std::exception& ex) {
    std::string done;
    for (const auto& w : written) done += (done.empty() ? " (written: " : ", ") + w;
    if (!done.empty()) done += ")";
    return {std::string(ex.what()) + done, false};
  }
  if (written.empty()) return {"nothing selected to export", false};
  std::string text = "wrote ";
  for (std::size_t i = 0; i < written.size(); ++i) text += (i ? ", " : "") + written[i];
  return {text, true};
}

}  // namespace terrain::app

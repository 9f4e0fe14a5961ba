#include "app/window_export.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>

#include "core/atomic_file.hpp"
#include "core/export/sidecar.hpp"
#include "core/outputs.hpp"
#include "core/png_io.hpp"

namespace terrain::app {
namespace {

constexpr int kMaxViewExportWidth = 4096;

void writeView(const AppState& s, render::TerrainView& view, const std::string& path) {
  checkWritable(path);
  const auto& e = s.exporting;
  const int width = std::clamp(e.viewWidth, 16, kMaxViewExportWidth);
  const float aspect = s.viewAspect > 0.0f ? s.viewAspect : 1.0f;
  const int height = std::clamp(static_cast<int>(std::lround(static_cast<float>(width) / aspect)),
                                16, kMaxViewExportWidth);
  render::ViewSettings settings = s.viewSettings;
  settings.kind = effectiveViewKind(s);
  settings.markCrossSection = false;  // a picture of the terrain, not of the UI
  writePngRgb8(path, view.renderToImage(settings, width, height));
}

}  // namespace

ParamValues& formatOptions(ExportPanelState& e, const OutputFormat& format) {
  ParamValues& values = e.formatOptions[std::string(format.key)];
  if (values.size() != format.options.size()) values = format.defaultOptions();
  return values;
}

ParamValues formatOptions(const ExportPanelState& e, const OutputFormat& format) {
  const auto found = e.formatOptions.find(format.key);
  if (found == e.formatOptions.end() || found->second.size() != format.options.size()) {
    return format.defaultOptions();
  }
  return found->second;
}

std::filesystem::path exportDirectory(const AppState& s) {
  std::error_code ec;
  const std::filesystem::path dir = s.exporting.directory.empty() ? "." : s.exporting.directory;
  const auto absolute = std::filesystem::absolute(dir, ec);
  return ec ? dir : absolute.lexically_normal();
}

StatusLine exportFromWindow(const AppState& s, render::TerrainView& view) {
  const auto& e = s.exporting;
  if (!s.field) return {"nothing to export yet", false};
  const std::string stem = e.stem.empty() ? defaultFileStem(s.shownDoc) : e.stem;
  if (stem.find('/') != std::string::npos) {
    return {"file name '" + stem + "' must not contain '/' (use the directory field)", false};
  }
  const std::filesystem::path dir = exportDirectory(s);
  std::vector<std::string> written;
  std::string skipped;  // ticked formats this terrain cannot give, and why
  try {
    if (!std::filesystem::is_directory(dir)) {
      return {"directory '" + dir.string() + "' does not exist", false};
    }
    // The same writers as `export`, on the document shown: the window's
    // files equal the CLI's for the same document.
    const OutputInput input{s.shownDoc, *s.field, s.ramp, {}};
    std::vector<OutputRequest> files;  // what the sidecar describes
    for (const OutputFormat& format : outputFormats()) {
      if (std::ranges::find(e.formats, format.key) == e.formats.end()) continue;
      if (format.unavailable != nullptr) {
        if (const std::string why = format.unavailable(input); !why.empty()) {
          skipped.append("; skipped ").append(format.title).append(": ").append(why);
          continue;
        }
      }
      const std::string path = (dir / (stem + std::string(format.fileSuffix))).string();
      if (format.needs == OutputNeeds::Window) {
        writeView(s, view, path);
      } else {
        files.push_back({&format, path, formatOptions(e, format)});
        format.write(path, input, files.back().options);
      }
      written.push_back(path);
    }
    if (e.sidecar && !files.empty()) {
      if (const auto sidecar = sidecarPathFor(files)) {
        writeSidecar(*sidecar, input, files);
        written.push_back(*sidecar);
      }
    }
  } catch (const std::exception& ex) {
    std::string done;
    for (const auto& w : written) done += (done.empty() ? " (written: " : ", ") + w;
    if (!done.empty()) done += ")";
    return {std::string(ex.what()) + done, false};
  }
  if (written.empty()) {
    return {skipped.empty() ? "nothing selected to export" : "nothing written" + skipped, false};
  }
  std::string text = "wrote ";
  for (std::size_t i = 0; i < written.size(); ++i) text.append(i ? ", " : "").append(written[i]);
  return {text + skipped, true};
}

}  // namespace terrain::app

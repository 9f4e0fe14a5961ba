#include "app/window_export.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <string_view>

#include "core/atomic_file.hpp"
#include "core/engine_size.hpp"
#include "core/export/sidecar.hpp"
#include "core/outputs.hpp"
#include "core/png_io.hpp"

namespace terrain::app {
namespace {

constexpr int kMaxViewExportWidth = 4096;

// The view as the window shows it, at the Export window's width.
RgbImage renderView(const AppState& s, render::TerrainView& view) {
  const auto& e = s.exporting;
  const int width = std::clamp(e.viewWidth, 16, kMaxViewExportWidth);
  const float aspect = s.viewAspect > 0.0f ? s.viewAspect : 1.0f;
  const int height = std::clamp(static_cast<int>(std::lround(static_cast<float>(width) / aspect)),
                                16, kMaxViewExportWidth);
  render::ViewSettings settings = s.viewSettings;
  settings.kind = effectiveViewKind(s);
  settings.markCrossSection = false;  // a picture of the terrain, not of the UI
  return view.renderToImage(settings, width, height);
}

}  // namespace

ParamValues& formatOptions(ExportPanelState& e, const OutputFormat& format) {
  ParamValues& values = e.formatOptions[std::string(format.key)];
  if (values.size() != format.options.infos.size()) values = format.options.defaults;
  return values;
}

ParamValues formatOptions(const ExportPanelState& e, const OutputFormat& format) {
  const auto found = e.formatOptions.find(format.key);
  if (found == e.formatOptions.end() || found->second.size() != format.options.infos.size()) {
    return format.options.defaults;
  }
  return found->second;
}

std::filesystem::path exportDirectory(const AppState& s) {
  std::error_code ec;
  const std::filesystem::path dir = s.exporting.directory.empty() ? "." : s.exporting.directory;
  const auto absolute = std::filesystem::absolute(dir, ec);
  return ec ? dir : absolute.lexically_normal();
}

PreparedExport prepareExport(const AppState& s, render::TerrainView& view) {
  const auto& e = s.exporting;
  if (!s.field) return {std::nullopt, {"nothing to export yet", false}, {}};
  if (s.fieldIsDraft) {
    return {std::nullopt,
            {"a " + std::to_string(s.field->width) +
                 " draft is on screen: export once the map itself lands",
             false},
            {}};
  }
  const std::string stem = e.stem.empty() ? defaultFileStem(s.shownDoc) : e.stem;
  if (stem.find('/') != std::string::npos) {
    return {std::nullopt,
            {"file name '" + stem + "' must not contain '/' (use the directory field)", false},
            {}};
  }
  const std::filesystem::path dir = exportDirectory(s);
  PreparedExport out;
  try {
    if (!std::filesystem::is_directory(dir)) {
      return {std::nullopt, {"directory '" + dir.string() + "' does not exist", false}, {}};
    }
    ExportJob job;
    job.doc = s.shownDoc;
    job.field = s.field;
    job.ramp = s.ramp;
    if (!e.engineSize.empty()) job.plan.engineSize = &engineSize(e.engineSize);
    job.plan.fit = e.fit;
    const OutputInput input{s.shownDoc, *s.field, s.ramp, {}};
    for (const OutputFormat& format : outputFormats()) {
      if (std::ranges::find(e.formats, format.key) == e.formats.end()) continue;
      if (const std::string why = format.whyUnavailable(input); !why.empty()) {
        out.skipped.append("; skipped ").append(format.title).append(": ").append(why);
        continue;
      }
      const std::string path = (dir / (stem + std::string(format.fileSuffix))).string();
      if (format.needs == OutputNeeds::Window) {
        checkWritable(path);
        job.view = renderView(s, view);
      }
      job.plan.outputs.push_back({&format, path, formatOptions(e, format)});
    }
    if (job.plan.outputs.empty()) {
      out.status = {
          out.skipped.empty() ? "nothing selected to export" : "nothing written" + out.skipped,
          false};
      return out;
    }
    if (e.sidecar) job.plan.sidecar = sidecarPathFor(job.plan.outputs);
    out.job = std::move(job);
  } catch (const std::exception& ex) {
    out.status = {ex.what(), false};
  }
  return out;
}

StatusLine exportStatus(const ExportOutcome& outcome, const std::string& skipped) {
  return {outcome.message + skipped, outcome.ok};
}

// The Export window's buttons and the worker's news: start a job (the
// terrain on screen, in the background), cancel it, show its progress and,
// when it ends, what was written, cancelled or failed.
bool driveExport(AppState& s, const PanelActions& a, ExportWorker& worker,
                 render::TerrainView& view) {
  auto& e = s.exporting;
  bool started = false;
  if (a.cancelExport && worker.running()) {
    worker.cancel();
    e.cancelling = true;
  }
  if (a.exportNow && !worker.running()) {
    PreparedExport prepared = prepareExport(s, view);
    if (prepared.job && worker.start(std::move(*prepared.job))) {
      e.status = {};
      e.skipped = prepared.skipped;
      e.cancelling = false;
      started = true;
    } else {
      e.status = prepared.status;
    }
  }
  if (auto outcome = worker.takeOutcome()) {
    e.status = exportStatus(*outcome, e.skipped);
    e.cancelling = false;
  }
  e.running = worker.running();
  e.progress = e.running ? worker.progress() : std::nullopt;
  return started;
}

}  // namespace terrain::app

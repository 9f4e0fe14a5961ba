#include "app/window_export.hpp"

#include <algorithm>
#include <cmath>
#include <exception>
#include <filesystem>
#include <string_view>
#include <system_error>
#include <vector>

#include "core/base/error.hpp"
#include "core/export/engine_package.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/outputs.hpp"
#include "core/export/sidecar.hpp"
#include "core/io/atomic_file.hpp"
#include "core/io/png_io.hpp"

namespace terrain::app {
namespace {

constexpr int kMaxViewExportWidth = 4096;
// How far "<stem>-2", "-3", ... goes looking for a free name.
constexpr int kMaxNameNumber = 999;

// The view as the window shows it, at the Export window's width (App keeps
// the view's settings in step with the document before an export starts).
RgbImage renderView(const ExportState& e, const WindowView& view, render::TerrainView& renderer) {
  const int width = std::clamp(e.viewWidth, 16, kMaxViewExportWidth);
  const float aspect = view.aspect > 0.0f ? view.aspect : 1.0f;
  const int height = std::clamp(static_cast<int>(std::lround(static_cast<float>(width) / aspect)),
                                16, kMaxViewExportWidth);
  render::ViewSettings settings = view.settings;
  settings.markCrossSection = false;  // a picture of the terrain, not of the UI
  return renderer.renderToImage(settings, width, height);
}

// A graph's node pinned in the view, whose result is on screen instead of
// the terrain; 0 when the terrain is shown.
NodeId pinnedNode(const Document& doc) {
  const Graph& g = doc.graph;
  return g.pinned != g.output && g.find(g.pinned) != nullptr ? g.pinned : 0;
}

// The side the files will hold: the engine size's, else the map's on screen.
int writtenSide(const ExportState& e, const ShownTerrain& shown) {
  for (const EngineSize& size : engineSizes()) {
    if (size.key == e.engineSize) return size.side;
  }
  return shown.field ? shown.field->width : documentSize(shown.doc);
}

// The ticked formats this terrain can give; the others are named in
// `skipped` ("; skipped <title>: <why>").
std::vector<const OutputFormat*> availableFormats(const ExportState& e, const ShownTerrain& shown,
                                                  const ExportPlan& plan, std::string& skipped) {
  std::vector<const OutputFormat*> out;
  OutputInput input{shown.doc, *shown.field, shown.ramp, {}};
  input.outputNode = plan.outputNode;
  for (const OutputFormat& format : outputFormats()) {
    if (std::ranges::find(e.formats, format.key) == e.formats.end()) continue;
    if (const std::string why = format.whyUnavailable(input); !why.empty()) {
      skipped.append("; skipped ").append(format.title).append(": ").append(why);
      continue;
    }
    out.push_back(&format);
  }
  return out;
}

// The plan's outputs as <dir>/<stem><suffix>, with what the engine's
// package adds beside them (as `export --for` adds them), and its sidecar
// beside the first; returns where Godot's import script goes. Throws
// InputError when the engine refuses the export.
std::optional<std::string> nameFiles(ExportPlan& plan,
                                     const std::vector<const OutputFormat*>& formats,
                                     const std::filesystem::path& dir, const std::string& stem,
                                     const ExportState& e, const Document& doc) {
  plan.outputs.clear();
  for (const OutputFormat* format : formats) {
    plan.outputs.push_back({format, (dir / (stem + std::string(format->fileSuffix))).string(),
                            formatOptions(e, *format)});
  }
  std::optional<std::string> script;
  if (!e.engine.empty()) script = applyEnginePackage(plan, doc, e.engine);
  plan.sidecar = e.sidecar ? sidecarPathFor(plan.outputs) : std::nullopt;
  return script;
}

// The first of the plan's files (and the script) that is there (a dangling
// symlink too: the rename would replace it); "" when none is.
std::string firstExisting(const ExportPlan& plan, const std::optional<std::string>& script) {
  std::vector<std::string> files;
  if (script) files.push_back(*script);
  for (const OutputRequest& out : plan.outputs) {
    files.push_back(out.path);
    // An OBJ's .mtl is written beside it: never replaced either.
    for (std::string& beside : out.format->companionsOf(out.path, plan.outputs)) {
      files.push_back(std::move(beside));
    }
  }
  if (plan.sidecar) files.push_back(*plan.sidecar);
  for (const std::string& file : files) {
    // lstat failing is "not there" (or a place the writer will say it
    // cannot write), never a reason to look for another name.
    std::error_code ec;
    const auto status = std::filesystem::symlink_status(file, ec);
    if (!ec && std::filesystem::exists(status)) return file;
  }
  return {};
}

// Names the files <stem>, else <stem>-2, <stem>-3, ...: the first name none
// of whose files exists, so an export never replaces an earlier one (a
// designer's earlier export may be what an engine imported). Returns the
// status line's note ("; as <stem>-2 because <file> existed") or "";
// throws IoError when every name up to -999 is taken.
std::string nameFilesFreely(ExportPlan& plan, std::optional<std::string>& script,
                            const std::vector<const OutputFormat*>& formats,
                            const std::filesystem::path& dir, const std::string& stem,
                            const ExportState& e, const Document& doc) {
  script = nameFiles(plan, formats, dir, stem, e, doc);
  const std::string taken = firstExisting(plan, script);
  if (taken.empty()) return {};
  for (int n = 2; n <= kMaxNameNumber; ++n) {
    const std::string numbered = stem + "-" + std::to_string(n);
    script = nameFiles(plan, formats, dir, numbered, e, doc);
    if (firstExisting(plan, script).empty()) {
      return "; as " + numbered + " because " + std::filesystem::path(taken).filename().string() +
             " existed";
    }
  }
  throw IoError("'" + stem + "' and every name up to '" + stem + "-" +
                std::to_string(kMaxNameNumber) + "' are taken in " + dir.string() +
                ": type another file name");
}

}  // namespace

std::string defaultExportStem(const ExportState& e, const ShownTerrain& shown) {
  return defaultFileStem(shown.doc, writtenSide(e, shown), pinnedNode(shown.doc));
}

ParamValues& formatOptions(ExportState& e, const OutputFormat& format) {
  ParamValues& values = e.formatOptions[std::string(format.key)];
  if (values.size() != format.options.infos.size()) values = format.options.defaults;
  return values;
}

ParamValues formatOptions(const ExportState& e, const OutputFormat& format) {
  const auto found = e.formatOptions.find(format.key);
  if (found == e.formatOptions.end() || found->second.size() != format.options.infos.size()) {
    return format.options.defaults;
  }
  return found->second;
}

std::filesystem::path exportDirectory(const ExportState& e) {
  std::error_code ec;
  const std::filesystem::path dir = e.directory.empty() ? "." : e.directory;
  const auto absolute = std::filesystem::absolute(dir, ec);
  return ec ? dir : absolute.lexically_normal();
}

PreparedExport prepareExport(const ExportState& e, const ShownTerrain& shown,
                             const WindowView& view, render::TerrainView& renderer) {
  if (!shown.field) return {std::nullopt, {"nothing to export yet", false}, {}};
  if (shown.fieldIsDraft) {
    return {std::nullopt,
            {"a " + std::to_string(shown.field->width) +
                 " draft is on screen: export once the map itself lands",
             false},
            {}};
  }
  const std::string stem = e.stem.empty() ? defaultExportStem(e, shown) : e.stem;
  if (stem.find('/') != std::string::npos) {
    return {std::nullopt,
            {"file name '" + stem + "' must not contain '/' (use the directory field)", false},
            {}};
  }
  const std::filesystem::path dir = exportDirectory(e);
  PreparedExport out;
  try {
    if (!std::filesystem::is_directory(dir)) {
      return {std::nullopt, {"directory '" + dir.string() + "' does not exist", false}, {}};
    }
    ExportJob job;
    job.doc = shown.doc;
    // A pinned mask is drawn over the terrain, but it is what is exported.
    job.field = shown.mask ? shown.mask : shown.field;
    job.ramp = shown.ramp;
    if (!e.engineSize.empty()) job.plan.engineSize = &engineSize(e.engineSize);
    job.plan.fit = e.fit;
    // A pinned node's result is what is on screen: generated again (at an
    // engine size) it must be that node's too, and the sidecar says which.
    if (const NodeId node = pinnedNode(shown.doc); node != 0) {
      job.plan.outputNode = PortRef{node, 0};
    }
    const auto formats = availableFormats(e, shown, job.plan, out.skipped);
    if (formats.empty()) {
      out.status = {
          out.skipped.empty() ? "nothing selected to export" : "nothing written" + out.skipped,
          false};
      return out;
    }
    out.skipped.insert(
        0, nameFilesFreely(job.plan, job.terrain3dScript, formats, dir, stem, e, shown.doc));
    job.keepExisting = true;  // a name taken after this is never replaced
    for (const OutputRequest& request : job.plan.outputs) {
      if (request.format->needs != OutputNeeds::Window) continue;
      checkWritable(request.path);
      job.view = renderView(e, view, renderer);
    }
    out.job = std::move(job);
  } catch (const std::exception& ex) {
    out.status = {ex.what(), false};
  }
  return out;
}

StatusLine exportStatus(const ExportOutcome& outcome, const std::string& skipped) {
  return {outcome.message + skipped, outcome.ok};
}

// The Export window's buttons: start a job (the terrain on screen, in the
// background) or cancel it.
bool driveExport(ExportState& e, const ShownTerrain& shown, const WindowView& view,
                 const PanelActions& a, ExportWorker& worker, render::TerrainView& renderer) {
  bool started = false;
  if (a.cancelExport && worker.running()) {
    worker.cancel();
    e.cancelling = true;
  }
  if (a.exportNow && !worker.running()) {
    PreparedExport prepared = prepareExport(e, shown, view, renderer);
    if (prepared.job && worker.start(std::move(*prepared.job))) {
      e.status = {};
      e.skipped = prepared.skipped;
      e.cancelling = false;
      started = true;
    } else {
      e.status = prepared.status;
    }
  }
  if (started) {  // the bar shows from the next frame on
    e.running = true;
    e.progress = worker.progress();
  }
  return started;
}

bool followExport(ExportState& e, ExportWorker& worker) {
  const bool running = worker.running();
  bool ended = false;
  if (auto outcome = worker.takeOutcome()) {
    e.status = exportStatus(*outcome, e.skipped);
    e.cancelling = false;
    ended = true;
  }
  e.running = running && !ended;
  e.progress = e.running ? worker.progress() : std::nullopt;
  return ended;
}

}  // namespace terrain::app

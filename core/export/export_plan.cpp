#include "core/export/export_plan.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/error.hpp"
#include "core/document/project.hpp"
#include "core/export/sidecar.hpp"
#include "core/io/atomic_file.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

bool plansGeneration(const ExportPlan& plan, const Document& doc, bool haveMade) {
  if (!haveMade || plan.outputNode) return true;
  return plan.engineSize != nullptr && documentForSide(doc, plan.engineSize->side) != doc;
}

PlannedTerrain planTerrain(const ExportPlan& plan, const Document& doc,
                           std::shared_ptr<const Heightfield> made,
                           const PipelineControl& control) {
  PlannedTerrain out{doc, std::move(made), {}};
  if (plansGeneration(plan, doc, out.field != nullptr)) {
    const Document sized =
        plan.engineSize != nullptr ? documentForSide(doc, plan.engineSize->side) : doc;
    out.field = std::make_shared<const Heightfield>(
        plan.outputNode ? runPipeline(sized, *plan.outputNode, control)
                        : runPipeline(sized, control));
  }
  if (plan.engineSize != nullptr) {
    const int generated = out.field->width;
    FittedMap fitted = fitToSide(*out.field, doc.world, plan.engineSize->side, plan.fit);
    out.field = std::make_shared<const Heightfield>(std::move(fitted.field));
    out.doc.world = fitted.world;
    out.engineFit = describeFit(*plan.engineSize, generated, plan.fit);
  }
  return out;
}

namespace {

// The tile's name (its sidecar's, as the manifest lists it) and its first
// sample's place in the world.
TilePlacement placementOf(const ExportPlan& plan) {
  const MapWindow window = tileWindow(plan.tile->grid, plan.tile->tile);
  std::string name = plan.sidecar ? *plan.sidecar : plan.outputs.front().path;
  name = name.substr(name.find_last_of('/') + 1);
  name = name.substr(0, name.rfind('.'));
  return {name, window.x0, window.y0};
}

}  // namespace

std::optional<UnavailableOutput> firstUnavailable(const ExportPlan& plan, const OutputInput& in) {
  // Asked as each file will be written: a tile knows its place (a splat map
  // with wet ground refuses a tile).
  OutputInput each = in;
  if (plan.tile) each.tile = placementOf(plan);
  for (const OutputRequest& out : plan.outputs) {
    if (std::string why = out.format->whyUnavailable(each); !why.empty()) {
      return UnavailableOutput{&out, std::move(why)};
    }
  }
  return std::nullopt;
}

std::size_t plannedFileCount(const ExportPlan& plan) {
  return plan.outputs.size() + (plan.sidecar ? 1 : 0) + (plan.projectOutput ? 1 : 0);
}

namespace {

// No format may carry a height that is not a number out (issue 37): an
// engine reads NaN as a hole or a spike. A node that made one is a bug,
// so the export fails as a machine failure would (exit 1), before any file.
void refuseNonFinite(const std::vector<float>& values, int width, std::string_view what) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const float v = values[i];
    if (std::isfinite(v)) continue;
    const auto w = static_cast<std::size_t>(std::max(width, 1));
    throw IoError("cannot export: the " + std::string(what) + " holds " +
                  std::string(std::isnan(v) ? "NaN" : "an infinity") + " at sample (" +
                  std::to_string(i % w) + ", " + std::to_string(i / w) +
                  "); nothing was written (please report the document that made it)");
  }
}

// The heights and the erosion maps the flow, wear and deposition formats write.
void refuseNonFinite(const Heightfield& field) {
  const std::string size = std::to_string(field.width) + "x" + std::to_string(field.height);
  refuseNonFinite(field.heights, field.width, size + " map");
  if (!field.erosion) return;
  refuseNonFinite(field.erosion->flow, field.width, size + " flow map");
  refuseNonFinite(field.erosion->wear, field.width, size + " wear map");
  refuseNonFinite(field.erosion->deposition, field.width, size + " deposition map");
}

}  // namespace

void writePlan(const ExportPlan& plan, const Document& asked, const OutputInput& in,
               const PlanEvents& events) {
  refuseNonFinite(in.field);
  // One fsync per directory for every file below (a tile farm starts
  // thousands of exports; each directory fsync is a disk round trip).
  DirectorySyncBatch directorySyncs;
  std::size_t index = 0;
  const auto writeOne = [&](const std::string& path, const auto& writeFile) {
    if (cancelled(events.cancel)) throw Cancelled{};
    if (events.writing) events.writing(index, 0);
    std::size_t bytes = 0;
    const WriteCancelScope scope(events.cancel, [&](std::size_t n) {
      bytes += n;
      if (events.writing) events.writing(index, bytes);
    });
    writeFile();
    if (events.written) events.written(index, path);
    ++index;
  };
  std::vector<WrittenFigures> figures(plan.outputs.size());
  OutputInput each = in;
  each.siblings = plan.outputs;
  if (plan.tile) each.tile = placementOf(plan);
  for (std::size_t i = 0; i < plan.outputs.size(); ++i) {
    const OutputRequest& out = plan.outputs[i];
    each.figures = &figures[i];
    writeOne(out.path, [&] { out.format->write(out.path, each, out.options); });
  }
  if (plan.sidecar) {
    if (plan.tile) {
      // The tile's sidecar marks it complete: its files must be durable first.
      directorySyncs.sync();
      writeOne(*plan.sidecar, [&] {
        writeTileSidecar(*plan.sidecar, in, plan.outputs, plan.tile->grid, plan.tile->tile,
                         plan.tile->fingerprint, figures);
      });
    } else {
      writeOne(*plan.sidecar,
               [&] { writeSidecar(*plan.sidecar, in, plan.outputs, plan.projectInput, figures); });
    }
  }
  if (plan.projectOutput) {
    writeOne(*plan.projectOutput, [&] { saveProject(*plan.projectOutput, asked); });
  }
  directorySyncs.sync();
}

}  // namespace terrain

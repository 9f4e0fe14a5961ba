#pragma once
// One export, planned once and carried out the same way by
// `terrain-explorer export`, every tile of a tiled world and the window's
// Export button (on its worker thread): which terrain (generated, or the
// one on screen, brought to an engine size), which files in which order,
// the sidecar after them and the project last, with one fsync per
// directory for them all.
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/base/cancel.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/engine_size.hpp"
#include "core/export/output_format.hpp"
#include "core/export/tile_manifest.hpp"

namespace terrain {

struct ExportPlan {
  std::vector<OutputRequest> outputs;  // written in this order
  // "<first output>.json" (core/export/sidecar.hpp); none when every output
  // goes to standard output or a device, or the user said so.
  std::optional<std::string> sidecar;
  std::string projectInput;                  // the project named in the sidecar ("": none)
  std::optional<std::string> projectOutput;  // the document saved as a project, last
  // --output-node: this node's output of a graph instead of its terrain.
  std::optional<PortRef> outputNode;
  // An engine size: the map is generated at the next size its source makes
  // and brought to the engine's side by `fit`.
  const EngineSize* engineSize = nullptr;
  FitMode fit = FitMode::Crop;
  int sideWidth = 1280;  // a profile's side view, pixels
  int sideHeight = 400;
  // A tile of a tiled world: its sidecar is the tile's (with its place and
  // the world's fingerprint), and it marks the tile complete, so the data
  // files are made durable before it is written.
  struct TileSidecar {
    TileGrid grid;
    TileIndex tile;
    std::string fingerprint;
  };
  std::optional<TileSidecar> tile;
};

// The terrain a plan writes and the document that describes it (the world
// follows a crop).
struct PlannedTerrain {
  Document doc;
  std::shared_ptr<const Heightfield> field;
  std::string engineFit;  // for the sidecar: "unreal-1009: generated at 1025, cropped ..."
};

// The document's terrain for the plan: `made` when it is the terrain the
// document gives at the plan's size (the window's terrain on screen), else
// generated under `control` (cancel, progress); then brought to the engine
// size. Throws InputError for an invalid document, Cancelled.
PlannedTerrain planTerrain(const ExportPlan& plan, const Document& doc,
                           std::shared_ptr<const Heightfield> made, const PipelineControl& control);
// Whether planTerrain will generate (the made terrain is not the plan's).
bool plansGeneration(const ExportPlan& plan, const Document& doc, bool haveMade);

// The first output this terrain cannot give (a flow mask with no erosion
// stage), with why; nullopt when every one can. Asked before any file.
struct UnavailableOutput {
  const OutputRequest* output = nullptr;
  std::string why;
};
std::optional<UnavailableOutput> firstUnavailable(const ExportPlan& plan, const OutputInput& in);

// What writePlan tells as it goes. A file's index counts the outputs, then
// the sidecar, then the project.
struct PlanEvents {
  // Checked before each file and at each write: a raised flag stops the
  // file being written (its temporary removed, the old file kept) and
  // throws Cancelled.
  const CancelToken* cancel = nullptr;
  // A file starts (bytes 0) or grew to `bytes`.
  std::function<void(std::size_t index, std::size_t bytes)> writing;
  // A file is complete, in the order written.
  std::function<void(std::size_t index, const std::string& path)> written;
};

// Writes the outputs in order, then the sidecar, then `asked` (the
// document as given, before any engine fit) as the project, each
// atomically; the directories are synced once at the end (a tile's before
// its sidecar as well). Throws IoError naming the path (the failing file
// is the last one `writing` named), Cancelled.
void writePlan(const ExportPlan& plan, const Document& asked, const OutputInput& in,
               const PlanEvents& events = {});

// How many files writePlan writes.
std::size_t plannedFileCount(const ExportPlan& plan);

}  // namespace terrain

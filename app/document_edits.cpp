#include "app/document_edits.hpp"

#include <algorithm>
#include <optional>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/random.hpp"
#include "core/nodes/sources/import.hpp"
#include "core/nodes/stage.hpp"

namespace terrain::app {

std::uint64_t nextSeed(std::uint64_t seed) {
  const std::uint64_t next = mix64(seed + 0x9E3779B97F4A7C15ULL) % 1000000U;
  return next == seed ? (next + 1) % 1000000U : next;
}

bool undoRedo(Document& doc, History& history, bool undo) {
  history.commit(doc);
  const Document target = keepingTheView(undo ? history.undo() : history.redo(), doc);
  if (target == doc) return false;
  doc = target;
  return true;
}

bool commitFinishedEdit(History& history, const Document& doc, bool editing) {
  return !editing && history.commit(doc);
}

namespace {

// A place's elevations as they are: the sea at 0 m (none when all the
// ground stands above it, heights at or above the level are land) and the
// 3D view at true scale, so a 27 km DEM with 830 m of relief is no field
// of needles.
void lookAsThePlaceIs(Document& doc) {
  const ParamInfo& water = lookTable().infos()[*lookTable().indexOf("water")];
  doc.look.water = std::clamp(heightOf(doc.world, 0.0), water.min, water.max);
  const ParamInfo& scale = viewTable().infos()[*viewTable().indexOf("exaggeration")];
  doc.view.exaggeration = std::clamp(trueScaleExaggeration(doc.world), scale.min, scale.max);
}

}  // namespace

std::string takeImportEdit(const ParamValues& before, ParamValues& values, Document& doc) {
  World& world = doc.world;
  std::optional<ImportChoice> choice;
  try {
    choice = importEdited(before, values, world);
  } catch (const InputError& e) {
    return e.what();
  }
  if (!choice) return {};
  values = choice->values;
  const ParamInfo& width = worldTable().infos()[*worldTable().indexOf("world-width")];
  if (!checkValue(width, choice->world.width)) {
    world = choice->world;
    lookAsThePlaceIs(doc);
    return {};
  }
  const double kept = world.width;
  world = choice->world;
  world.width = kept;
  lookAsThePlaceIs(doc);
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  std::string note = "import: ";
  note += excerpt(formatValue(source.params()[file], values[file]));
  note += " is georeferenced ";
  note += formatValue(width, choice->world.width);
  note += " m wide; a world is ";
  note += allowedText(width);
  note += " m wide: the world keeps its width, ";
  note += formatValue(width, kept);
  note += " m (set another in the World section)";
  return note;
}

bool sameTerrain(const Document& a, const Document& b) {
  return a.seed == b.seed && a.graph == b.graph && a.world == b.world;
}

std::optional<LookHold> holdLook(std::optional<LookHold> held, const Look& before,
                                 const Document& doc, const Document& requested,
                                 const Document* shown) {
  if (shown == nullptr) return std::nullopt;
  const bool bothChanged =
      doc.look != before && !sameTerrain(doc, requested) && !sameTerrain(doc, *shown);
  if (bothChanged) {
    if (!held) held = LookHold{before, {}};
    held->until = doc.look;
  }
  if (held && (doc.look != held->until || sameTerrain(doc, *shown))) held.reset();
  return held;
}

}  // namespace terrain::app

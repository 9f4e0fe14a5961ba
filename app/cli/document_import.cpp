// An imported elevation file's world: its range and width become the
// document's unless the flags give them, and a georeference that makes a
// world no world can be is refused naming the flag that named the file.
#include "app/cli/document_import.hpp"

#include <algorithm>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/nodes/sources/import.hpp"

namespace terrain::cli {
namespace {

// A file whose georeference makes a world wider or narrower than a world
// can be (cells of 1e9 m, of a micrometre) is refused naming the flag that
// named the file (`namedBy`), not --world-width, which the user did not give.
void refuseImportedWidth(const World& world, const ParamValues& importValues,
                         const std::string& namedBy) {
  const ParamInfo& width = worldTable().infos()[*worldTable().indexOf("world-width")];
  if (!checkValue(width, world.width)) return;
  const SourceStage& source = importSource();
  const std::size_t file = *source.indexOf("file");
  throw InputError(namedBy + ": " +
                   excerpt(formatValue(source.params()[file], importValues[file])) +
                   " is georeferenced " + formatValue(width, world.width) + " m wide; a world is " +
                   allowedText(width) + " m wide: give its width with --world-width");
}

}  // namespace

// An imported file's elevations' range and world (its width in metres, its
// height range) become the document's, unless the flags give them
// themselves. A project keeps what it saved unless a --node-param gives an
// import node another file (`newFile`); `namedBy` is the flag that named the
// file.
void takeImportedFile(Document& doc, ParamValues& importValues, std::span<const DocumentFlag> flags,
                      const std::string& namedBy, bool newFile) {
  bool rangeGiven = false;
  for (const DocumentFlag& f : flags) {
    if (f.name == "project" && !newFile) return;
    rangeGiven |= f.name == "elevation-low" || f.name == "elevation-high" ||
                  (f.name == "node-param" && f.value.find(".elevation-") != std::string::npos);
  }
  const World given = doc.world;
  if (rangeGiven) {
    doc.world = importedWorld(importValues, doc.world);
  } else {
    ImportChoice choice = chooseImportFile(importValues, doc.world);
    importValues = std::move(choice.values);
    doc.world = choice.world;
  }
  bool widthGiven = false;
  for (const DocumentFlag& f : flags) {
    widthGiven |= f.name == "world-width";
    if (f.name == "world-width") doc.world.width = given.width;
    if (f.name == "height-range") doc.world.heightRange = given.heightRange;
    if (f.name == "base-elevation") doc.world.baseElevation = given.baseElevation;
  }
  if (!widthGiven) refuseImportedWidth(doc.world, importValues, namedBy);
  // The sea at 0 m of the file's elevation, as the window sets it: none
  // when all the ground stands above it. --water says otherwise.
  const bool waterGiven = std::any_of(flags.begin(), flags.end(),
                                      [](const DocumentFlag& f) { return f.name == "water"; });
  if (!waterGiven) doc.look.water = std::clamp(heightOf(doc.world, 0.0), 0.0, 1.0);
}

}  // namespace terrain::cli

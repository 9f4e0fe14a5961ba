#pragma once
// The terrain flags every command shares, read from the stage metadata so
// no parameter is spelled twice:
//   --project FILE | --generator KEY [--preset article]   where to start
//   --seed N, --<source parameter> VALUE ...              the source
//   --stage KEY [--<its parameter> VALUE ...] ...         modifiers, in order
//   --water, --ramp, --hillshade, --sun-azimuth ...       the look
#include <span>
#include <string>
#include <string_view>

#include "core/document/document.hpp"

namespace terrain::cli {

// One "--name value" or "--name=value" pair, name without the dashes.
struct DocumentFlag {
  std::string name;
  std::string value;
};

// True for the starting flags (project, generator, preset, seed, stage),
// every look parameter and ramp, and every parameter key of any stage.
bool isDocumentFlag(std::string_view name);
// A flag that may stand alone ("--hillshade" = on, "--no-hillshade" = off,
// a source's toggle such as "--tileable" = on);
// the value a lone one means.
std::optional<std::string_view> loneFlagValue(std::string_view name);

// The starting document (a project file, or the generator's defaults or
// article), then every flag in the order given (the last of a repeated flag
// wins; each --stage appends a modifier that the flags after it set), then
// validate() -- so sizes off the grid or over the memory cap are refused
// before anything is allocated. Throws InputError naming the flag, the value
// and what is allowed; IoError when the project cannot be read. The window
// asks only GraphCheck::Structure: it opens a graph still being built.
Document documentFromFlags(std::span<const DocumentFlag> flags,
                           GraphCheck check = GraphCheck::Complete);

// The node of a graph document that idText ("5") names; throws InputError
// "<flag>: '9' is not a node of the graph; its nodes: 1 (noise), ...".
const GraphNode& graphNodeNamed(const Document& doc, std::string_view idText,
                                std::string_view flag);

// The help section on sources, modifiers and the look, from the metadata.
std::string documentHelpText();

}  // namespace terrain::cli

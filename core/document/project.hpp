#pragma once
// The project file: a Document as versioned JSON, so a designer's work can
// be kept, reopened and handed between the window and the CLI.
//
// docs/project-format.md describes it for scripts. A chain:
//
//   {"format": "terrain-explorer-project", "version": 1,
//    "seed": "42",                                  (a string: 64-bit seeds
//                                                    do not fit JSON doubles)
//    "source": {"stage": "diamond-square", "params": {"size": 513, ...}},
//    "modifiers": [{"stage": "smooth", "enabled": true, "params": {...}}],
//    "look": {"water": 0.3, "ramp": "auto", "hillshade": "auto", ...},
//    "view": {"kind": "map", "row": 0.5, "exaggeration": 0.25,
//             "water-plane": true}}
//
// A graph (version 2) has "graph": {"output": 3, "nodes": [{"id": 1,
// "type": "noise", "enabled": true, "position": [0, 0], "params": {...}}],
// "links": [{"from": {"node": 1, "port": "heights"}, "to": {"node": 3,
// "port": "a"}}]} in place of "source" and "modifiers". Every file is
// written as version 2; a version-1 chain reads as its linear graph.
//
// Parameters are named by their metadata keys, choices by name, toggles as
// true/false. A missing parameter takes the stage's default (that is how a
// file from before a parameter existed loads); a missing look or view key
// takes the value that suits the source. Unknown keys are refused.
#include <cstddef>
#include <string>
#include <string_view>

#include "core/document/document.hpp"

namespace terrain {

inline constexpr int kProjectVersion = 2;  // the newest this program reads
// A project is a few KB; the cap bounds the parser's memory (~20x the text).
inline constexpr std::size_t kMaxProjectBytes = std::size_t{1} << 20;
inline constexpr std::size_t kMaxProjectModifiers = 256;
inline constexpr std::size_t kMaxProjectNodes = 256;

// Throws InputError when the document does not validate.
std::string projectToJson(const Document& doc);
// The same for a document whose source size is a tiled world's (issue 9),
// which may pass the map cap: checked as the largest map, written as it is.
std::string tiledWorldToJson(const Document& doc);
// Throws InputError naming the problem ("project: line 3, column 7: ...",
// "project: 'source.params.roughness' must be a number", "project: version
// 3 is newer than this program's (1); update terrain-explorer"). The
// document returned has passed validate(doc, GraphCheck::Structure): a graph
// may still have open inputs, which running it reports.
Document projectFromJson(std::string_view text);

// Atomic: an existing file is replaced only by a complete new one. Throws
// InputError (invalid document) or IoError (naming the path and the cause).
void saveProject(const std::string& path, const Document& doc);
// Throws IoError when the file cannot be read, InputError when it is not a
// regular file, larger than kMaxProjectBytes or not a valid project (the
// message then starts "project '<path>': ").
Document loadProject(const std::string& path);

}  // namespace terrain

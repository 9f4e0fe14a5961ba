#pragma once
// The project file's "graph" section (version 2): nodes with their type,
// parameters and place on the editor's canvas, links between named ports,
// and the output node. docs/project-format.md describes it for scripts.
#include "core/document/project_values.hpp"
#include "core/graph/graph.hpp"

namespace terrain::project_io {

Json graphToJson(const Graph& graph);
// Throws InputError naming the place ("project: 'graph.links[2].to.port':
// blend has no input 'c'; its inputs: a, b, mask"). The graph returned is
// read as written; the document's validate() checks it.
Graph graphFromJson(const Json& section);

}  // namespace terrain::project_io

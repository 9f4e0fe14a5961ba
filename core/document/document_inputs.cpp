#include "core/document/document_inputs.hpp"

#include <cstddef>
#include <span>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"
#include "core/graph/node_type.hpp"
#include "core/io/file_identity.hpp"
#include "core/io/raster_files.hpp"

namespace terrain {

std::vector<DocumentInput> importedFiles(const Document& doc) {
  std::vector<DocumentInput> out;
  const Graph& graph = doc.graph;
  const bool chain = isLinear(graph);
  for (const GraphNode& node : graph.nodes) {
    const std::span<const ParamInfo> params = typeOf(node).params();
    for (std::size_t i = 0; i < params.size() && i < node.values.size(); ++i) {
      if (params[i].type != ParamType::Text || params[i].key != "file") continue;
      const std::string* path = findText(node.values[i]);
      if (path == nullptr || path->empty()) continue;
      // A chain has one source: the CLI's flags call it "the import".
      const std::string owner = chain ? std::string("the import")
                                      : "node " + std::to_string(node.id) + " (" + node.type + ")";
      out.push_back({owner + "'s file (" + excerpt(*path) + ")", *path});
      try {
        const std::vector<std::string> files = rasterFiles(*path);
        for (std::size_t f = 1; f < files.size(); ++f) {
          out.push_back(
              {"a file " + owner + "'s " + excerpt(*path) + " reads (" + excerpt(files[f]) + ")",
               files[f]});
        }
      } catch (const InputError&) {
        // Said when the raster is read.
      }
    }
  }
  return out;
}

void refuseOverwritingAnInput(const std::string& what, const std::string& path,
                              const std::vector<DocumentInput>& inputs) {
  const FileIdentity output = identify(path);
  if (output.isCharacterDevice) return;
  for (const DocumentInput& input : inputs) {
    if (output.sameFileAs(input.id)) {
      throw InputError(what + ": " + excerpt(path) + " is " + input.what +
                       "; writing it would destroy it");
    }
  }
}

}  // namespace terrain

#pragma once
// The project's JSON as a value, for the files that embed it (the export
// sidecar, the tile manifest and sidecars): no printing and parsing it
// again, which a small export paid for at every start (issue 9).
#include <nlohmann/json.hpp>

#include "core/document/document.hpp"

namespace terrain {

// tiledWorldToJson's document (core/document/project.hpp), checked the same way.
nlohmann::ordered_json tiledWorldJson(const Document& doc);

// {"node": 5, "type": "combine-masks", "port": "mask", "kind": "mask"}: the
// graph node's output an export holds instead of the terrain.
nlohmann::ordered_json outputNodeJson(const Document& doc, PortRef output);

}  // namespace terrain

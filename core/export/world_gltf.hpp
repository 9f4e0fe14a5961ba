#pragma once
// The whole tiled world as one glTF (issue 39 item 2): a .gltf that holds
// no geometry of its own but names every tile's .glb as a buffer (glTF
// allows any binary file as a buffer; the tile's BIN chunk is a range of
// it), so an importer opening this one file gets every tile, in place, with
// its name and material, and no byte of mesh is stored twice.
#include <span>
#include <string>

namespace terrain {

// Reads each tile's .glb (as writeGlb writes them: one node, one mesh) and
// writes `path` atomically, its URIs relative to path's folder. Throws
// IoError naming the tile that cannot be read or the path.
void writeWorldGltf(const std::string& path, std::span<const std::string> tileGlbs);

}  // namespace terrain

#pragma once
// The three ways the explorer shows a terrain: a profile's side view, the
// top-down map and the lit 3D mesh. The document's view, an article's
// preset view and the renderer's pass all speak it.
#include <cstdint>

namespace terrain {

enum class ViewKind : std::uint8_t { Side, Map, Mesh };

}  // namespace terrain

#pragma once
// How the window looks at the terrain: the 3D camera, the map's zoom and
// pan, the wireframe, and the view's shape as last drawn. Not saved (the
// document's ViewState, kind, row and exaggeration, is).
#include "core/document/document.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

struct WindowView {
  render::ViewSettings settings;  // camera, map zoom, wireframe; the rest follows the document
  float aspect = 1.0f;            // width / height of the view as last drawn
};

// The view actually drawn: profiles have only a side view.
inline ViewKind effectiveViewKind(const Document& doc) {
  return isProfile(doc) ? ViewKind::Side : doc.view.kind;
}

}  // namespace terrain::app

#pragma once
// Previews as GL textures: the seed gallery's for the panel, the graph
// nodes' for the graph editor.
#include <map>
#include <vector>

#include "app/app_state.hpp"
#include "app/node_previews.hpp"
#include "app/seed_gallery.hpp"
#include "render/gl_objects.hpp"

namespace terrain::app {

class GalleryTextures {
 public:
  // Replaces state.gallery with the previews, uploaded.
  void upload(const std::vector<SeedPreview>& previews, AppState& state);

 private:
  std::vector<render::gl::Texture> textures_;
};

class NodePreviewTextures {
 public:
  // Replaces state.nodePreviews with these, uploaded; a node with no
  // preview in this run loses its picture.
  void upload(const std::vector<NodePreview>& previews, AppState& state);

 private:
  std::map<NodeId, render::gl::Texture> textures_;
};

}  // namespace terrain::app

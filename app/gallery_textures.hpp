#pragma once
// Previews as GL textures: the seed gallery's for the panel, the graph
// nodes' for the graph editor.
#include <cstdint>
#include <map>
#include <vector>

#include "app/node_previews.hpp"
#include "app/seed_gallery.hpp"
#include "render/gl_objects.hpp"

namespace terrain::app {

// One preview of the seed gallery, uploaded: the GL texture's name.
struct GalleryItem {
  std::uint64_t seed = 0;
  unsigned texture = 0;
  int width = 0;
  int height = 0;
};

class GalleryTextures {
 public:
  // Replaces the items with these previews, uploaded.
  void upload(const std::vector<SeedPreview>& previews);
  // The next seeds' previews, when ready; empty before.
  const std::vector<GalleryItem>& items() const { return items_; }

 private:
  std::vector<render::gl::Texture> textures_;
  std::vector<GalleryItem> items_;
};

class NodePreviewTextures {
 public:
  // Replaces the textures with these, uploaded; a node with no preview in
  // this run loses its picture.
  void upload(const std::vector<NodePreview>& previews);
  // The GL texture of the node's result; 0 when it has none.
  unsigned textureOf(NodeId node) const;

 private:
  std::map<NodeId, render::gl::Texture> textures_;
};

}  // namespace terrain::app

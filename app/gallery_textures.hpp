#pragma once
// The seed gallery's previews as GL textures the panel can show.
#include <vector>

#include "app/app_state.hpp"
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

}  // namespace terrain::app

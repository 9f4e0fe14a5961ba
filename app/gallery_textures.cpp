#include "app/gallery_textures.hpp"

#include <glad/gl.h>

namespace terrain::app {

void GalleryTextures::upload(const std::vector<SeedPreview>& previews, AppState& s) {
  s.gallery.clear();
  textures_.resize(previews.size());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  for (std::size_t i = 0; i < previews.size(); ++i) {
    const RgbImage& image = previews[i].image;
    if (image.width <= 0) continue;
    if (textures_[i].id() == 0) textures_[i] = render::gl::Texture::create();
    glBindTexture(GL_TEXTURE_2D, textures_[i].id());
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, image.width, image.height, 0, GL_RGB, GL_UNSIGNED_BYTE,
                 image.pixels.data());
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    s.gallery.push_back({previews[i].seed, textures_[i].id(), image.width, image.height});
  }
  glBindTexture(GL_TEXTURE_2D, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

}  // namespace terrain::app

#include "app/gallery_textures.hpp"

#include <glad/gl.h>

namespace terrain::app {

namespace {

// The image into the texture (made if it has no name yet), linear filtering.
void uploadRgb(render::gl::Texture& texture, const RgbImage& image) {
  if (texture.id() == 0) texture = render::gl::Texture::create();
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  glBindTexture(GL_TEXTURE_2D, texture.id());
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, image.width, image.height, 0, GL_RGB, GL_UNSIGNED_BYTE,
               image.pixels.data());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glBindTexture(GL_TEXTURE_2D, 0);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

}  // namespace

void GalleryTextures::upload(const std::vector<SeedPreview>& previews) {
  items_.clear();
  textures_.resize(previews.size());
  for (std::size_t i = 0; i < previews.size(); ++i) {
    const RgbImage& image = previews[i].image;
    if (image.width <= 0) continue;
    uploadRgb(textures_[i], image);
    items_.push_back({previews[i].seed, textures_[i].id(), image.width, image.height});
  }
}

void NodePreviewTextures::upload(const std::vector<NodePreview>& previews) {
  std::map<NodeId, render::gl::Texture> kept;
  for (const NodePreview& preview : previews) {
    render::gl::Texture texture;
    if (const auto it = textures_.find(preview.node); it != textures_.end()) {
      texture = std::move(it->second);
    }
    uploadRgb(texture, preview.image);
    kept.emplace(preview.node, std::move(texture));
  }
  textures_ = std::move(kept);  // the textures of nodes with no preview now are freed
}

unsigned NodePreviewTextures::textureOf(NodeId node) const {
  const auto found = textures_.find(node);
  return found == textures_.end() ? 0u : found->second.id();
}

}  // namespace terrain::app

#include "render/instance_pass.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <utility>

#include "render/shader_library.hpp"

namespace terrain::render {
namespace {

// The map is cut into kBlocks x kBlocks blocks; a block's instances of one
// species are one draw, kept or culled and given a detail as a whole. A
// draw costs llvmpipe too: 132k instances of three species at 1025 took
// 18.5 ms of CPU a frame in 16 x 16 blocks, 13.9 ms in 8 x 8.
constexpr int kBlocks = 8;

// An instance less than this many pixels tall is a point cut to its
// shape's outline: its triangles would cost llvmpipe several times as much
// and show as about the same pixels.
constexpr float kPointPixels = 8.0f;
// Points a frame draws at most (3D, and the map's dots): past it each
// run draws the same share of its instances, grown so the ground they
// cover stays about the same. llvmpipe sets up a point in about a
// microsecond, so 132k of them took 80..180 ms a frame; 16k keep the
// instances' share of a 30 fps frame small (8k saved 4.5 ms of CPU more
// but, growth capped, covered a third less of the land).
constexpr std::int64_t kPointBudget = 16384;
constexpr float kMaxGrowth = 3.0f;
// A shape this many pixels tall or more gets the next level of detail.
constexpr std::array<float, kInstanceDetailLevels - 1> kDetailPixels{10.0f, 40.0f};
// No instance is drawn smaller than this many pixels tall (3D) or across (map).
constexpr float kMinPixels = 2.0f;
constexpr float kMinDotPixels = 3.0f;

// One instance on the GPU: attribute 2 (place) and 3 (up, rotation) of instance.vert.
struct GpuInstance {
  float u, v, height, scale;
  float upX, upY, upZ, rotation;
};
static_assert(sizeof(GpuInstance) == 8 * sizeof(float));

int blockOf(float uv) {
  return std::clamp(static_cast<int>(uv * static_cast<float>(kBlocks)), 0, kBlocks - 1);
}

// How much of each run a frame draws when `points` would be past the budget.
struct Thinning {
  double share = 1.0;
  float grow = 1.0f;  // a drawn point's size factor
  std::int64_t of(std::int64_t count) const {
    return share >= 1.0 ? count
                        : static_cast<std::int64_t>(std::ceil(share * static_cast<double>(count)));
  }
};

Thinning thinning(std::int64_t points) {
  if (points <= kPointBudget) return {};
  const double share = static_cast<double>(kPointBudget) / static_cast<double>(points);
  return {share, std::min(kMaxGrowth, static_cast<float>(1.0 / std::sqrt(share)))};
}

// Whether a world box lies wholly outside one plane of the view's frustum.
bool outsideFrustum(const glm::mat4& viewProjection, glm::vec3 lo, glm::vec3 hi) {
  std::array<glm::vec4, 8> clip;
  for (int k = 0; k < 8; ++k) {
    const glm::vec3 p((k & 1) ? hi.x : lo.x, (k & 2) ? hi.y : lo.y, (k & 4) ? hi.z : lo.z);
    clip[static_cast<std::size_t>(k)] = viewProjection * glm::vec4(p, 1.0f);
  }
  for (int axis = 0; axis < 3; ++axis) {
    for (const float side : {-1.0f, 1.0f}) {
      const bool allOut = std::all_of(clip.begin(), clip.end(),
                                      [&](const glm::vec4& c) { return side * c[axis] > c.w; });
      if (allOut) return true;
    }
  }
  return false;
}

}  // namespace

InstancePass::InstancePass()
    : mesh_(loadProgram("instance.vert", "instance.frag")),
      far_(loadProgram("instance_far.vert", "instance_far.frag")),
      dots_(loadProgram("instance_dots.vert", "instance_dots.frag")),
      instances_(gl::Buffer::create()),
      farVao_(gl::VertexArray::create()),
      dotsVao_(gl::VertexArray::create()) {
  for (int s = 0; s < 3; ++s) {
    for (int d = 0; d < kInstanceDetailLevels; ++d) {
      const ShapeMesh mesh = instanceShapeMesh(static_cast<InstanceShape>(s), d);
      ShapeLod& lod = shapes_[s][d];
      lod.vao = gl::VertexArray::create();
      lod.vertices = gl::Buffer::create();
      lod.indices = gl::Buffer::create();
      lod.indexCount = static_cast<int>(mesh.indices.size());
      lod.vao.bind();
      lod.vertices.upload(GL_ARRAY_BUFFER, mesh.vertices.data(),
                          static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(float)));
      glEnableVertexAttribArray(0);
      glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float), nullptr);
      glEnableVertexAttribArray(1);
      glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 6 * sizeof(float),
                            reinterpret_cast<const void*>(3 * sizeof(float)));
      lod.indices.upload(GL_ELEMENT_ARRAY_BUFFER, mesh.indices.data(),
                         static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint16_t)));
      glEnableVertexAttribArray(2);
      glVertexAttribDivisor(2, 1);
      glEnableVertexAttribArray(3);
      glVertexAttribDivisor(3, 1);
    }
  }
  glBindVertexArray(0);
}

void InstancePass::setInstances(std::span<const ScatterInstance> instances,
                                std::span<const InstanceLook> looks,
                                const InstancePlacement& placement) {
  looks_.assign(looks.begin(), looks.end());
  placement_ = placement;
  runs_.clear();
  const auto species = static_cast<std::uint32_t>(looks_.size());
  // Counting sort by (block, species), keeping each run's order.
  const std::size_t keys = static_cast<std::size_t>(kBlocks * kBlocks) * species;
  std::vector<std::int64_t> start(keys + 1, 0);
  std::vector<std::uint32_t> keyOf(instances.size());
  std::vector<GpuInstance> gpu(instances.size());
  const double spanX = std::max(placement.span.x, 1e-9), spanY = std::max(placement.span.y, 1e-9);
  const double range = std::max(placement.heightRange, 1e-9);
  std::int64_t kept = 0;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const ScatterInstance& s = instances[i];
    GpuInstance& g = gpu[i];
    g = {static_cast<float>(s.x / spanX),
         static_cast<float>(s.y / spanY),
         static_cast<float>(static_cast<double>(s.height) / range),
         s.scale,
         s.upX,
         s.upY,
         s.upZ,
         s.rotation};
    if (s.species >= species) {
      keyOf[i] = static_cast<std::uint32_t>(keys);  // not drawn
      continue;
    }
    const auto block = static_cast<std::uint32_t>(blockOf(g.v) * kBlocks + blockOf(g.u));
    keyOf[i] = block * species + s.species;
    ++start[keyOf[i] + 1];
    ++kept;
  }
  for (std::size_t k = 0; k < keys; ++k) start[k + 1] += start[k];
  std::vector<GpuInstance> sorted(static_cast<std::size_t>(kept));
  std::vector<std::int64_t> next(start.begin(), start.end() - 1);
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (keyOf[i] == keys) continue;
    const std::int64_t at = next[keyOf[i]]++;
    sorted[static_cast<std::size_t>(at)] = gpu[i];
  }
  // Each run in the order of a hash of its instances' places, so any
  // prefix of it is an even thinning of its block (the same on every run).
  const auto hashOf = [](const GpuInstance& g) {
    std::uint32_t u = 0, v = 0;
    std::memcpy(&u, &g.u, sizeof u);
    std::memcpy(&v, &g.v, sizeof v);
    std::uint64_t h = (std::uint64_t{u} << 32 | v) * 0x9E3779B97F4A7C15ull;
    h ^= h >> 29;
    return h * 0xBF58476D1CE4E5B9ull;
  };
  for (std::size_t k = 0; k < keys; ++k) {
    if (start[k + 1] == start[k]) continue;
    std::stable_sort(
        sorted.begin() + start[k], sorted.begin() + start[k + 1],
        [&](const GpuInstance& a, const GpuInstance& b) { return hashOf(a) < hashOf(b); });
    Run run{static_cast<std::uint32_t>(k % species), start[k], start[k + 1] - start[k],
            glm::vec3(1e30f), glm::vec3(-1e30f)};
    for (std::int64_t i = run.first; i < run.first + run.count; ++i) {
      const GpuInstance& g = sorted[static_cast<std::size_t>(i)];
      run.min = glm::min(run.min, glm::vec3(g.u, g.v, g.height));
      run.max = glm::max(run.max, glm::vec3(g.u, g.v, g.height));
      run.largestScale = std::max(run.largestScale, g.scale);
    }
    runs_.push_back(run);
  }
  count_ = kept;
  instances_.upload(GL_ARRAY_BUFFER, sorted.data(),
                    static_cast<GLsizeiptr>(sorted.size() * sizeof(GpuInstance)));
  dotsVao_.bind();
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, sizeof(GpuInstance), nullptr);
  farVao_.bind();
  glEnableVertexAttribArray(2);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(GpuInstance), nullptr);
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, sizeof(GpuInstance),
                        reinterpret_cast<const void*>(4 * sizeof(float)));
  glBindVertexArray(0);
}

void InstancePass::bindInstances(const ShapeLod& lod, std::int64_t first) const {
  lod.vao.bind();
  glBindBuffer(GL_ARRAY_BUFFER, instances_.id());
  const auto offset = static_cast<std::size_t>(first) * sizeof(GpuInstance);
  glVertexAttribPointer(2, 4, GL_FLOAT, GL_FALSE, sizeof(GpuInstance),
                        reinterpret_cast<const void*>(offset));
  glVertexAttribPointer(3, 4, GL_FLOAT, GL_FALSE, sizeof(GpuInstance),
                        reinterpret_cast<const void*>(offset + 4 * sizeof(float)));
}

void InstancePass::drawMesh(const MeshGeometry& geometry, glm::vec3 sun, glm::ivec4 viewport) {
  stats_ = {};
  if (count_ == 0) return;
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glDisable(GL_BLEND);
  const glm::mat4& projection = geometry.camera.projection;
  const bool orthographic = projection[3][3] == 1.0f;
  const float pixelsPerClip = projection[1][1] * 0.5f * static_cast<float>(viewport.w);
  // World units per metre: across (the map's x) and up (the heights').
  const glm::vec2 perMetre(geometry.extent.x / static_cast<float>(placement_.span.x),
                           geometry.exaggeration / static_cast<float>(placement_.heightRange));
  for (const gl::Program* program : {&mesh_, &far_}) {
    program->use();
    program->set("uViewProjection", geometry.viewProjection);
    program->set("uExtent", geometry.extent);
    program->set("uExaggeration", geometry.exaggeration);
    program->set("uWorldPerMetre", perMetre);
    program->set("uMinPixels", kMinPixels);
    program->set("uPixelsPerClip", pixelsPerClip);
    program->set("uSunDirection", sun);
  }
  // Each run in view with its detail: -1 points, else the shape's level.
  std::vector<std::pair<const Run*, int>> shown;
  for (const Run& run : runs_) {
    const InstanceLook& look = looks_[run.species];
    const glm::vec2 size(look.width * perMetre.x, look.height * perMetre.x);
    // A species' scale range reaches to 100: its largest shape decides
    // when the run is out of view and how near it is.
    const float reach = run.largestScale * std::max(size.x, look.height * perMetre.y);
    const glm::vec3 lo((run.min.x - 0.5f) * geometry.extent.x - reach,
                       run.min.z * geometry.exaggeration - reach,
                       (run.min.y - 0.5f) * geometry.extent.y - reach);
    const glm::vec3 hi((run.max.x - 0.5f) * geometry.extent.x + reach,
                       run.max.z * geometry.exaggeration + reach,
                       (run.max.y - 0.5f) * geometry.extent.y + reach);
    if (outsideFrustum(geometry.viewProjection, lo, hi)) continue;
    const glm::vec3 nearest = glm::clamp(geometry.camera.eye, lo, hi);
    const float distance = orthographic ? 1.0f : glm::length(geometry.camera.eye - nearest);
    // At scale 1: the detail suits the usual instance, not the largest.
    const float pixels = look.height * perMetre.y * pixelsPerClip / std::max(distance, 1e-6f);
    int detail = pixels < kPointPixels ? -1 : 0;
    while (detail >= 0 && detail < kInstanceDetailLevels - 1 &&
           pixels >= kDetailPixels[static_cast<std::size_t>(detail)]) {
      ++detail;
    }
    shown.emplace_back(&run, detail);
  }
  const auto setLook = [&](const gl::Program& program, const InstanceLook& look) {
    program.set("uColor", look.color);
    program.set("uSizeWorld", glm::vec2(look.width * perMetre.x, look.height * perMetre.y));
    program.set("uShape", static_cast<int>(look.shape));
    // As drawn: the width at the map's scale against the height at the heights'.
    program.set("uAspect", look.width * perMetre.x / std::max(look.height * perMetre.y, 1e-9f));
  };
  mesh_.use();
  for (const auto& [run, detail] : shown) {
    if (detail < 0) continue;
    const InstanceLook& look = looks_[run->species];
    const ShapeLod& lod = shapes_[static_cast<int>(look.shape)][detail];
    bindInstances(lod, run->first);
    setLook(mesh_, look);
    glDrawElementsInstanced(GL_TRIANGLES, lod.indexCount, GL_UNSIGNED_SHORT, nullptr,
                            static_cast<GLsizei>(run->count));
    stats_.drawn += run->count;
    stats_.triangles += run->count * (lod.indexCount / 3);
    ++stats_.draws;
  }
  std::int64_t far = 0;
  for (const auto& [run, detail] : shown) far += detail < 0 ? run->count : 0;
  const Thinning thin = thinning(far);
  far_.use();
  far_.set("uGrow", thin.grow);
  farVao_.bind();
  glEnable(GL_PROGRAM_POINT_SIZE);
  for (const auto& [run, detail] : shown) {
    if (detail >= 0) continue;
    setLook(far_, looks_[run->species]);
    const std::int64_t count = thin.of(run->count);
    glDrawArrays(GL_POINTS, static_cast<GLint>(run->first), static_cast<GLsizei>(count));
    stats_.drawn += count;
    stats_.points += count;
    ++stats_.draws;
  }
  glDisable(GL_PROGRAM_POINT_SIZE);
  glBindVertexArray(0);
}

void InstancePass::drawDots(const ViewSettings& view, glm::ivec2 mapSize,
                            glm::ivec4 viewport) const {
  if (count_ == 0) return;
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_BLEND);
  glEnable(GL_PROGRAM_POINT_SIZE);
  dots_.use();
  dots_.set("uSize", mapSize);
  dots_.set("uViewport", glm::vec4(viewport));
  dots_.set("uCenter", view.mapCenter);
  dots_.set("uZoom", std::max(view.mapZoom, 1e-3f));
  dots_.set("uMinDot", kMinDotPixels);
  const double metresPerCell = placement_.span.x / static_cast<double>(std::max(mapSize.x - 1, 1));
  // map.frag's placement: pixels from the viewport's centre (y up) of a map point.
  const glm::vec2 size(mapSize);
  const float scale =
      std::min(static_cast<float>(viewport.z) / size.x, static_cast<float>(viewport.w) / size.y) *
      std::max(view.mapZoom, 1e-3f);
  const auto pixelOf = [&](glm::vec2 uv) {
    const glm::vec2 fromCentre = (uv * (size - 1.0f) + 0.5f - view.mapCenter * size) * scale;
    return glm::vec2(fromCentre.x, -fromCentre.y);
  };
  const glm::vec2 half = 0.5f * glm::vec2(viewport.z, viewport.w);
  std::vector<const Run*> shown;
  std::int64_t total = 0;
  for (const Run& run : runs_) {
    const float dot =
        static_cast<float>(static_cast<double>(looks_[run.species].width) / metresPerCell) * scale *
            2.0f +
        kMinDotPixels * kMaxGrowth;
    const glm::vec2 a = pixelOf(glm::vec2(run.min)), b = pixelOf(glm::vec2(run.max));
    const glm::vec2 lo = glm::min(a, b) - dot, hi = glm::max(a, b) + dot;
    if (hi.x < -half.x || lo.x > half.x || hi.y < -half.y || lo.y > half.y) continue;
    shown.push_back(&run);
    total += run.count;
  }
  const Thinning thin = thinning(total);
  dots_.set("uGrow", thin.grow);
  dotsVao_.bind();
  for (const Run* run : shown) {
    const InstanceLook& look = looks_[run->species];
    dots_.set("uColor", look.color);
    dots_.set("uDotCells", static_cast<float>(static_cast<double>(look.width) / metresPerCell));
    glDrawArrays(GL_POINTS, static_cast<GLint>(run->first),
                 static_cast<GLsizei>(thin.of(run->count)));
  }
  glBindVertexArray(0);
  glDisable(GL_PROGRAM_POINT_SIZE);
}

}  // namespace terrain::render

#include "app/instance_view.hpp"

#include <algorithm>
#include <array>

namespace terrain::app {
namespace {

constexpr int kShades = 3;

// By InstanceShape (cone, sphere, box), then the n-th species of it.
constexpr std::array<std::array<std::array<float, 3>, kShades>, 3> kPalette{{
    {{{0.13f, 0.40f, 0.15f}, {0.05f, 0.28f, 0.22f}, {0.38f, 0.52f, 0.12f}}},
    {{{0.45f, 0.62f, 0.20f}, {0.64f, 0.56f, 0.18f}, {0.30f, 0.56f, 0.36f}}},
    {{{0.56f, 0.54f, 0.50f}, {0.46f, 0.38f, 0.32f}, {0.72f, 0.70f, 0.64f}}},
}};

}  // namespace

std::vector<render::InstanceLook> instanceLooks(const InstanceSet& set) {
  std::vector<render::InstanceLook> looks;
  std::array<int, 3> seen{};
  for (const InstanceSpecies& species : set.species) {
    const auto shape = static_cast<std::size_t>(std::min<int>(species.shape, 2));
    render::InstanceLook look =
        render::defaultInstanceLook(static_cast<render::InstanceShape>(shape));
    const auto& c = kPalette[shape][static_cast<std::size_t>(seen[shape]++ % kShades)];
    look.color = {c[0], c[1], c[2]};
    looks.push_back(look);
  }
  return looks;
}

void uploadInstances(render::TerrainView& renderer, const InstanceSet* set,
                     const InstanceSet* alreadyShown, const Heightfield& field,
                     const World& world) {
  if (set != nullptr && set == alreadyShown) return;
  if (set == nullptr || field.isProfile()) {
    renderer.setInstances({}, {}, {});
    return;
  }
  const render::InstancePlacement placement{
      {set->cellMetres * static_cast<double>(std::max(field.width - 1, 1)),
       set->cellMetres * static_cast<double>(std::max(field.height - 1, 1))},
      world.heightRange};
  renderer.setInstances(set->instances, instanceLooks(*set), placement);
}

}  // namespace terrain::app

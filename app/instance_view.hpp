#pragma once
// The graph's scattered instances on the view: each species drawn as its
// shape in a colour of its own, placed on the landed terrain. Uploaded
// once per landed result, never per frame.
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/base/world.hpp"
#include "core/graph/node_type.hpp"
#include "render/instance_shapes.hpp"
#include "render/terrain_view.hpp"

namespace terrain::app {

// Each species' look, by its index: its shape's, the n-th species of a
// shape in the n-th colour of that shape's few (greens for trees, olive
// for bushes, greys for rocks), so two kinds of tree tell apart.
std::vector<render::InstanceLook> instanceLooks(const InstanceSet& set);

// Gives the view `set` (null: none) standing on `field`, a map of the
// world `world` as the set's node saw it. Does nothing when `set` is the
// one already shown (a view or look edit lands the same instances).
void uploadInstances(render::TerrainView& renderer, const InstanceSet* set,
                     const InstanceSet* alreadyShown, const Heightfield& field, const World& world);

}  // namespace terrain::app

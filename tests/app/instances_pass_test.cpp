// Instances in a pass of their own (issue 40 item 3): the generation
// worker hands out a map whose graph scatters before its instances are
// made, then the same map with them; a new edit cancels the instances'
// pass, and the window never shows an older terrain's instances over a new
// map (ShownTerrain's completesShownMap and instancesToShow, which
// App's showResult follows).
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <thread>
#include <vector>

#include "app/generation_worker.hpp"
#include "app/shown_terrain.hpp"
#include "core/document/document.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain::app {
namespace {

using Clock = std::chrono::steady_clock;

// Noise at 513 over 12 km with a Scatter whose pass takes a while (about
// 1.4 million instances of 16 million places): long enough that an edit
// posted when the map lands finds it running.
Document heavyScatter(std::uint64_t seed) {
  Document doc = defaultDocument("noise");
  setDocumentSize(doc, 513);
  doc.seed = seed;
  doc.world.width = 12000.0;
  const NodeId scatter = addNode(doc.graph, "scatter", 200.0f, 0.0f);
  connect(doc.graph, {doc.graph.output, 0}, {scatter, 0});
  SpeciesRules grass;
  grass.name = "tussocks";
  grass.shape = ScatterShape::Sphere;
  grass.placing.density = 100.0;
  grass.placing.spacing = 3.0;
  doc.graph.find(scatter)->values[0] = speciesId({grass});
  return doc;
}

struct Taken {
  GenerationResult result;
  Clock::time_point at;
};

// Every result the window's loop would take until request `id`'s final one.
std::vector<Taken> takeUntilFinal(GenerationWorker& worker, std::uint64_t id) {
  std::vector<Taken> taken;
  for (;;) {
    if (std::optional<GenerationResult> r = worker.takeResult()) {
      const bool last = r->id == id && !r->instancesPending && !r->draft;
      taken.push_back({std::move(*r), Clock::now()});
      if (last) return taken;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

TEST(InstancesPass, TheMapLandsBeforeItsInstancesAndThenTheSameMapWithThem) {
  GenerationWorker worker;
  worker.setCacheBudget(std::size_t{256} << 20);
  const auto requested = Clock::now();
  const std::uint64_t id = worker.request(heavyScatter(1));
  const std::vector<Taken> taken = takeUntilFinal(worker, id);
  ASSERT_EQ(taken.size(), 2u) << "the map, then its instances";
  const GenerationResult& map = taken[0].result;
  const GenerationResult& full = taken[1].result;
  ASSERT_TRUE(map.error.empty()) << map.error;
  EXPECT_TRUE(map.instancesPending);
  EXPECT_EQ(map.instances, nullptr);
  ASSERT_NE(map.field, nullptr);
  EXPECT_EQ(full.field, map.field);  // the same map: the window uploads only the instances
  ASSERT_NE(full.instances, nullptr);
  EXPECT_GT(full.instances->instances.size(), 100000u);
  EXPECT_GT(full.instancesMs, 0.0);
  const auto ms = [&](Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(t - requested).count();
  };
  std::printf("map on hand after %.0f ms, its %zu instances after %.0f ms (their pass %.0f ms)\n",
              ms(taken[0].at), full.instances->instances.size(), ms(taken[1].at), full.instancesMs);
  // The map did not wait for the pass: it was on hand before the pass ended.
  EXPECT_LT(ms(taken[0].at), ms(taken[1].at) - 0.5 * full.instancesMs);
}

TEST(InstancesPass, AnEditCancelsTheInstancesOfTheMapItReplaces) {
  GenerationWorker worker;
  worker.setCacheBudget(std::size_t{256} << 20);
  const std::uint64_t first = worker.request(heavyScatter(1));
  std::optional<GenerationResult> map;
  while (!(map = worker.takeResult())) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(map->id, first);
  ASSERT_TRUE(map->instancesPending);
  // The edit comes while the first map's instances are being made.
  const std::uint64_t second = worker.request(heavyScatter(2));
  const std::vector<Taken> taken = takeUntilFinal(worker, second);
  for (const Taken& t : taken) {
    EXPECT_EQ(t.result.id, second) << "the replaced map's instances were handed out";
  }
  ASSERT_NE(taken.back().result.instances, nullptr);
}

// The window's side: what it shows with each result it takes.
TEST(InstancesPass, TheWindowNeverShowsAnOlderTerrainsInstancesOnANewMap) {
  const auto field = [] { return std::make_shared<const Heightfield>(Heightfield(4, 4)); };
  const auto instances = [] { return std::make_shared<const InstanceSet>(); };
  ShownTerrain shown;
  shown.field = field();
  shown.instances = instances();
  shown.resultId = 1;
  // A new map (or its draft) lands before its instances: none are shown.
  GenerationResult next;
  next.id = 2;
  next.field = field();
  next.instancesPending = true;
  EXPECT_FALSE(completesShownMap(shown, next));
  EXPECT_EQ(instancesToShow(shown, next), nullptr);
  GenerationResult draft = next;
  draft.draft = true;
  draft.instancesPending = false;
  EXPECT_EQ(instancesToShow(shown, draft), nullptr);
  // A look edit lands the very same field: its instances stay meanwhile.
  GenerationResult look = next;
  look.field = shown.field;
  EXPECT_EQ(instancesToShow(shown, look), shown.instances);
  // The new map shown, its own instances complete it when their pass ends,
  // and only those of its own request do.
  shown.field = next.field;
  shown.instances = nullptr;
  shown.resultId = next.id;
  shown.instancesPending = true;
  GenerationResult done = next;
  done.instancesPending = false;
  done.instances = instances();
  EXPECT_TRUE(completesShownMap(shown, done));
  EXPECT_EQ(instancesToShow(shown, done), done.instances);
  GenerationResult older = done;
  older.id = 1;
  EXPECT_FALSE(completesShownMap(shown, older));
  GenerationResult otherField = done;
  otherField.field = field();
  EXPECT_FALSE(completesShownMap(shown, otherField));
}

}  // namespace
}  // namespace terrain::app

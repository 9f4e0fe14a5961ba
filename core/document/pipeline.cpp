#include "core/document/pipeline.hpp"

#include "core/base/error.hpp"
#include "core/graph/graph.hpp"
#include "core/graph/instance_sets.hpp"
#include "core/graph/node_type.hpp"

namespace terrain {
namespace {

NodeContext contextOf(const Document& doc) {
  return {doc.seed, doc.world};
}

}  // namespace

Heightfield runPipeline(const Document& doc, const PipelineControl& control) {
  validate(doc);
  return takePort(evaluateGraph(doc.graph, contextOf(doc), control));
}

Heightfield runPipeline(const Document& doc, PortRef output, const PipelineControl& control) {
  validate(doc);
  return takePort(evaluateGraph(doc.graph, output, contextOf(doc), control));
}

std::shared_ptr<const Heightfield> Pipeline::run(const Document& doc,
                                                 const PipelineControl& control) {
  validate(doc, GraphCheck::Structure);
  const Graph& graph = doc.graph;
  const NodeId shown = graph.find(graph.pinned) != nullptr ? graph.pinned : graph.output;
  return evaluator_.run(graph, shown, 0, contextOf(doc), control);
}

ShownResult Pipeline::runShown(const Document& doc, const PipelineControl& control) {
  validate(doc, GraphCheck::Structure);
  const Graph& graph = doc.graph;
  const GraphNode* pin = graph.find(graph.pinned);
  if (pin == nullptr || pin->id == graph.output ||
      outputKind(graph, {pin->id, 0}) != PortKind::Mask) {
    return {run(doc, control), nullptr};
  }
  auto mask = evaluator_.run(graph, pin->id, 0, contextOf(doc), control);
  try {
    auto field = evaluator_.run(graph, graph.output, 0, contextOf(doc), control);
    // A mask of another size (a paint mask's own) cannot lie over it.
    if (field->width != mask->width || field->height != mask->height) return {mask, nullptr};
    return {std::move(field), std::move(mask)};
  } catch (const InputError&) {
    return {std::move(mask), nullptr};  // the terrain's nodes still have open inputs
  }
}

std::shared_ptr<const InstanceSet> Pipeline::instances(const Document& doc,
                                                       const PipelineControl& control) {
  const Graph& graph = doc.graph;
  std::vector<std::shared_ptr<const InstanceSet>> sets;
  for (const GraphNode* node : enabledInstanceNodes(graph)) {
    try {
      const PortValue value =
          evaluator_.run(graph, node->id, *instancesOutput(typeOf(*node)), contextOf(doc), control);
      if (value.instances() && !value.instances()->species.empty())
        sets.push_back(value.instances());
    } catch (const InputError&) {
      // A node still missing its heights places nothing yet.
    }
  }
  if (sets.size() <= 1) return sets.empty() ? nullptr : sets.front();
  if (sets == instanceSources_) return mergedInstances_;
  std::vector<const InstanceSet*> parts;
  for (const auto& set : sets) parts.push_back(set.get());
  auto merged = std::make_shared<const InstanceSet>(mergeInstanceSets(parts));
  instanceSources_ = std::move(sets);
  mergedInstances_ = std::move(merged);
  return mergedInstances_;
}

std::shared_ptr<const Heightfield> Pipeline::resultOf(const Document& doc, NodeId node) const {
  return evaluator_.cached(doc.graph, node, 0, contextOf(doc));
}

}  // namespace terrain

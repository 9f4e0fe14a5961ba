#include "core/document/pipeline.hpp"

#include "core/graph/graph.hpp"

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

std::shared_ptr<const Heightfield> Pipeline::resultOf(const Document& doc, NodeId node) const {
  return evaluator_.cached(doc.graph, node, 0, contextOf(doc));
}

}  // namespace terrain

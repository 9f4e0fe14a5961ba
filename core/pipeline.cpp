#include "core/pipeline.hpp"

#include "core/graph/graph.hpp"

namespace terrain {
namespace {

NodeContext contextOf(const Document& doc) {
  return {doc.seed, doc.world};
}

}  // namespace

Heightfield runPipeline(const Document& doc, const PipelineControl& control) {
  validate(doc);
  return takePort(evaluateGraph(chainGraph(doc), contextOf(doc), control));
}

std::shared_ptr<const Heightfield> Pipeline::run(const Document& doc,
                                                 const PipelineControl& control) {
  validate(doc);
  return evaluator_.run(chainGraph(doc), contextOf(doc), control);
}

}  // namespace terrain

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
  return takePort(evaluateGraph(documentGraph(doc), contextOf(doc), control));
}

Heightfield runPipeline(const Document& doc, PortRef output, const PipelineControl& control) {
  validate(doc);
  return takePort(evaluateGraph(documentGraph(doc), output, contextOf(doc), control));
}

std::shared_ptr<const Heightfield> Pipeline::run(const Document& doc,
                                                 const PipelineControl& control) {
  validate(doc);
  return evaluator_.run(documentGraph(doc), contextOf(doc), control);
}

}  // namespace terrain

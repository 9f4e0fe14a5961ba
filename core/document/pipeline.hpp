#pragma once
// Runs a document's graph (or its chain as a graph) through the one
// evaluator (core/graph/evaluator.hpp). The window's Pipeline keeps each
// node's result, so changing a modifier never re-runs the source, and the
// look never regenerates anything.
#include <memory>
#include <vector>

#include "core/base/heightfield.hpp"
#include "core/document/document.hpp"
#include "core/graph/evaluator.hpp"
#include "core/nodes/stage.hpp"

namespace terrain {

// The final heights. Throws InputError for an invalid document and
// Cancelled when control's flag is raised (within one stage checkpoint).
Heightfield runPipeline(const Document& doc, const PipelineControl& control = {});
// One node's output of the document's graph instead of the terrain (a mask
// is a field of 0..1). Throws InputError when there is no such node or port.
Heightfield runPipeline(const Document& doc, PortRef output, const PipelineControl& control = {});

// What the window's view shows: the terrain, and the mask pinned in the
// view (Graph::pinned) to draw over it (issue 38 item 4), if one is.
struct ShownResult {
  std::shared_ptr<const Heightfield> field;
  std::shared_ptr<const Heightfield> mask;  // null: nothing drawn over field
};

// The same with the evaluator's cache, for the window: a run re-runs only
// the stages whose inputs changed since any earlier run it still holds.
class Pipeline {
 public:
  // The terrain, or the node the view pins (Graph::pinned) when the graph
  // has it: then only that node's inputs must be connected.
  std::shared_ptr<const Heightfield> run(const Document& doc, const PipelineControl& control = {});
  // The view's terrain and mask: a pinned mask comes with the graph's
  // terrain to draw it over (the terrain run last, so its results are the
  // ones kept for the next change); a pinned heights node, or a mask while
  // the terrain cannot be made yet, is the field alone, as run() gives.
  ShownResult runShown(const Document& doc, const PipelineControl& control = {});
  // The instances the view draws: every node with an instances output (a
  // Scatter node's) whose inputs are connected, in the graph's order, each
  // node's species numbered after the ones before; null when there are
  // none. Instances never feed the terrain, so no one node is "the shown"
  // one: a designer's trees and rocks may come from two nodes.
  std::shared_ptr<const InstanceSet> instances(const Document& doc,
                                               const PipelineControl& control = {});
  // A node's first output as the last runs left it (null when it was not
  // computed for the document as it is): the graph editor's previews.
  std::shared_ptr<const Heightfield> resultOf(const Document& doc, NodeId node) const;
  // Stages actually run by the last run() (0 when all came from the cache).
  int stagesRunLastTime() const { return evaluator_.nodesRunLastTime(); }
  void clear() { evaluator_.clear(); }
  // Memory for results older than the last run's (GraphEvaluator's budget).
  void setBudget(std::size_t bytes) { evaluator_.setBudget(bytes); }
  std::size_t cachedBytes() const { return evaluator_.cachedBytes(); }

 private:
  GraphEvaluator evaluator_;
  // The last merge of several nodes' instances, kept while they are the
  // same sets: a run that changes none of them returns the same merge.
  std::vector<std::shared_ptr<const InstanceSet>> instanceSources_;
  std::shared_ptr<const InstanceSet> mergedInstances_;
};

}  // namespace terrain

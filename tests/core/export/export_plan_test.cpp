// The one export plan (issue 37): no format carries a height that is not a
// number out. A NaN or an infinity forced into the map makes every format
// the CLI, the tiles and the window write refuse it, exit 1's IoError,
// with no file written; the same map made finite is written by each.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/pipeline.hpp"
#include "core/export/export_plan.hpp"
#include "core/export/outputs.hpp"
#include "core/look/color.hpp"
#include "core/nodes/registry.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

class ExportPlanFiles : public testing::ScratchDirTest {};

TEST_F(ExportPlanFiles, NoFormatWritesANonFiniteHeight) {
  Document doc = defaultDocument("diamond-square");
  chainSource(doc.graph).values[sourceStage("diamond-square").sizeIndex()] = 33;
  const Heightfield finite = runPipeline(doc);
  const ColorRamp ramp = loadLookRamp(doc);
  int formats = 0;
  for (const OutputFormat& format : outputFormats()) {
    if (format.needs == OutputNeeds::Window) continue;  // a rendered view, not the heights
    ++formats;
    const std::string file = path("out-" + std::string(format.key));
    ExportPlan plan;
    plan.outputs.push_back({&format, file, format.options.defaults});
    for (const float bad :
         {std::numeric_limits<float>::quiet_NaN(), std::numeric_limits<float>::infinity(),
          -std::numeric_limits<float>::infinity()}) {
      Heightfield field = finite;
      field.at(3, 1) = bad;
      const OutputInput in{doc, field, ramp, {}};
      try {
        writePlan(plan, doc, in);
        ADD_FAILURE() << format.key << " wrote a map holding " << bad;
      } catch (const IoError& e) {
        EXPECT_NE(std::string(e.what()).find("33x33 map holds"), std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("at sample (3, 1)"), std::string::npos) << e.what();
      }
      EXPECT_FALSE(std::filesystem::exists(file)) << format.key;
    }
    const OutputInput in{doc, finite, ramp, {}};
    if (!format.whyUnavailable(in).empty()) continue;  // a flow mask with no erosion
    writePlan(plan, doc, in);
    EXPECT_TRUE(std::filesystem::exists(file)) << format.key;
  }
  EXPECT_GE(formats, 8);
}

}  // namespace
}  // namespace terrain

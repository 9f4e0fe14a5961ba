#include "app/cli/export_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "app/cli/engine_package.hpp"
#include "app/cli/export_options.hpp"
#include "app/cli/export_status.hpp"
#include "app/cli/tile_export.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/document/pipeline.hpp"
#include "core/document/project.hpp"
#include "core/export/export_plan.hpp"
#include "core/export/outputs.hpp"
#include "core/io/atomic_file.hpp"
#include "core/look/color.hpp"

namespace terrain {
namespace {

using cli::failExport;
using cli::kExitBadInput;
using cli::kExitWriteFailed;
using cli::kExitWritten;

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// One line per written file: what it holds, its size and how long it took.
// The path as given, its control characters escaped for the terminal.
void reportWritten(std::FILE* report, const ExportPlan& plan, const OutputInput& input,
                   std::size_t index, const std::string& givenPath, double milliseconds) {
  const std::string path = escapeControl(givenPath);
  if (index >= plan.outputs.size()) {
    const bool sidecar = index == plan.outputs.size() && plan.sidecar;
    std::fprintf(sidecar ? report : stdout, "%s: %s\n", path.c_str(),
                 sidecar ? "sidecar JSON" : "project");
    return;
  }
  const OutputRequest& out = plan.outputs[index];
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(givenPath, ec);
  std::fprintf(report, "%s: %s, %llu bytes, %.0f ms\n", path.c_str(),
               out.format->describe(input, out.options).c_str(),
               static_cast<unsigned long long>(ec ? 0 : bytes), milliseconds);
}

// Before generating, so a long generation is not wasted on a bad path.
int refuseUnwritable(const ExportPlan& plan) {
  for (const OutputRequest& out : plan.outputs) {
    try {
      checkWritable(out.path);
    } catch (const IoError& e) {
      return failExport(kExitBadInput, "--" + std::string(out.format->key) + ": " + e.what());
    }
  }
  try {
    if (plan.sidecar) checkWritable(*plan.sidecar);
  } catch (const IoError& e) {
    return failExport(kExitBadInput, "--" + std::string(plan.outputs.front().format->key) +
                                         "'s sidecar (--no-sidecar leaves it out): " + e.what());
  }
  try {
    if (plan.projectOutput) checkWritable(*plan.projectOutput);
  } catch (const IoError& e) {
    return failExport(kExitBadInput, std::string("--save-project: ") + e.what());
  }
  return kExitWritten;
}

// What a file of the plan is called in messages: its flag.
std::string flagOf(const ExportPlan& plan, std::size_t index) {
  if (index < plan.outputs.size()) return "--" + std::string(plan.outputs[index].format->key);
  return index == plan.outputs.size() && plan.sidecar ? "sidecar" : "--save-project";
}

int writeExport(const cli::ExportOptions& o, const ColorRamp& ramp) {
  const ExportPlan& plan = o.plan;
  const Execution exec{o.threads};
  PlannedTerrain terrain;
  try {
    terrain = planTerrain(plan, o.doc, nullptr, PipelineControl{exec, nullptr, {}});
  } catch (const InputError& e) {
    return failExport(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return failExport(kExitWriteFailed,
                      "out of memory generating a " + defaultFileStem(o.doc) + " terrain");
  }
  const OutputInput input{terrain.doc,     *terrain.field,    ramp,           exec, plan.sideWidth,
                          plan.sideHeight, terrain.engineFit, plan.outputNode};
  // Before any file: a format this terrain cannot give leaves every output untouched.
  if (const auto unavailable = firstUnavailable(plan, input)) {
    return failExport(kExitBadInput, "--" + std::string(unavailable->output->format->key) + ": " +
                                         unavailable->why);
  }
  // Bytes piped to standard output ("-") are not mixed with the report.
  std::FILE* report =
      std::ranges::any_of(plan.outputs,
                          [](const OutputRequest& out) { return writesToStandardOutput(out.path); })
          ? stderr
          : stdout;
  std::size_t current = 0;
  auto start = std::chrono::steady_clock::now();
  PlanEvents events;
  events.writing = [&](std::size_t index, std::size_t bytes) {
    current = index;
    if (bytes == 0) start = std::chrono::steady_clock::now();
  };
  if (!o.quiet)
    events.written = [&](std::size_t index, const std::string& path) {
      reportWritten(report, plan, input, index, path, millisecondsSince(start));
    };
  try {
    writePlan(plan, o.doc, input, events);
  } catch (const InputError& e) {
    return failExport(kExitBadInput, flagOf(plan, current) + ": " + e.what());
  } catch (const IoError& e) {
    return failExport(kExitWriteFailed, flagOf(plan, current) + ": " + e.what());
  }
  if (o.terrain3dScript) {
    try {
      cli::writeTerrain3dScript(o, input);
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, std::string("--for godot: ") + e.what());
    }
    if (!o.quiet) std::fprintf(report, "%s: Terrain3D import script\n", o.terrain3dScript->c_str());
  }
  return kExitWritten;
}

int runExport(std::span<char*> args) {
  cli::ExportOptions o;
  try {
    o = cli::parseExportOptions(args);
  } catch (const std::runtime_error& e) {  // InputError, or IoError reading --project
    return failExport(kExitBadInput, e.what());
  }
  if (o.action == cli::ExportOptions::Action::Help) {
    std::fputs(cli::exportHelpText().c_str(), stdout);
    return kExitWritten;
  }
  if (o.action == cli::ExportOptions::Action::Version) {
    std::fputs(cli::versionText().c_str(), stdout);
    return kExitWritten;
  }

  std::optional<ColorRamp> ramp;
  try {
    ramp = loadLookRamp(o.doc);
  } catch (const std::runtime_error& e) {  // InputError or IoError: bad input either way
    return failExport(kExitBadInput, std::string("--ramp: ") + e.what());
  }
  if (o.tiles) return cli::runTiledExport(o, *ramp);
  if (const int status = refuseUnwritable(o.plan); status != kExitWritten) return status;
  return writeExport(o, *ramp);
}

}  // namespace

int runExportCommand(std::span<char*> args) {
  try {
    return runExport(args);
  } catch (const std::exception& e) {
    return failExport(kExitWriteFailed, e.what());
  } catch (...) {
    return failExport(kExitWriteFailed, "unexpected error");
  }
}

}  // namespace terrain

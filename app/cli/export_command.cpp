#include "app/cli/export_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <new>
#include <string>
#include <vector>

#include "app/cli/export_options.hpp"
#include "app/cli/export_status.hpp"
#include "app/cli/tile_export.hpp"
#include "core/atomic_file.hpp"
#include "core/color.hpp"
#include "core/error.hpp"
#include "core/export.hpp"
#include "core/export/sidecar.hpp"
#include "core/outputs.hpp"
#include "core/pipeline.hpp"
#include "core/project.hpp"

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
  // Before generating, so a long generation is not wasted on a bad path.
  for (const OutputRequest& out : o.outputs) {
    try {
      checkWritable(out.path);
    } catch (const IoError& e) {
      return failExport(kExitBadInput, "--" + std::string(out.format->key) + ": " + e.what());
    }
  }
  if (o.sidecar) {
    try {
      checkWritable(*o.sidecar);
    } catch (const IoError& e) {
      return failExport(kExitBadInput, "--" + std::string(o.outputs.front().format->key) +
                                           "'s sidecar (--no-sidecar leaves it out): " + e.what());
    }
  }
  if (o.projectOutput) {
    try {
      checkWritable(*o.projectOutput);
    } catch (const IoError& e) {
      return failExport(kExitBadInput, std::string("--save-project: ") + e.what());
    }
  }

  const Execution exec{o.threads};
  Heightfield field;
  try {
    field = runPipeline(o.doc, PipelineControl{exec, nullptr, {}});
  } catch (const InputError& e) {
    return failExport(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return failExport(kExitWriteFailed,
                      "out of memory generating a " + defaultFileStem(o.doc) + " terrain");
  }

  // An engine size: the map generated at the next size the source makes,
  // brought to the engine's side; the world follows a crop.
  Document outputDoc = o.doc;
  std::string engineFit;
  if (o.engineSize != nullptr) {
    const int generated = field.width;
    FittedMap fitted = fitToSide(field, o.doc.world, o.engineSize->side, o.fit);
    field = std::move(fitted.field);
    outputDoc.world = fitted.world;
    engineFit = describeFit(*o.engineSize, generated, o.fit);
  }
  const OutputInput input{outputDoc, field, *ramp, exec, o.sideWidth, o.sideHeight, engineFit};
  // Before any file: a format this terrain cannot give (a flow mask with no
  // erosion stage) leaves every output untouched.
  for (const OutputRequest& out : o.outputs) {
    if (out.format->unavailable == nullptr) continue;
    if (const std::string why = out.format->unavailable(input); !why.empty()) {
      return failExport(kExitBadInput, "--" + std::string(out.format->key) + ": " + why);
    }
  }
  // Bytes piped to standard output ("-") are not mixed with the report.
  const bool piped = std::ranges::any_of(
      o.outputs, [](const OutputRequest& out) { return writesToStandardOutput(out.path); });
  // One fsync per directory for every file below (a tile farm starts
  // thousands of these; each directory fsync is a disk round trip).
  DirectorySyncBatch directorySyncs;
  for (const OutputRequest& out : o.outputs) {
    const auto start =
        o.quiet ? std::chrono::steady_clock::time_point{} : std::chrono::steady_clock::now();
    try {
      out.format->write(out.path, input, out.options);
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, "--" + std::string(out.format->key) + ": " + e.what());
    }
    if (!o.quiet) {
      std::error_code ec;
      const auto bytes = std::filesystem::file_size(out.path, ec);
      std::fprintf(piped ? stderr : stdout, "%s: %s, %llu bytes, %.0f ms\n", out.path.c_str(),
                   out.format->describe(input, out.options).c_str(),
                   static_cast<unsigned long long>(ec ? 0 : bytes), millisecondsSince(start));
    }
  }
  if (o.sidecar) {
    try {
      writeSidecar(*o.sidecar, input, o.outputs, o.projectInput.value_or(""));
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, "sidecar: " + std::string(e.what()));
    }
    if (!o.quiet) std::fprintf(piped ? stderr : stdout, "%s: sidecar JSON\n", o.sidecar->c_str());
  }
  if (o.projectOutput) {
    try {
      saveProject(*o.projectOutput, o.doc);
    } catch (const IoError& e) {
      return failExport(kExitWriteFailed, std::string("--save-project: ") + e.what());
    }
    if (!o.quiet) std::printf("%s: project\n", o.projectOutput->c_str());
  }
  directorySyncs.sync();
  return kExitWritten;
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

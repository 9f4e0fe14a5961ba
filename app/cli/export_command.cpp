#include "app/cli/export_command.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <new>
#include <string>
#include <vector>

#include "app/cli/export_options.hpp"
#include "core/atomic_file.hpp"
#include "core/color.hpp"
#include "core/error.hpp"
#include "core/export.hpp"
#include "core/generator.hpp"

namespace terrain {
namespace {

constexpr int kExitWritten = 0;
constexpr int kExitWriteFailed = 1;
constexpr int kExitBadInput = 2;

// Exactly one line on stderr, whatever the message holds.
int fail(int status, std::string message) {
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  std::fprintf(stderr, "terrain-explorer export: %s\n", message.c_str());
  return status;
}

bool isBuiltinRamp(std::string_view name) {
  for (auto n : builtinRampNames()) {
    if (n == name) return true;
  }
  return false;
}

ColorRamp loadRamp(const cli::ExportOptions& o) {
  if (!o.ramp) return builtinRamp(cli::defaultRampName(o.spec));
  const std::string& arg = *o.ramp;
  if (isBuiltinRamp(arg)) return builtinRamp(arg);
  if (arg.ends_with(".png") || arg.find('/') != std::string::npos || std::filesystem::exists(arg)) {
    return ColorRamp::fromPng(arg);
  }
  std::string names;
  for (auto n : builtinRampNames()) {
    if (!names.empty()) names += ", ";
    names += n;
  }
  throw InputError("'" + arg + "' is neither a built-in ramp (" + names + ") nor a .png file");
}

struct Output {
  const char* flag;
  std::string path;
  std::string what;             // for the success line
  std::function<void()> write;  // throws IoError
};

std::vector<Output> plannedOutputs(const cli::ExportOptions& o, const Heightfield& field,
                                   const ColorRamp& ramp, const Execution& exec) {
  const auto water = static_cast<float>(o.spec.water);
  const std::string size = std::to_string(field.width) + "x" + std::to_string(field.height);
  std::vector<Output> out;
  if (o.heightmapPath) {
    out.push_back({"heightmap", *o.heightmapPath, size + " 16-bit grey heightmap",
                   [&field, path = *o.heightmapPath] { writeHeightmapPng(path, field); }});
  }
  if (o.colorPath && field.isProfile()) {
    out.push_back({"color", *o.colorPath,
                   std::to_string(o.sideWidth) + "x" + std::to_string(o.sideHeight) +
                       " RGB side view (" + ramp.name() + ")",
                   [&field, &ramp, &o, water] {
                     writeSideViewPng(*o.colorPath, field, ramp, water, o.sideWidth, o.sideHeight);
                   }});
  } else if (o.colorPath) {
    out.push_back(
        {"color", *o.colorPath,
         size + " RGB map (" + ramp.name() + (cli::hillshadeFor(o) ? ", hillshade)" : ")"),
         [&field, &ramp, &o, &exec, water] {
           writeMapPng(*o.colorPath, field, ramp, water, cli::hillshadeFor(o), exec);
         }});
  }
  if (o.rawPath) {
    out.push_back({"raw", *o.rawPath, size + " float32 raw",
                   [&field, path = *o.rawPath] { writeRawFloat32(path, field); }});
  }
  return out;
}

double millisecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

int runExport(std::span<char*> args) {
  cli::ExportOptions o;
  try {
    o = cli::parseExportOptions(args);
  } catch (const InputError& e) {
    return fail(kExitBadInput, e.what());
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
    ramp = loadRamp(o);
  } catch (const std::runtime_error& e) {  // InputError or IoError: bad input either way
    return fail(kExitBadInput, std::string("--ramp: ") + e.what());
  }
  // Before generating, so a long generation is not wasted on a bad path.
  const std::pair<const char*, const std::optional<std::string>*> paths[] = {
      {"heightmap", &o.heightmapPath}, {"color", &o.colorPath}, {"raw", &o.rawPath}};
  for (const auto& [flag, path] : paths) {
    if (!*path) continue;
    try {
      checkWritable(**path);
    } catch (const IoError& e) {
      return fail(kExitBadInput, std::string("--") + flag + ": " + e.what());
    }
  }

  const Execution exec{o.threads};
  Heightfield field;
  try {
    field = generateTerrain(o.spec, exec);
  } catch (const InputError& e) {
    return fail(kExitBadInput, e.what());
  } catch (const std::bad_alloc&) {
    return fail(kExitWriteFailed,
                "out of memory generating a " + std::to_string(o.spec.size) + "-sample " +
                    std::string(generatorInfo(o.spec.generator).key) + " terrain");
  }

  // Bytes piped to standard output ("-") are not mixed with the report.
  const bool piped = std::ranges::any_of(
      paths, [](const auto& p) { return *p.second && writesToStandardOutput(**p.second); });
  for (const Output& output : plannedOutputs(o, field, *ramp, exec)) {
    const auto start = std::chrono::steady_clock::now();
    try {
      output.write();
    } catch (const IoError& e) {
      return fail(kExitWriteFailed, std::string("--") + output.flag + ": " + e.what());
    }
    if (!o.quiet) {
      std::error_code ec;
      const auto bytes = std::filesystem::file_size(output.path, ec);
      std::fprintf(piped ? stderr : stdout, "%s: %s, %llu bytes, %.0f ms\n", output.path.c_str(),
                   output.what.c_str(), static_cast<unsigned long long>(ec ? 0 : bytes),
                   millisecondsSince(start));
    }
  }
  return kExitWritten;
}

}  // namespace

int runExportCommand(std::span<char*> args) {
  try {
    return runExport(args);
  } catch (const std::exception& e) {
    return fail(kExitWriteFailed, e.what());
  } catch (...) {
    return fail(kExitWriteFailed, "unexpected error");
  }
}

}  // namespace terrain

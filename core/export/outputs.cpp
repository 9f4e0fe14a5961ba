#include "core/export/outputs.hpp"

#include <filesystem>

#include "core/base/error.hpp"
#include "core/export/format_rows.hpp"
#include "core/export/scatter_formats.hpp"
#include "core/export/water_formats.hpp"
#include "core/look/image.hpp"

namespace terrain {
namespace {

// Made once, on first use: the options' schemas come from their tables. The
// order is --help's and the panel's.
std::vector<OutputFormat> makeFormats() {
  using namespace format_rows;
  std::vector<OutputFormat> all = {heightmapFormat(), r16Format(),   rawFormat(), exrFormat(),
                                   normalsFormat(),   colorFormat(), objFormat(), glbFormat()};
  for (OutputFormat& mask : maskFormats()) all.push_back(std::move(mask));
  for (OutputFormat& water : waterFormats()) all.push_back(std::move(water));
  for (OutputFormat& instances : scatterFormats()) all.push_back(std::move(instances));
  for (OutputFormat (*row)() : {&splatFormat, &splat2Format, &weightFormat, &terrain3dHeightFormat,
                                &terrain3dControlFormat, &terrain3dColorFormat, &viewFormat}) {
    all.push_back(row());
  }
  return all;
}

const std::vector<OutputFormat>& formats() {
  static const std::vector<OutputFormat> all = makeFormats();
  return all;
}

}  // namespace

std::span<const OutputFormat> outputFormats() {
  return formats();
}

const OutputFormat* findOutputFormat(std::string_view key) {
  for (const OutputFormat& f : formats()) {
    if (f.key == key) return &f;
  }
  return nullptr;
}

std::optional<FormatOptionRef> findFormatOption(std::string_view key) {
  for (const OutputFormat& f : formats()) {
    for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
      if (f.options.infos[i].key == key) return FormatOptionRef{&f, i};
    }
  }
  return std::nullopt;
}

ColorRamp loadLookRamp(const Document& doc) {
  const std::string name = resolvedRampName(doc);
  if (isBuiltinRamp(name)) return builtinRamp(name);
  if (name.ends_with(".png") || name.find('/') != std::string::npos ||
      std::filesystem::exists(name)) {
    return ColorRamp::fromPng(name);
  }
  std::string names;
  for (auto n : builtinRampNames()) {
    if (!names.empty()) names += ", ";
    names += n;
  }
  throw InputError("'" + name + "' is neither a built-in ramp (" + names + ") nor a .png file");
}

}  // namespace terrain

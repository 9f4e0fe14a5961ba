// The Scatter node's instances as tables: a CSV an Unreal data table
// imports (a unique row name, the species, an FTransform in centimetres)
// and our JSON in metres with the species table.
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>

#include "core/export/scatter_formats.hpp"
#include "core/io/atomic_file.hpp"
#include "core/scatter/scatter_species.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

std::string number(const char* format, double v) {
  char text[64];
  std::snprintf(text, sizeof text, format, v + 0.0);  // -0 -> 0
  return text;
}

void writeBytes(const std::string& path, const std::string& text) {
  writeFileAtomically(path, [&](AtomicFile& file) { file.write(text.data(), text.size()); });
}

}  // namespace

void writeInstancesCsv(const std::string& path, const InstanceSet& set, const World& world) {
  // A row name is unique in the world, not only the file: species and place in cm.
  std::string text = "Name,Species,Transform\n";
  for (const ScatterInstance& i : set.instances) {
    const std::string& species = set.species[i.species].name;
    const double x = i.x * 100.0, y = i.y * 100.0;
    const double z = (world.baseElevation + static_cast<double>(i.height)) * 100.0;
    const std::array<double, 4> q = instanceQuaternion(i);
    const auto s = static_cast<double>(i.scale);
    // Built by += alone: GCC 12's -Wrestrict misreads chains of +.
    text += species;
    text += '_';
    text += number("%.0f", std::round(x));
    text += '_';
    text += number("%.0f", std::round(y));
    text += ',';
    text += species;
    const auto field = [&](const char* name, const char* format, double v) {
      text += name;
      text += number(format, v);
    };
    field(",\"(Rotation=(X=", "%.9g", q[0]);
    field(",Y=", "%.9g", q[1]);
    field(",Z=", "%.9g", q[2]);
    field(",W=", "%.9g", q[3]);
    field("),Translation=(X=", "%.3f", x);
    field(",Y=", "%.3f", y);
    field(",Z=", "%.3f", z);
    field("),Scale3D=(X=", "%.9g", s);
    field(",Y=", "%.9g", s);
    field(",Z=", "%.9g", s);
    text += "))\"\n";
  }
  writeBytes(path, text);
}

void writeInstancesJson(const std::string& path, const InstanceSet& set, const World& world) {
  Json species = Json::array();
  for (std::size_t k = 0; k < set.species.size(); ++k) {
    species.push_back(
        {{"index", k},
         {"name", set.species[k].name},
         {"shape", scatterShapeName(static_cast<ScatterShape>(set.species[k].shape))}});
  }
  Json rows = Json::array();
  for (const ScatterInstance& i : set.instances) {
    rows.push_back(
        Json::array({i.species, i.x, i.y, world.baseElevation + static_cast<double>(i.height),
                     static_cast<double>(i.rotation) * 180.0 / std::numbers::pi, i.scale, i.upX,
                     i.upY, i.upZ}));
  }
  const Json out = {
      {"format", "terrain-explorer instances"},
      {"version", 1},
      {"frame",
       "metres: x east and y south from the world's first sample, z above sea level; rotation "
       "in degrees about the instance's up, east turning towards south; up the unit vector the "
       "instance stands along (z up)"},
      {"cellMetres", set.cellMetres},
      {"window",
       {{"x0", set.window.x0},
        {"y0", set.window.y0},
        {"width", set.window.width},
        {"height", set.window.height}}},
      {"species", std::move(species)},
      {"columns", {"species", "x", "y", "z", "rotation", "scale", "upX", "upY", "upZ"}},
      {"instances", std::move(rows)}};
  writeBytes(path, out.dump() + "\n");
}

}  // namespace terrain

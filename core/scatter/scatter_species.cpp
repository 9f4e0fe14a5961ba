#include "core/scatter/scatter_species.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"

namespace terrain {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::string_view kShapeNames[] = {"cone", "sphere", "box"};
constexpr std::string_view kKeys[] = {
    "name",        "shape",      "density",   "spacing",   "scaleMin", "scaleMax", "rotationMin",
    "rotationMax", "slopeAlign", "heightMin", "heightMax", "maxSlope", "mask",     "clearance"};
constexpr std::size_t kMaxName = 40;
constexpr double kMaxHeight = 1.0e5;  // metres above or below sea level

std::string speciesName(std::size_t index) {
  return "species " + std::to_string(index + 1);
}

[[noreturn]] void refuse(std::size_t index, const std::string& what) {
  throw InputError(speciesName(index) + ": " + what);
}

void checkNumber(std::size_t index, std::string_view key, double v, double low, double high) {
  if (!std::isfinite(v) || v < low || v > high) {
    char message[160];
    std::snprintf(message, sizeof message, "'%.*s' %g is out of range; allowed: %g to %g",
                  static_cast<int>(key.size()), key.data(), v, low, high);
    refuse(index, message);
  }
}

void checkOrder(std::size_t index, std::string_view low, double a, std::string_view high,
                double b) {
  if (a > b) {
    char message[160];
    std::snprintf(message, sizeof message, "'%.*s' %g is above '%.*s' %g",
                  static_cast<int>(low.size()), low.data(), a, static_cast<int>(high.size()),
                  high.data(), b);
    refuse(index, message);
  }
}

// A name goes into CSV rows and glTF node names as it is: letters, digits,
// space, '-', '_' and '.', so no file needs quoting.
void checkName(std::size_t index, const std::string& name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == ' ' || c == '-' || c == '_' ||
           c == '.';
  });
  if (name.empty() || name.size() > kMaxName || !plain) {
    refuse(index, "'name' " + excerpt(name) + " must be 1 to " + std::to_string(kMaxName) +
                      " letters, digits, spaces, '-', '_' or '.'");
  }
}

void checkSpecies(const SpeciesList& list) {
  if (list.empty() || list.size() > kMaxSpecies) {
    throw InputError("species: " + std::to_string(list.size()) + " species; allowed: 1 to " +
                     std::to_string(kMaxSpecies));
  }
  for (std::size_t s = 0; s < list.size(); ++s) {
    const SpeciesRules& r = list[s];
    const ScatterSpecies& p = r.placing;
    checkName(s, r.name);
    for (std::size_t t = 0; t < s; ++t) {
      if (list[t].name == r.name) {
        refuse(s, "'name' " + excerpt(r.name) + " is also " + speciesName(t) + "'s; names differ");
      }
    }
    checkNumber(s, "density", p.density, 0.0, 1.0e4);
    checkNumber(s, "spacing", p.spacing, 0.1, 1000.0);
    checkNumber(s, "scaleMin", p.scaleMin, 0.01, 100.0);
    checkNumber(s, "scaleMax", p.scaleMax, 0.01, 100.0);
    checkOrder(s, "scaleMin", p.scaleMin, "scaleMax", p.scaleMax);
    checkNumber(s, "rotationMin", p.rotationMin, -360.0, 360.0);
    checkNumber(s, "rotationMax", p.rotationMax, -360.0, 360.0);
    checkOrder(s, "rotationMin", p.rotationMin, "rotationMax", p.rotationMax);
    checkNumber(s, "slopeAlign", p.slopeAlign, 0.0, 1.0);
    checkNumber(s, "heightMin", r.heightMin, -kMaxHeight, kMaxHeight);
    checkNumber(s, "heightMax", r.heightMax, -kMaxHeight, kMaxHeight);
    checkOrder(s, "heightMin", r.heightMin, "heightMax", r.heightMax);
    checkNumber(s, "maxSlope", r.maxSlope, 0.0, 90.0);
    checkNumber(s, "mask", r.mask, 0.0, kScatterMasks);
    checkNumber(s, "clearance", r.clearance, 0.0, 1000.0);
  }
}

double numberAt(const Json& object, std::string_view key, std::size_t index, double fallback) {
  const auto it = object.find(std::string(key));
  if (it == object.end()) return fallback;
  if (!it->is_number()) {
    refuse(index, excerpt(key) + " must be a number, not " + excerpt(it->dump()));
  }
  return it->get<double>();
}

SpeciesRules speciesFromJson(const Json& j, std::size_t index) {
  if (!j.is_object()) refuse(index, "must be an object {\"name\", \"density\", ...}");
  std::string allowed;
  for (const std::string_view key : kKeys) {
    if (!allowed.empty()) allowed += ", ";
    allowed += key;
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (std::find(std::begin(kKeys), std::end(kKeys), it.key()) == std::end(kKeys)) {
      refuse(index, "unknown key " + excerpt(it.key()) + "; allowed: " + allowed);
    }
  }
  SpeciesRules r;
  if (const auto name = j.find("name"); name != j.end()) {
    if (!name->is_string()) refuse(index, "'name' must be a string, not " + excerpt(name->dump()));
    r.name = name->get<std::string>();
  }
  if (const auto shape = j.find("shape"); shape != j.end()) {
    const auto known = std::find(std::begin(kShapeNames), std::end(kShapeNames),
                                 shape->is_string() ? shape->get<std::string>() : std::string());
    if (known == std::end(kShapeNames)) {
      refuse(index, "'shape' " + excerpt(shape->dump()) + " is not one of cone, sphere, box");
    }
    r.shape = static_cast<ScatterShape>(known - std::begin(kShapeNames));
  }
  ScatterSpecies& p = r.placing;
  p.density = numberAt(j, "density", index, p.density);
  p.spacing = numberAt(j, "spacing", index, p.spacing);
  p.scaleMin = numberAt(j, "scaleMin", index, p.scaleMin);
  p.scaleMax = numberAt(j, "scaleMax", index, p.scaleMax);
  p.rotationMin = numberAt(j, "rotationMin", index, p.rotationMin);
  p.rotationMax = numberAt(j, "rotationMax", index, p.rotationMax);
  p.slopeAlign = numberAt(j, "slopeAlign", index, p.slopeAlign);
  r.heightMin = numberAt(j, "heightMin", index, r.heightMin);
  r.heightMax = numberAt(j, "heightMax", index, r.heightMax);
  r.maxSlope = numberAt(j, "maxSlope", index, r.maxSlope);
  const double mask = numberAt(j, "mask", index, r.mask);
  if (mask != std::floor(mask) || mask < 0 || mask > kScatterMasks) {
    char message[120];
    std::snprintf(message, sizeof message, "'mask' %g is not a mask input; allowed: 0 (none) to %d",
                  mask, kScatterMasks);
    refuse(index, message);
  }
  r.mask = static_cast<int>(mask);
  r.clearance = numberAt(j, "clearance", index, r.clearance);
  return r;
}

// Parsed lists by id, shared: a node's run reads them without parsing.
struct ParsedTable {
  std::mutex mutex;
  std::map<double, std::shared_ptr<const SpeciesList>> parsed;
};

ParsedTable& parsedTable() {
  static ParsedTable table;
  return table;
}

}  // namespace

bool SpeciesRules::operator==(const SpeciesRules& o) const {
  const ScatterSpecies& a = placing;
  const ScatterSpecies& b = o.placing;
  return name == o.name && shape == o.shape && a.density == b.density && a.spacing == b.spacing &&
         a.scaleMin == b.scaleMin && a.scaleMax == b.scaleMax && a.rotationMin == b.rotationMin &&
         a.rotationMax == b.rotationMax && a.slopeAlign == b.slopeAlign &&
         heightMin == o.heightMin && heightMax == o.heightMax && maxSlope == o.maxSlope &&
         mask == o.mask && clearance == o.clearance;
}

std::string_view scatterShapeName(ScatterShape shape) {
  return kShapeNames[static_cast<std::size_t>(shape)];
}

std::string speciesText(const SpeciesList& species) {
  Json out = Json::array();
  for (const SpeciesRules& r : species) {
    const ScatterSpecies& p = r.placing;
    out.push_back(Json{{"name", r.name},
                       {"shape", scatterShapeName(r.shape)},
                       {"density", p.density},
                       {"spacing", p.spacing},
                       {"scaleMin", p.scaleMin},
                       {"scaleMax", p.scaleMax},
                       {"rotationMin", p.rotationMin},
                       {"rotationMax", p.rotationMax},
                       {"slopeAlign", p.slopeAlign},
                       {"heightMin", r.heightMin},
                       {"heightMax", r.heightMax},
                       {"maxSlope", r.maxSlope},
                       {"mask", r.mask},
                       {"clearance", r.clearance}});
  }
  return out.dump();
}

SpeciesList parseSpecies(std::string_view text) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    throw InputError("species: not JSON (" + excerpt(e.what()) + ")");
  }
  if (!j.is_array()) {
    throw InputError("species: must be an array [{\"name\": ..., \"density\": ...}, ...]");
  }
  SpeciesList list;
  for (std::size_t i = 0; i < j.size() && i <= kMaxSpecies; ++i) {
    list.push_back(speciesFromJson(j[i], i));
  }
  if (j.size() > kMaxSpecies) list.resize(j.size());  // refused by count below
  checkSpecies(list);
  return list;
}

double speciesId(const SpeciesList& species) {
  checkSpecies(species);
  const double id = textId(speciesText(species));
  ParsedTable& table = parsedTable();
  const std::lock_guard lock(table.mutex);
  if (!table.parsed.contains(id)) {
    table.parsed.emplace(id, std::make_shared<const SpeciesList>(species));
  }
  return id;
}

bool isSpeciesId(double id) {
  {
    ParsedTable& table = parsedTable();
    const std::lock_guard lock(table.mutex);
    if (table.parsed.contains(id)) return true;
  }
  const std::string* text = findText(id);
  if (text == nullptr) return false;
  try {
    speciesId(parseSpecies(*text));
    return true;
  } catch (const InputError&) {
    return false;
  }
}

const SpeciesList& speciesOf(double id) {
  if (!isSpeciesId(id)) throw std::logic_error("no species list has the id " + std::to_string(id));
  ParsedTable& table = parsedTable();
  const std::lock_guard lock(table.mutex);
  return *table.parsed.at(id);  // never erased: the reference stays valid
}

ParamInfo speciesParam(std::string_view key, std::string_view label, std::string_view help) {
  static constexpr ParamCodec codec{
      [](std::string_view text) { return speciesId(parseSpecies(text)); }, isSpeciesId};
  ParamInfo info{key, label, "", help, ParamType::Strokes, 0, 0};
  info.expects =
      "species: a JSON array [{\"name\": \"pines\", \"shape\": \"cone\", \"density\": 100, "
      "\"spacing\": 4, ...}, ...]";
  info.codec = &codec;
  return info;
}

double defaultSpeciesId() {
  static const double id = [] {
    SpeciesRules trees;
    trees.name = "trees";
    trees.placing = {150.0, 4.0, 0.8, 1.3, 0.0, 360.0, 0.0};
    trees.heightMin = 0.0;
    trees.heightMax = 1500.0;
    trees.maxSlope = 30.0;
    trees.clearance = 2.0;
    SpeciesRules rocks;
    rocks.name = "rocks";
    rocks.shape = ScatterShape::Box;
    rocks.placing = {40.0, 6.0, 0.5, 2.0, 0.0, 360.0, 0.8};
    rocks.maxSlope = 60.0;
    return speciesId({trees, rocks});
  }();
  return id;
}

}  // namespace terrain

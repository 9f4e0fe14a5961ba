#include "core/scatter/scatter_species.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/base/error.hpp"
#include "core/base/list_param.hpp"
#include "core/base/quote.hpp"

namespace terrain {
namespace {

constexpr std::string_view kShapeNames[] = {"cone", "sphere", "box"};
constexpr std::string_view kKeys[] = {
    "name",        "shape",      "density",   "spacing",   "scaleMin", "scaleMax", "rotationMin",
    "rotationMax", "slopeAlign", "heightMin", "heightMax", "maxSlope", "mask",     "clearance"};
constexpr std::size_t kMaxName = 40;
constexpr double kMaxHeight = 1.0e5;  // metres above or below sea level

std::string speciesName(std::size_t index) {
  return "species " + std::to_string(index + 1);
}

void checkOrder(const ListItem& item, std::string_view low, double a, std::string_view high,
                double b) {
  if (a > b) {
    char message[160];
    std::snprintf(message, sizeof message, "'%.*s' %g is above '%.*s' %g",
                  static_cast<int>(low.size()), low.data(), a, static_cast<int>(high.size()),
                  high.data(), b);
    item.refuse(message);
  }
}

// A name goes into CSV rows and glTF node names as it is: letters, digits,
// space, '-', '_' and '.', so no file needs quoting.
void checkName(const ListItem& item, const std::string& name) {
  const bool plain = std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == ' ' || c == '-' || c == '_' ||
           c == '.';
  });
  if (name.empty() || name.size() > kMaxName || !plain) {
    item.refuse("'name' " + excerpt(name) + " must be 1 to " + std::to_string(kMaxName) +
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
    const ListItem item(speciesName(s));
    checkName(item, r.name);
    for (std::size_t t = 0; t < s; ++t) {
      if (list[t].name == r.name) {
        item.refuse("'name' " + excerpt(r.name) + " is also " + speciesName(t) +
                    "'s; names differ");
      }
    }
    item.checkNumber("density", p.density, 0.0, 1.0e4);
    item.checkNumber("spacing", p.spacing, 0.1, 1000.0);
    item.checkNumber("scaleMin", p.scaleMin, 0.01, 100.0);
    item.checkNumber("scaleMax", p.scaleMax, 0.01, 100.0);
    checkOrder(item, "scaleMin", p.scaleMin, "scaleMax", p.scaleMax);
    item.checkNumber("rotationMin", p.rotationMin, -360.0, 360.0);
    item.checkNumber("rotationMax", p.rotationMax, -360.0, 360.0);
    checkOrder(item, "rotationMin", p.rotationMin, "rotationMax", p.rotationMax);
    item.checkNumber("slopeAlign", p.slopeAlign, 0.0, 1.0);
    item.checkNumber("heightMin", r.heightMin, -kMaxHeight, kMaxHeight);
    item.checkNumber("heightMax", r.heightMax, -kMaxHeight, kMaxHeight);
    checkOrder(item, "heightMin", r.heightMin, "heightMax", r.heightMax);
    item.checkNumber("maxSlope", r.maxSlope, 0.0, 90.0);
    item.checkNumber("mask", r.mask, 0.0, kScatterMasks);
    item.checkNumber("clearance", r.clearance, 0.0, 1000.0);
  }
}

SpeciesRules speciesFromJson(const ListJson& j, std::size_t index) {
  const ListItem item(speciesName(index));
  item.checkObject(j, kKeys, "{\"name\", \"density\", ...}");
  SpeciesRules r;
  if (const auto name = j.find("name"); name != j.end()) {
    if (!name->is_string()) item.refuse("'name' must be a string, not " + excerpt(name->dump()));
    r.name = name->get<std::string>();
  }
  if (const auto shape = j.find("shape"); shape != j.end()) {
    const auto known = std::find(std::begin(kShapeNames), std::end(kShapeNames),
                                 shape->is_string() ? shape->get<std::string>() : std::string());
    if (known == std::end(kShapeNames)) {
      item.refuse("'shape' " + excerpt(shape->dump()) + " is not one of cone, sphere, box");
    }
    r.shape = static_cast<ScatterShape>(known - std::begin(kShapeNames));
  }
  ScatterSpecies& p = r.placing;
  p.density = item.numberAt(j, "density", p.density);
  p.spacing = item.numberAt(j, "spacing", p.spacing);
  p.scaleMin = item.numberAt(j, "scaleMin", p.scaleMin);
  p.scaleMax = item.numberAt(j, "scaleMax", p.scaleMax);
  p.rotationMin = item.numberAt(j, "rotationMin", p.rotationMin);
  p.rotationMax = item.numberAt(j, "rotationMax", p.rotationMax);
  p.slopeAlign = item.numberAt(j, "slopeAlign", p.slopeAlign);
  r.heightMin = item.numberAt(j, "heightMin", r.heightMin);
  r.heightMax = item.numberAt(j, "heightMax", r.heightMax);
  r.maxSlope = item.numberAt(j, "maxSlope", r.maxSlope);
  const double mask = item.numberAt(j, "mask", r.mask);
  if (mask != std::floor(mask) || mask < 0 || mask > kScatterMasks) {
    char message[120];
    std::snprintf(message, sizeof message, "'mask' %g is not a mask input; allowed: 0 (none) to %d",
                  mask, kScatterMasks);
    item.refuse(message);
  }
  r.mask = static_cast<int>(mask);
  r.clearance = item.numberAt(j, "clearance", r.clearance);
  return r;
}

using SpeciesIds = ListIds<SpeciesList, speciesText, parseSpecies, checkSpecies>;

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
  ListJson out = ListJson::array();
  for (const SpeciesRules& r : species) {
    const ScatterSpecies& p = r.placing;
    out.push_back(ListJson{{"name", r.name},
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
  const ListJson j = parseListJson(text, "species", "[{\"name\": ..., \"density\": ...}, ...]");
  SpeciesList list;
  for (std::size_t i = 0; i < j.size() && i <= kMaxSpecies; ++i) {
    list.push_back(speciesFromJson(j[i], i));
  }
  if (j.size() > kMaxSpecies) list.resize(j.size());  // refused by count below
  checkSpecies(list);
  return list;
}

double speciesId(const SpeciesList& species) {
  return SpeciesIds::id(species);
}

bool isSpeciesId(double id) {
  return SpeciesIds::isId(id);
}

const SpeciesList& speciesOf(double id) {
  return SpeciesIds::of(id, "no species list has the id ");
}

ParamInfo speciesParam(std::string_view key, std::string_view label, std::string_view help) {
  ParamInfo info{key, label, "", help, ParamType::Strokes, 0, 0};
  info.expects =
      "species: a JSON array [{\"name\": \"pines\", \"shape\": \"cone\", \"density\": 100, "
      "\"spacing\": 4, ...}, ...]";
  info.codec = SpeciesIds::codec();
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

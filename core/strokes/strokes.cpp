#include "core/strokes/strokes.hpp"

#include <cmath>
#include <cstdio>

#include "core/base/error.hpp"
#include "core/base/list_param.hpp"
#include "core/base/quote.hpp"

namespace terrain {
namespace {

constexpr std::string_view kModeNames[] = {"raise", "lower", "smooth", "flatten",
                                           "paint", "erase", "path"};
constexpr std::string_view kKeys[] = {"mode", "radius", "strength", "hardness", "height", "points"};

ListItem strokeItem(std::size_t index) {
  return ListItem("strokes: stroke " + std::to_string(index + 1));
}

// A point beyond any brush's reach of the widest world is bad input: it
// could touch no world, and would only make the work and the profiles long.
void checkPoint(const ListItem& item, std::size_t k, const std::array<double, 2>& p) {
  const auto inRange = [](double v) {
    return std::isfinite(v) && v >= kMinStrokeCoordinate && v <= kMaxStrokeCoordinate;
  };
  if (inRange(p[0]) && inRange(p[1])) return;
  char message[240];
  std::snprintf(message, sizeof message,
                "point %zu (%g, %g) is out of range; allowed: %g to %g metres on either axis "
                "(the widest world and a brush's largest radius around it)",
                k + 1, p[0], p[1], kMinStrokeCoordinate, kMaxStrokeCoordinate);
  item.refuse(message);
}

void checkStrokes(const Strokes& strokes) {
  if (strokes.size() > kMaxStrokes) {
    throw InputError("strokes: " + std::to_string(strokes.size()) + " strokes; at most " +
                     std::to_string(kMaxStrokes));
  }
  std::size_t points = 0;
  for (std::size_t s = 0; s < strokes.size(); ++s) {
    const Stroke& stroke = strokes[s];
    const ListItem item = strokeItem(s);
    item.checkNumber("radius", stroke.radius, 1.0e-3, kMaxBrushRadius);
    item.checkNumber("strength", stroke.strength, 0.0, 1.0);
    item.checkNumber("hardness", stroke.hardness, 0.0, 1.0);
    item.checkNumber("height", stroke.height, -kMaxBrushHeight, kMaxBrushHeight);
    if (stroke.points.empty()) item.refuse("no points; a stroke has at least one");
    for (std::size_t k = 0; k < stroke.points.size(); ++k) checkPoint(item, k, stroke.points[k]);
    points += stroke.points.size();
  }
  if (points > kMaxStrokePoints) {
    throw InputError("strokes: " + std::to_string(points) + " points; at most " +
                     std::to_string(kMaxStrokePoints));
  }
}

StrokeMode modeAt(const ListJson& object, const ListItem& item) {
  const auto it = object.find("mode");
  if (it == object.end())
    item.refuse("no 'mode'; allowed: raise, lower, smooth, flatten, paint, erase, path");
  if (it->is_string()) {
    for (std::size_t m = 0; m < std::size(kModeNames); ++m) {
      if (kModeNames[m] == it->get_ref<const std::string&>()) return static_cast<StrokeMode>(m);
    }
  }
  item.refuse("'mode' " + excerpt(it->dump()) +
              " is not one of raise, lower, smooth, flatten, paint, erase, path");
}

Stroke strokeFromJson(const ListJson& j, std::size_t index) {
  const ListItem item = strokeItem(index);
  item.checkObject(j, kKeys, "{\"mode\", \"radius\", ..., \"points\"}");
  Stroke stroke;
  stroke.mode = modeAt(j, item);
  stroke.radius = item.numberAt(j, "radius", stroke.radius);
  stroke.strength = item.numberAt(j, "strength", stroke.strength);
  stroke.hardness = item.numberAt(j, "hardness", stroke.hardness);
  stroke.height = item.numberAt(j, "height", stroke.height);
  const auto points = j.find("points");
  if (points == j.end() || !points->is_array())
    item.refuse("'points' must be [[x, y], ...] in metres");
  for (const ListJson& p : *points) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
      item.refuse("a point must be [x, y] in metres, not " + excerpt(p.dump()));
    }
    stroke.points.push_back({p[0].get<double>(), p[1].get<double>()});
  }
  return stroke;
}

using StrokesIds = ListIds<Strokes, strokesText, parseStrokes, checkStrokes>;

}  // namespace

std::string_view strokeModeName(StrokeMode mode) {
  return kModeNames[static_cast<std::size_t>(mode)];
}

std::string strokesText(const Strokes& strokes) {
  ListJson out = ListJson::array();
  for (const Stroke& s : strokes) {
    ListJson points = ListJson::array();
    for (const auto& p : s.points) points.push_back(ListJson::array({p[0], p[1]}));
    out.push_back(ListJson{{"mode", strokeModeName(s.mode)},
                           {"radius", s.radius},
                           {"strength", s.strength},
                           {"hardness", s.hardness},
                           {"height", s.height},
                           {"points", std::move(points)}});
  }
  return out.dump();
}

Strokes parseStrokes(std::string_view text) {
  const ListJson j = parseListJson(text, "strokes", "[{\"mode\": ..., \"points\": ...}, ...]");
  Strokes strokes;
  for (std::size_t i = 0; i < j.size(); ++i) strokes.push_back(strokeFromJson(j[i], i));
  checkStrokes(strokes);
  return strokes;
}

double strokesId(const Strokes& strokes) {
  return StrokesIds::id(strokes);
}

bool isStrokesId(double id) {
  return StrokesIds::isId(id);
}

const Strokes& strokesOf(double id) {
  return StrokesIds::of(id, "no strokes have the id ");
}

ParamInfo strokesParam(std::string_view key, std::string_view label, std::string_view help,
                       std::string_view expects) {
  ParamInfo info{key, label, "", help, ParamType::Strokes, 0, 0};
  info.expects = expects;
  info.codec = StrokesIds::codec();
  return info;
}

const Strokes& noStrokes() {
  static const Strokes none;
  return none;
}

double noStrokesId() {
  static const double id = strokesId(noStrokes());
  return id;
}

}  // namespace terrain

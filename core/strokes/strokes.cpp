#include "core/strokes/strokes.hpp"

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

constexpr std::string_view kModeNames[] = {"raise", "lower", "smooth", "flatten",
                                           "paint", "erase", "path"};

std::string strokeName(std::size_t index) {
  return "stroke " + std::to_string(index + 1);
}

[[noreturn]] void refuse(std::size_t index, const std::string& what) {
  throw InputError("strokes: " + strokeName(index) + ": " + what);
}

void checkNumber(std::size_t index, std::string_view key, double v, double low, double high) {
  if (!std::isfinite(v) || v < low || v > high) {
    char message[160];
    std::snprintf(message, sizeof message, "'%.*s' %g is out of range; allowed: %g to %g",
                  static_cast<int>(key.size()), key.data(), v, low, high);
    refuse(index, message);
  }
}

// A point beyond any brush's reach of the widest world is bad input: it
// could touch no world, and would only make the work and the profiles long.
void checkPoint(std::size_t index, std::size_t k, const std::array<double, 2>& p) {
  const auto inRange = [](double v) {
    return std::isfinite(v) && v >= kMinStrokeCoordinate && v <= kMaxStrokeCoordinate;
  };
  if (inRange(p[0]) && inRange(p[1])) return;
  char message[240];
  std::snprintf(message, sizeof message,
                "point %zu (%g, %g) is out of range; allowed: %g to %g metres on either axis "
                "(the widest world and a brush's largest radius around it)",
                k + 1, p[0], p[1], kMinStrokeCoordinate, kMaxStrokeCoordinate);
  refuse(index, message);
}

void checkStrokes(const Strokes& strokes) {
  if (strokes.size() > kMaxStrokes) {
    throw InputError("strokes: " + std::to_string(strokes.size()) + " strokes; at most " +
                     std::to_string(kMaxStrokes));
  }
  std::size_t points = 0;
  for (std::size_t s = 0; s < strokes.size(); ++s) {
    const Stroke& stroke = strokes[s];
    checkNumber(s, "radius", stroke.radius, 1.0e-3, kMaxBrushRadius);
    checkNumber(s, "strength", stroke.strength, 0.0, 1.0);
    checkNumber(s, "hardness", stroke.hardness, 0.0, 1.0);
    checkNumber(s, "height", stroke.height, -kMaxBrushHeight, kMaxBrushHeight);
    if (stroke.points.empty()) refuse(s, "no points; a stroke has at least one");
    for (std::size_t k = 0; k < stroke.points.size(); ++k) checkPoint(s, k, stroke.points[k]);
    points += stroke.points.size();
  }
  if (points > kMaxStrokePoints) {
    throw InputError("strokes: " + std::to_string(points) + " points; at most " +
                     std::to_string(kMaxStrokePoints));
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

StrokeMode modeAt(const Json& object, std::size_t index) {
  const auto it = object.find("mode");
  if (it == object.end())
    refuse(index, "no 'mode'; allowed: raise, lower, smooth, flatten, paint, erase, path");
  if (it->is_string()) {
    for (std::size_t m = 0; m < std::size(kModeNames); ++m) {
      if (kModeNames[m] == it->get_ref<const std::string&>()) return static_cast<StrokeMode>(m);
    }
  }
  refuse(index, "'mode' " + excerpt(it->dump()) +
                    " is not one of raise, lower, smooth, flatten, paint, erase, path");
}

Stroke strokeFromJson(const Json& j, std::size_t index) {
  if (!j.is_object()) refuse(index, "must be an object {\"mode\", \"radius\", ..., \"points\"}");
  for (auto it = j.begin(); it != j.end(); ++it) {
    static constexpr std::string_view kKeys[] = {"mode",     "radius", "strength",
                                                 "hardness", "height", "points"};
    if (std::find(std::begin(kKeys), std::end(kKeys), it.key()) == std::end(kKeys)) {
      refuse(index, "unknown key " + excerpt(it.key()) +
                        "; allowed: mode, radius, strength, hardness, height, points");
    }
  }
  Stroke stroke;
  stroke.mode = modeAt(j, index);
  stroke.radius = numberAt(j, "radius", index, stroke.radius);
  stroke.strength = numberAt(j, "strength", index, stroke.strength);
  stroke.hardness = numberAt(j, "hardness", index, stroke.hardness);
  stroke.height = numberAt(j, "height", index, stroke.height);
  const auto points = j.find("points");
  if (points == j.end() || !points->is_array())
    refuse(index, "'points' must be [[x, y], ...] in metres");
  for (const Json& p : *points) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number() || !p[1].is_number()) {
      refuse(index, "a point must be [x, y] in metres, not " + excerpt(p.dump()));
    }
    stroke.points.push_back({p[0].get<double>(), p[1].get<double>()});
  }
  return stroke;
}

// Parsed strokes by id, shared: a node's run reads them without parsing.
struct ParsedTable {
  std::mutex mutex;
  std::map<double, std::shared_ptr<const Strokes>> parsed;
};

ParsedTable& parsedTable() {
  static ParsedTable table;
  return table;
}

}  // namespace

std::string_view strokeModeName(StrokeMode mode) {
  return kModeNames[static_cast<std::size_t>(mode)];
}

std::string strokesText(const Strokes& strokes) {
  Json out = Json::array();
  for (const Stroke& s : strokes) {
    Json points = Json::array();
    for (const auto& p : s.points) points.push_back(Json::array({p[0], p[1]}));
    out.push_back(Json{{"mode", strokeModeName(s.mode)},
                       {"radius", s.radius},
                       {"strength", s.strength},
                       {"hardness", s.hardness},
                       {"height", s.height},
                       {"points", std::move(points)}});
  }
  return out.dump();
}

Strokes parseStrokes(std::string_view text) {
  Json j;
  try {
    j = Json::parse(text);
  } catch (const Json::exception& e) {
    throw InputError("strokes: not JSON (" + excerpt(e.what()) + ")");
  }
  if (!j.is_array())
    throw InputError("strokes: must be an array [{\"mode\": ..., \"points\": ...}, ...]");
  Strokes strokes;
  for (std::size_t i = 0; i < j.size(); ++i) strokes.push_back(strokeFromJson(j[i], i));
  checkStrokes(strokes);
  return strokes;
}

double strokesId(const Strokes& strokes) {
  checkStrokes(strokes);
  const double id = textId(strokesText(strokes));
  ParsedTable& table = parsedTable();
  const std::lock_guard lock(table.mutex);
  if (!table.parsed.contains(id))
    table.parsed.emplace(id, std::make_shared<const Strokes>(strokes));
  return id;
}

bool isStrokesId(double id) {
  {
    ParsedTable& table = parsedTable();
    const std::lock_guard lock(table.mutex);
    if (table.parsed.contains(id)) return true;
  }
  const std::string* text = findText(id);
  if (text == nullptr) return false;
  try {
    strokesId(parseStrokes(*text));
    return true;
  } catch (const InputError&) {
    return false;
  }
}

const Strokes& strokesOf(double id) {
  if (!isStrokesId(id)) throw std::logic_error("no strokes have the id " + std::to_string(id));
  ParsedTable& table = parsedTable();
  const std::lock_guard lock(table.mutex);
  return *table.parsed.at(id);  // never erased: the reference stays valid
}

ParamInfo strokesParam(std::string_view key, std::string_view label, std::string_view help,
                       std::string_view expects) {
  static constexpr ParamCodec codec{
      [](std::string_view text) { return strokesId(parseStrokes(text)); }, isStrokesId};
  ParamInfo info{key, label, "", help, ParamType::Strokes, 0, 0};
  info.expects = expects;
  info.codec = &codec;
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

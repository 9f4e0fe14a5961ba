#include "core/strokes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "core/error.hpp"
#include "core/text_ids.hpp"

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
    for (const auto& p : stroke.points) {
      checkNumber(s, "points", p[0], -1.0e9, 1.0e9);
      checkNumber(s, "points", p[1], -1.0e9, 1.0e9);
    }
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
    std::string message = "'";
    message.append(key).append("' must be a number, not ").append(it->dump());
    refuse(index, message);
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
  refuse(index, "'mode' " + it->dump() +
                    " is not one of raise, lower, smooth, flatten, paint, erase, path");
}

Stroke strokeFromJson(const Json& j, std::size_t index) {
  if (!j.is_object()) refuse(index, "must be an object {\"mode\", \"radius\", ..., \"points\"}");
  for (auto it = j.begin(); it != j.end(); ++it) {
    static constexpr std::string_view kKeys[] = {"mode",     "radius", "strength",
                                                 "hardness", "height", "points"};
    if (std::find(std::begin(kKeys), std::end(kKeys), it.key()) == std::end(kKeys)) {
      refuse(index, "unknown key '" + it.key() +
                        "'; allowed: mode, radius, strength, hardness, height, points");
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
      refuse(index, "a point must be [x, y] in metres, not " + p.dump());
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

// The brush's weight at t = distance / radius: full to the hardness, then
// a smooth step down to 0 at the edge.
double profile(double t, double hardness) {
  if (t >= 1.0) return 0.0;
  if (t <= hardness) return 1.0;
  const double u = (t - hardness) / (1.0 - hardness);
  return 1.0 - u * u * (3.0 - 2.0 * u);
}

double segmentDistanceSquared(double px, double py, const std::array<double, 2>& a,
                              const std::array<double, 2>& b) {
  const double dx = b[0] - a[0];
  const double dy = b[1] - a[1];
  const double length2 = dx * dx + dy * dy;
  double t = length2 > 0.0 ? ((px - a[0]) * dx + (py - a[1]) * dy) / length2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const double ex = px - (a[0] + t * dx);
  const double ey = py - (a[1] + t * dy);
  return ex * ex + ey * ey;
}

struct CellRect {
  std::int64_t x0 = 0, y0 = 0, x1 = -1, y1 = -1;  // inclusive, the map's cells
  bool empty() const { return x1 < x0 || y1 < y0; }
};

// The map's cells within `radius` of the box [lo, hi] (metres) shifted by `shift`.
CellRect cellsNear(const StrokeGrid& grid, double loX, double loY, double hiX, double hiY,
                   double radius) {
  auto cell = [&](double metres, std::int64_t origin) {
    return static_cast<std::int64_t>(std::floor(metres / grid.cellMetres)) - origin;
  };
  CellRect r;
  r.x0 = std::max<std::int64_t>(0, cell(loX - radius, grid.originX));
  r.y0 = std::max<std::int64_t>(0, cell(loY - radius, grid.originY));
  r.x1 = std::min<std::int64_t>(grid.width - 1, cell(hiX + radius, grid.originX) + 1);
  r.y1 = std::min<std::int64_t>(grid.height - 1, cell(hiY + radius, grid.originY) + 1);
  return r;
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
    throw InputError(std::string("strokes: not JSON (") + e.what() + ")");
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

const Strokes& noStrokes() {
  static const Strokes none;
  return none;
}

double noStrokesId() {
  static const double id = strokesId(noStrokes());
  return id;
}

void forEachBrushCell(const Stroke& stroke, const StrokeGrid& grid,
                      const std::function<void(std::size_t, float)>& fn) {
  if (stroke.points.empty() || grid.width <= 0 || grid.height <= 0) return;
  double loX = stroke.points[0][0], hiX = loX, loY = stroke.points[0][1], hiY = loY;
  for (const auto& p : stroke.points) {
    loX = std::min(loX, p[0]), hiX = std::max(hiX, p[0]);
    loY = std::min(loY, p[1]), hiY = std::max(hiY, p[1]);
  }
  // A torus sees the line and its copies a period away on either side.
  const int copies = grid.wraps && grid.worldMetres > 0.0 ? 1 : 0;
  CellRect all;
  all.x0 = grid.width, all.y0 = grid.height;
  for (int cy = -copies; cy <= copies; ++cy) {
    for (int cx = -copies; cx <= copies; ++cx) {
      const double sx = cx * grid.worldMetres, sy = cy * grid.worldMetres;
      const CellRect r = cellsNear(grid, loX + sx, loY + sy, hiX + sx, hiY + sy, stroke.radius);
      if (r.empty()) continue;
      all.x0 = std::min(all.x0, r.x0), all.y0 = std::min(all.y0, r.y0);
      all.x1 = std::max(all.x1, r.x1), all.y1 = std::max(all.y1, r.y1);
    }
  }
  if (all.empty()) return;
  const std::int64_t w = all.x1 - all.x0 + 1;
  const double radius2 = stroke.radius * stroke.radius;
  std::vector<double> nearest(static_cast<std::size_t>(w * (all.y1 - all.y0 + 1)), radius2);
  for (int cy = -copies; cy <= copies; ++cy) {
    for (int cx = -copies; cx <= copies; ++cx) {
      const double sx = cx * grid.worldMetres, sy = cy * grid.worldMetres;
      for (std::size_t k = 0; k < stroke.points.size(); ++k) {
        const auto a = std::array<double, 2>{stroke.points[k][0] + sx, stroke.points[k][1] + sy};
        const auto& next = stroke.points[std::min(k + 1, stroke.points.size() - 1)];
        const auto b = std::array<double, 2>{next[0] + sx, next[1] + sy};
        const CellRect r = cellsNear(grid, std::min(a[0], b[0]), std::min(a[1], b[1]),
                                     std::max(a[0], b[0]), std::max(a[1], b[1]), stroke.radius);
        for (std::int64_t y = std::max(r.y0, all.y0); y <= std::min(r.y1, all.y1); ++y) {
          const double py = static_cast<double>(grid.originY + y) * grid.cellMetres;
          for (std::int64_t x = std::max(r.x0, all.x0); x <= std::min(r.x1, all.x1); ++x) {
            const double px = static_cast<double>(grid.originX + x) * grid.cellMetres;
            double& best = nearest[static_cast<std::size_t>((y - all.y0) * w + (x - all.x0))];
            best = std::min(best, segmentDistanceSquared(px, py, a, b));
          }
        }
      }
    }
  }
  for (std::int64_t y = all.y0; y <= all.y1; ++y) {
    for (std::int64_t x = all.x0; x <= all.x1; ++x) {
      const double d2 = nearest[static_cast<std::size_t>((y - all.y0) * w + (x - all.x0))];
      if (d2 >= radius2) continue;
      const double weight =
          stroke.strength * profile(std::sqrt(d2) / stroke.radius, stroke.hardness);
      if (weight <= 0.0) continue;
      fn(static_cast<std::size_t>(y * grid.width + x), static_cast<float>(weight));
    }
  }
}

double pathLength(const PathPoints& path) {
  double length = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    length += std::hypot(path[k][0] - path[k - 1][0], path[k][1] - path[k - 1][1]);
  }
  return length;
}

std::array<double, 2> pointAlong(const PathPoints& path, double along) {
  if (path.empty()) return {0.0, 0.0};
  double start = 0.0;
  for (std::size_t k = 1; k < path.size(); ++k) {
    const double dx = path[k][0] - path[k - 1][0], dy = path[k][1] - path[k - 1][1];
    const double length = std::hypot(dx, dy);
    if (along <= start + length && length > 0.0) {
      const double t = std::clamp((along - start) / length, 0.0, 1.0);
      return {path[k - 1][0] + t * dx, path[k - 1][1] + t * dy};
    }
    start += length;
  }
  return along <= 0.0 ? path.front() : path.back();
}

std::vector<PathCell> pathCells(const PathPoints& path, const StrokeGrid& grid, double reach) {
  std::vector<PathCell> cells;
  if (path.empty() || grid.width <= 0 || grid.height <= 0) return cells;
  double loX = path[0][0], hiX = loX, loY = path[0][1], hiY = loY;
  for (const auto& p : path) {
    loX = std::min(loX, p[0]), hiX = std::max(hiX, p[0]);
    loY = std::min(loY, p[1]), hiY = std::max(hiY, p[1]);
  }
  const CellRect all = cellsNear(grid, loX, loY, hiX, hiY, reach);
  if (all.empty()) return cells;
  const std::int64_t w = all.x1 - all.x0 + 1;
  struct Nearest {
    double distance2;
    double along;
  };
  std::vector<Nearest> nearest(static_cast<std::size_t>(w * (all.y1 - all.y0 + 1)),
                               Nearest{reach * reach, 0.0});
  double start = 0.0;
  for (std::size_t k = 0; k < path.size(); ++k) {
    const auto& a = path[k];
    const auto& b = path[std::min(k + 1, path.size() - 1)];
    const double dx = b[0] - a[0], dy = b[1] - a[1];
    const double length2 = dx * dx + dy * dy;
    const CellRect r = cellsNear(grid, std::min(a[0], b[0]), std::min(a[1], b[1]),
                                 std::max(a[0], b[0]), std::max(a[1], b[1]), reach);
    for (std::int64_t y = std::max(r.y0, all.y0); y <= std::min(r.y1, all.y1); ++y) {
      const double py = static_cast<double>(grid.originY + y) * grid.cellMetres;
      for (std::int64_t x = std::max(r.x0, all.x0); x <= std::min(r.x1, all.x1); ++x) {
        const double px = static_cast<double>(grid.originX + x) * grid.cellMetres;
        const double t = length2 > 0.0
                             ? std::clamp(((px - a[0]) * dx + (py - a[1]) * dy) / length2, 0.0, 1.0)
                             : 0.0;
        const double ex = px - (a[0] + t * dx), ey = py - (a[1] + t * dy);
        Nearest& best = nearest[static_cast<std::size_t>((y - all.y0) * w + (x - all.x0))];
        const double d2 = ex * ex + ey * ey;
        if (d2 < best.distance2) best = {d2, start + t * std::sqrt(length2)};
      }
    }
    start += std::sqrt(length2);
  }
  for (std::int64_t y = all.y0; y <= all.y1; ++y) {
    for (std::int64_t x = all.x0; x <= all.x1; ++x) {
      const Nearest& n = nearest[static_cast<std::size_t>((y - all.y0) * w + (x - all.x0))];
      if (n.distance2 >= reach * reach) continue;
      cells.push_back(
          {static_cast<std::size_t>(y * grid.width + x), std::sqrt(n.distance2), n.along});
    }
  }
  return cells;
}

}  // namespace terrain

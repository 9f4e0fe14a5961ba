#include "core/nodes/registry.hpp"

#include "core/base/error.hpp"
#include "core/nodes/modifiers/clamp.hpp"
#include "core/nodes/modifiers/curve.hpp"
#include "core/nodes/modifiers/droplets.hpp"
#include "core/nodes/modifiers/normalise.hpp"
#include "core/nodes/modifiers/smooth.hpp"
#include "core/nodes/modifiers/stream_power.hpp"
#include "core/nodes/modifiers/terrace.hpp"
#include "core/nodes/modifiers/thermal.hpp"
#include "core/base/quote.hpp"
#include "core/nodes/sources/coastline.hpp"
#include "core/nodes/sources/diamond_square.hpp"
#include "core/nodes/sources/import.hpp"
#include "core/nodes/sources/midpoint.hpp"
#include "core/nodes/sources/noise.hpp"
#include "core/nodes/sources/random_walk.hpp"
#include "core/nodes/sources/rectangles.hpp"

namespace terrain {
namespace {

template <class T>
std::string keyList(std::span<const T* const> stages) {
  std::string out;
  for (const T* s : stages) {
    if (!out.empty()) out += ", ";
    out += s->key();
  }
  return out;
}

// One line per stage, in panel order.
std::span<const SourceStage* const> sourceList() {
  static const SourceStage* const list[] = {
      &randomWalkSource(),    &midpointSource(), &coastlineSource(), &rectanglesSource(),
      &diamondSquareSource(), &noiseSource(),    &importSource(),
  };
  return list;
}

std::span<const ModifierStage* const> modifierList() {
  static const ModifierStage* const list[] = {
      &smoothModifier(), &normaliseModifier(), &curveModifier(),    &terraceModifier(),
      &clampModifier(),  &thermalModifier(),   &dropletsModifier(), &streamPowerModifier(),
  };
  return list;
}

}  // namespace

std::span<const SourceStage* const> sources() {
  return sourceList();
}

std::span<const ModifierStage* const> modifiers() {
  return modifierList();
}

const SourceStage* findSource(std::string_view key) {
  for (const SourceStage* s : sourceList()) {
    if (s->key() == key) return s;
  }
  return nullptr;
}

const ModifierStage* findModifier(std::string_view key) {
  for (const ModifierStage* s : modifierList()) {
    if (s->key() == key) return s;
  }
  return nullptr;
}

const SourceStage& sourceStage(std::string_view key) {
  if (const SourceStage* s = findSource(key)) return *s;
  throw InputError(excerpt(key) + " is not a source; allowed: " + sourceKeyList());
}

const ModifierStage& modifierStage(std::string_view key) {
  if (const ModifierStage* s = findModifier(key)) return *s;
  throw InputError(excerpt(key) + " is not a modifier stage; allowed: " + modifierKeyList());
}

std::string sourceKeyList() {
  return keyList(sourceList());
}

std::string modifierKeyList() {
  return keyList(modifierList());
}

}  // namespace terrain

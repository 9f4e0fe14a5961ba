#pragma once
// The generator flags shared with `export` (--generator, --preset article,
// --seed and one --<key> per parameter of the metadata table), for the
// window's starting state. Written here because app/cli/ has no reusable
// parser yet; it reads only the metadata, so no flag is spelled twice.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/spec.hpp"

namespace terrain::app {

// One "--name value" or "--name=value" pair, name without the dashes.
struct Flag {
  std::string name;
  std::string value;
};

// Builds the spec: defaultSpec(generator) or articlePreset(generator) first,
// then --seed and the parameters in the order given, then validate().
// Throws InputError naming the flag, the value and what is allowed.
TerrainSpec specFromFlags(std::span<const Flag> flags);

// True for the flags specFromFlags understands.
bool isSpecFlag(std::string_view name);

}  // namespace terrain::app

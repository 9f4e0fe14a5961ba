#pragma once
// The generator flags every command shares: --generator KEY, --preset
// article, --seed N and one --<key> VALUE per entry of the parameter table.
// Read from the metadata, so no parameter is spelled twice.
#include <span>
#include <string>
#include <string_view>

#include "core/spec.hpp"

namespace terrain::cli {

// One "--name value" or "--name=value" pair, name without the dashes.
struct SpecFlag {
  std::string name;
  std::string value;
};

// True for "generator", "preset" and every parameter key (seed included).
bool isSpecFlag(std::string_view name);

// defaultSpec(generator) (or articlePreset with --preset article), then the
// parameters in the order given (the last of a repeated flag wins), then
// validate() -- so sizes off the grid or over the memory cap are refused
// before anything is allocated. Throws InputError naming the flag, the value
// and what is allowed (a flag of another generator names the ones it has).
TerrainSpec specFromFlags(std::span<const SpecFlag> flags);

// "midpoint, coastline, diamond-square": the generators a parameter applies to.
std::string generatorsOf(const ParamDesc& desc);

}  // namespace terrain::cli

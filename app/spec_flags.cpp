#include "app/spec_flags.hpp"

#include "core/error.hpp"

namespace terrain::app {

bool isSpecFlag(std::string_view name) {
  return name == "generator" || name == "preset" || findParameter(name) != nullptr;
}

TerrainSpec specFromFlags(std::span<const Flag> flags) {
  GeneratorId generator = GeneratorId::DiamondSquare;
  bool preset = false;
  for (const Flag& f : flags) {
    if (f.name == "generator") {
      auto id = generatorFromKey(f.value);
      if (!id) {
        throw InputError("--generator: '" + f.value + "' is not a generator; allowed: " +
                         generatorKeyList());
      }
      generator = *id;
    } else if (f.name == "preset") {
      if (f.value != "article") {
        throw InputError("--preset: '" + f.value + "' is not a preset; allowed: article");
      }
      preset = true;
    }
  }

  TerrainSpec spec = preset ? articlePreset(generator) : defaultSpec(generator);
  for (const Flag& f : flags) {
    if (f.name == "generator" || f.name == "preset") continue;
    const ParamDesc* desc = findParameter(f.name);
    if (desc == nullptr) throw InputError("--" + f.name + ": unknown flag");
    if (!desc->appliesTo(generator)) {
      throw InputError("--" + f.name + ": does not apply to " +
                       std::string(generatorInfo(generator).key));
    }
    if (desc->info.type == ParamType::Seed) {
      spec.seed = parseSeed(f.value);
    } else {
      desc->set(spec, parseValue(*desc, f.value));
    }
  }
  validate(spec);
  return spec;
}

}  // namespace terrain::app

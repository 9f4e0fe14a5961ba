#include "app/cli/spec_args.hpp"

#include "core/error.hpp"

namespace terrain::cli {

bool isSpecFlag(std::string_view name) {
  return name == "generator" || name == "preset" || findParameter(name) != nullptr;
}

std::string generatorsOf(const ParamDesc& desc) {
  std::string out;
  for (GeneratorId id : kAllGenerators) {
    if (!desc.appliesTo(id)) continue;
    if (!out.empty()) out += ", ";
    out += generatorInfo(id).key;
  }
  return out;
}

TerrainSpec specFromFlags(std::span<const SpecFlag> flags) {
  // The generator first: its defaults are where the other flags start from.
  GeneratorId generator = GeneratorId::DiamondSquare;
  bool preset = false;
  for (const SpecFlag& f : flags) {
    if (f.name == "generator") {
      const auto id = generatorFromKey(f.value);
      if (!id) {
        throw InputError("--generator: '" + f.value +
                         "' is not a generator; allowed: " + generatorKeyList());
      }
      generator = *id;
    } else if (f.name == "preset") {
      if (f.value != "article" && f.value != "default") {
        throw InputError("--preset: '" + f.value + "' is not a preset; allowed: article, default");
      }
      preset = f.value == "article";
    }
  }
  TerrainSpec spec = preset ? articlePreset(generator) : defaultSpec(generator);
  for (const SpecFlag& f : flags) {
    if (f.name == "generator" || f.name == "preset") continue;
    const ParamDesc* desc = findParameter(f.name);
    if (desc == nullptr) throw InputError("--" + f.name + ": unknown flag");
    if (!desc->appliesTo(generator)) {
      throw InputError("--" + f.name + ": does not apply to " +
                       std::string(generatorInfo(generator).key) + "; it applies to " +
                       generatorsOf(*desc));
    }
    if (desc->info.type == ParamType::Seed) {
      spec.seed = parseSeed(f.value);
    } else if (desc->info.key == "size") {
      // The generator's own range, so a refusal names its memory cap
      // (16385 per map side), not the widest size in the table (profiles').
      ParamDesc size = *desc;
      size.info.min = generatorInfo(generator).minSize;
      size.info.max = generatorInfo(generator).maxSize;
      desc->set(spec, parseValue(size, f.value));
    } else {
      desc->set(spec, parseValue(*desc, f.value));
    }
  }
  validate(spec);
  return spec;
}

}  // namespace terrain::cli

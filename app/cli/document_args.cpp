#include "app/cli/document_args.hpp"

#include <initializer_list>
#include <optional>

#include "core/error.hpp"
#include "core/presets.hpp"
#include "core/project.hpp"
#include "core/registry.hpp"

namespace terrain::cli {
namespace {

bool isStartFlag(std::string_view name) {
  return name == "project" || name == "generator" || name == "preset";
}

bool isAnySourceParam(std::string_view key) {
  for (const SourceStage* s : sources()) {
    if (s->indexOf(key)) return true;
  }
  return false;
}

// An on/off parameter of some source (e.g. --tileable): alone, it means on.
bool isSourceToggle(std::string_view key) {
  for (const SourceStage* s : sources()) {
    const auto index = s->indexOf(key);
    if (index && s->params()[*index].type == ParamType::Toggle) return true;
  }
  return false;
}

bool isAnyModifierParam(std::string_view key) {
  for (const ModifierStage* m : modifiers()) {
    if (m->indexOf(key)) return true;
  }
  return false;
}

std::string sourcesWith(std::string_view key) {
  std::string out;
  for (const SourceStage* s : sources()) {
    if (!s->indexOf(key)) continue;
    if (!out.empty()) out += ", ";
    out += s->key();
  }
  return out;
}

std::string modifiersWith(std::string_view key) {
  std::string out;
  for (const ModifierStage* m : modifiers()) {
    if (!m->indexOf(key)) continue;
    if (!out.empty()) out += ", ";
    out += m->key();
  }
  return out;
}

std::string paramKeys(const Stage& stage) {
  std::string out;
  for (const ParamInfo& p : stage.params()) {
    if (!out.empty()) out += ", ";
    out += "--" + std::string(p.key);
  }
  return out.empty() ? "none" : out;
}

// The document the flags start from: a project, an article or defaults.
Document startingDocument(std::span<const DocumentFlag> flags) {
  std::optional<std::string> project;
  std::string generator = "diamond-square";
  bool generatorGiven = false;
  bool article = false;
  const LandformPreset* landform = nullptr;
  for (const DocumentFlag& f : flags) {
    if (f.name == "project") {
      if (f.value.empty()) throw InputError("--project: empty; expected a project file (.json)");
      project = f.value;
    } else if (f.name == "generator") {
      if (findSource(f.value) == nullptr) {
        throw InputError("--generator: '" + f.value +
                         "' is not a generator; allowed: " + sourceKeyList());
      }
      generator = f.value;
      generatorGiven = true;
    } else if (f.name == "preset") {
      landform = findLandformPreset(f.value);
      if (f.value != "article" && f.value != "default" && landform == nullptr) {
        landformDocument(f.value);  // throws, naming every preset
      }
      article = f.value == "article";
    }
  }
  if (landform != nullptr && (generatorGiven || project)) {
    throw InputError(std::string(project ? "--project" : "--generator") + ": --preset " +
                     std::string(landform->key) + " names its own source; give one or the other");
  }
  if (landform != nullptr) return landform->build();
  if (project) {
    if (generatorGiven || article) {
      throw InputError(std::string(generatorGiven ? "--generator" : "--preset") +
                       ": cannot be combined with --project, which names its own source");
    }
    try {
      return loadProject(*project);
    } catch (const IoError& e) {
      throw IoError("--project: " + std::string(e.what()));
    } catch (const InputError& e) {
      throw InputError("--project: " + std::string(e.what()));
    }
  }
  return article ? articleDocument(generator) : defaultDocument(generator);
}

void setSourceParam(Document& doc, const DocumentFlag& f) {
  const SourceStage& source = sourceStage(doc.source.key);
  const auto index = source.indexOf(f.name);
  if (!index) {
    throw InputError("--" + f.name + ": does not apply to " + doc.source.key + "; it applies to " +
                     sourcesWith(f.name));
  }
  ParamInfo info = source.params()[*index];
  doc.source.values[*index] = parseValue(info, f.value);
}

void setModifierParam(ModifierSettings& modifier, const DocumentFlag& f) {
  const ModifierStage& stage = modifierStage(modifier.key);
  const auto index = stage.indexOf(f.name);
  if (!index) {
    throw InputError("--" + f.name + ": not a parameter of --stage " + modifier.key +
                     " (its parameters: " + paramKeys(stage) +
                     "); source parameters go before the first --stage");
  }
  modifier.values[*index] = parseValue(stage.params()[*index], f.value);
}

}  // namespace

bool isDocumentFlag(std::string_view name) {
  return isStartFlag(name) || name == "seed" || name == "stage" || name == "no-hillshade" ||
         name == "smoothing" || findDocumentParam(name) || isAnySourceParam(name) ||
         isAnyModifierParam(name);
}

std::optional<std::string_view> loneFlagValue(std::string_view name) {
  if (name == "hillshade") return "on";
  if (name == "no-hillshade") return "off";
  if (isSourceToggle(name)) return "on";
  return std::nullopt;
}

Document documentFromFlags(std::span<const DocumentFlag> flags) {
  Document doc = startingDocument(flags);
  ModifierSettings* modifier = nullptr;  // the last --stage: its flags follow it
  for (const DocumentFlag& f : flags) {
    if (isStartFlag(f.name)) continue;
    if (f.name == "seed") {
      doc.seed = parseSeed(f.value);
    } else if (f.name == "smoothing") {
      throw InputError("--smoothing: smoothing is a stage now; use --stage smooth --passes " +
                       (f.value.empty() ? std::string("N") : f.value));
    } else if (f.name == "stage") {
      if (findModifier(f.value) == nullptr) {
        throw InputError("--stage: '" + f.value +
                         "' is not a modifier stage; allowed: " + modifierKeyList());
      }
      doc.modifiers.push_back(defaultModifier(f.value));
      modifier = &doc.modifiers.back();
    } else if (f.name == "no-hillshade") {
      doc.look.hillshade = HillshadeChoice::Off;
    } else if (modifier != nullptr && modifierStage(modifier->key).indexOf(f.name)) {
      setModifierParam(*modifier, f);
    } else if (const auto param = findDocumentParam(f.name)) {
      if (param->isText()) {
        param->setText(doc, f.value);
      } else {
        param->set(doc, parseValue(param->info(), f.value));
      }
    } else if (modifier != nullptr) {
      setModifierParam(*modifier, f);  // names the stage's own parameters
    } else if (isAnySourceParam(f.name)) {
      setSourceParam(doc, f);
    } else {
      throw InputError("--" + f.name + ": a parameter of --stage " + modifiersWith(f.name) +
                       "; give it after that --stage");
    }
  }
  validate(doc);
  return doc;
}

namespace {

// Appends the parts (GCC 12 misreads chains of string + under -Wrestrict).
void add(std::string& out, std::initializer_list<std::string_view> parts) {
  for (auto part : parts) out.append(part);
}

void appendParam(std::string& out, const ParamInfo& p, double defaultValue) {
  const bool named = p.type == ParamType::Choice || p.type == ParamType::Toggle;
  const std::string allowed = allowedText(p);
  add(out, {"  --", p.key, " ", named ? std::string_view(allowed) : "VALUE", "\n      ", p.label});
  if (!p.unit.empty()) add(out, {" [", p.unit, "]"});
  add(out, {": ", p.help, "\n      range: ", allowed, "; default ", formatValue(p, defaultValue),
            p.maxMeansAll ? " (the maximum means every level the size holds)" : "", "\n"});
}

}  // namespace

std::string documentHelpText() {
  std::string out = "\nSources (--generator KEY; default diamond-square):\n";
  for (const SourceStage* s : sources()) {
    const auto article = s->articlePreset();
    add(out, {"\n", s->key(), ": ", s->title()});
    if (article) add(out, {" (article ", article->article, ")"});
    add(out, {", ", s->profile() ? "1D profile" : "2D map", "\n  ", s->help(),
              "\n  size: ", s->sizeRuleText(), "\n"});
    if (article) add(out, {"  --preset article: ", article->summary, "\n"});
    const ParamValues defaults = s->defaults();
    const auto params = s->params();
    for (std::size_t i = 0; i < params.size(); ++i) appendParam(out, params[i], defaults[i]);
  }
  out += "\nModifier stages (--stage KEY, then its parameters):\n";
  for (const ModifierStage* m : modifiers()) {
    add(out, {"\n", m->key(), ": ", m->title(), "\n  ", m->help(), "\n"});
    const ParamValues defaults = m->defaults();
    const auto params = m->params();
    for (std::size_t i = 0; i < params.size(); ++i) appendParam(out, params[i], defaults[i]);
  }
  out += "\nWorld (the map's size on the ground; erosion measures in these metres):\n";
  const World world;
  for (std::size_t i = 0; i < worldTable().size(); ++i) {
    appendParam(out, worldTable().infos()[i], worldTable().get(world, i));
  }
  out += "\nLook (how the colour map is coloured; never changes the heights):\n";
  const Look look;
  for (std::size_t i = 0; i < lookTable().size(); ++i) {
    if (lookTable().isText(i)) {
      const ParamInfo& p = lookTable().infos()[i];
      add(out, {"  --", p.key, " ", allowedText(p), "\n      ", p.help, " (default ",
                lookTable().getText(look, i), ")\n"});
    } else {
      appendParam(out, lookTable().infos()[i], lookTable().get(look, i));
    }
  }
  out +=
      "  --seed N\n      Any unsigned 64-bit number; the same seed gives the same terrain\n"
      "  --project FILE.json\n      Start from a saved project\n";
  out +=
      "\nLandform presets (--preset KEY: a whole document to start from; flags after it "
      "change it):\n";
  for (const LandformPreset& p : landformPresets()) add(out, {"  ", p.key, ": ", p.summary, "\n"});
  return out;
}

}  // namespace terrain::cli

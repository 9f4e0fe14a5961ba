#include "core/document.hpp"

#include "core/error.hpp"
#include "core/registry.hpp"

namespace terrain {
namespace {

ViewState viewFor(const SourceStage& source) {
  ViewState view;
  view.kind = source.profile() ? ArticleView::Side : ArticleView::Map;
  return view;
}

}  // namespace

Document defaultDocument(std::string_view sourceKey) {
  const SourceStage& source = sourceStage(sourceKey);
  Document doc;
  doc.source.key = std::string(source.key());
  doc.source.values = source.defaults();
  doc.look.water = source.defaultWater();
  doc.view = viewFor(source);
  for (const std::string_view key : source.defaultModifiers()) {
    doc.modifiers.push_back(defaultModifier(key));
  }
  return doc;
}

Document articleDocument(std::string_view sourceKey) {
  const SourceStage& source = sourceStage(sourceKey);
  const auto preset = source.articlePreset();
  if (!preset) {
    throw InputError("--preset article: " + std::string(sourceKey) + " has no article");
  }
  Document doc;
  doc.seed = preset->seed;
  doc.source.key = std::string(source.key());
  doc.source.values = preset->values;
  doc.look.water = preset->water;
  doc.view.kind = preset->view;
  doc.view.waterPlane = preset->waterPlane;
  return doc;
}

ModifierSettings defaultModifier(std::string_view key) {
  const ModifierStage& stage = modifierStage(key);
  return {std::string(stage.key()), stage.defaults(), true};
}

void validate(const Document& doc) {
  const SourceStage& source = sourceStage(doc.source.key);
  source.validate(doc.source.values);
  for (const ModifierSettings& m : doc.modifiers) {
    const ModifierStage& stage = modifierStage(m.key);
    stage.validate(m.values);
    if (source.profile() && !stage.appliesToProfiles()) {
      throw InputError("--stage " + m.key + ": works on 2D maps, and " + doc.source.key +
                       " makes a 1D profile");
    }
  }
  validate(doc.world);
  validate(doc.look);
}

bool isProfile(const Document& doc) {
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->profile();
}

bool isClassMap(const Document& doc) {
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->classMap(doc.source.values);
}

bool isAppletSeaAndLand(const Document& doc) {
  const SourceStage* source = findSource(doc.source.key);
  return source != nullptr && source->seaAndLand(doc.source.values);
}

std::string resolvedRampName(const Document& doc) {
  if (doc.look.ramp != "auto") return doc.look.ramp;
  return isAppletSeaAndLand(doc) ? "coastline" : "earth";
}

bool resolvedHillshade(const Document& doc) {
  switch (doc.look.hillshade) {
    case HillshadeChoice::On:
      return true;
    case HillshadeChoice::Off:
      return false;
    case HillshadeChoice::Auto:
      break;
  }
  // Class maps are flat tiles (the applet's look): slope shading would only
  // outline the class borders.
  return !isClassMap(doc);
}

std::string defaultFileStem(const Document& doc) {
  const SourceStage& source = sourceStage(doc.source.key);
  return doc.source.key + "-s" + std::to_string(doc.seed) + "-" +
         std::to_string(source.size(doc.source.values));
}

}  // namespace terrain

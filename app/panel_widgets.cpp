#include "app/panel_widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "app/param_input.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/base/text_ids.hpp"
#include "core/export/engine_size.hpp"
#include "core/strokes/strokes.hpp"

namespace terrain::app {

// Tooltips only when the mouse rests: while a slider is dragged they would
// cover the next one.
void tooltip(std::string_view text) {
  if (!text.empty() && !ImGui::IsAnyItemActive() &&
      ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 26.0f);
    ImGui::TextUnformatted(text.data(), text.data() + text.size());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void statusLine(const StatusLine& s) {
  if (s.text.empty()) return;
  ImGui::PushTextWrapPos(0.0f);
  // Escaped: text from a file (a NUL would cut the line, a break split it).
  ImGui::TextColored(s.ok ? kGreen : kRed, "%s", escapeControl(s.text).c_str());
  ImGui::PopTextWrapPos();
}

namespace {

std::string helpWithUnit(const ParamInfo& info) {
  std::string help(info.help);
  if (!info.unit.empty()) help += " (" + std::string(info.unit) + ")";
  return help;
}

std::string plural(int n, std::string_view unit) {
  std::string word(unit);
  if (n == 1 && word.ends_with("s")) word.pop_back();
  return std::to_string(n) + " " + word;
}

// ---- one parameter, from its metadata ----

bool choiceCombo(const ParamInfo& info, double& slot) {
  bool changed = false;
  const auto current = static_cast<std::size_t>(slot);
  if (ImGui::BeginCombo(std::string(info.label).c_str(), formatValue(info, slot).c_str())) {
    for (std::size_t i = 0; i < info.choices.size(); ++i) {
      const std::string name(info.choices[i]);
      if (ImGui::Selectable(name.c_str(), i == current) && i != current) {
        changed = applyPanelValue(slot, info, static_cast<double>(i));
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// Powers of two: a combo of the valid values only.
bool powerOfTwoCombo(const ParamInfo& info, double& slot, double dynamicMax) {
  bool changed = false;
  const auto label = [&](double v) { return formatValue(info, v) + " " + std::string(info.unit); };
  if (ImGui::BeginCombo(std::string(info.label).c_str(), label(slot).c_str())) {
    for (double v = info.min; v <= std::min(info.max, dynamicMax); v *= 2.0) {
      if (ImGui::Selectable(label(v).c_str(), v == slot) && v != slot) {
        changed = applyPanelValue(slot, info, v);
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// A map's sizes with what each is for (the preview, an engine's); every
// one is the preview's landscape. A profile's point counts as before.
bool sizeCombo(const SourceStage& source, const ParamInfo& info, double& slot) {
  bool changed = false;
  auto label = [&](int size) {
    return source.profile() ? std::to_string(size) + " points"
                            : std::to_string(size) + " x " + std::to_string(size);
  };
  std::vector<SizeChoice> choices;
  if (source.profile()) {
    for (const int size : source.suggestedSizes()) choices.push_back({size, {}});
  } else {
    choices = mapSizeChoices(source);
  }
  if (ImGui::BeginCombo(std::string(info.label).c_str(), label(static_cast<int>(slot)).c_str())) {
    for (const SizeChoice& choice : choices) {
      const bool selected = choice.side == static_cast<int>(slot);
      std::string text = label(choice.side);
      if (!choice.use.empty()) text.append("  ").append(choice.use);
      if (ImGui::Selectable(text.c_str(), selected) && !selected) {
        changed = applyPanelValue(slot, info, choice.side);
      }
    }
    ImGui::EndCombo();
  }
  return changed;
}

// Integers and reals: a slider over the range a hand can use (ctrl-click
// types a value; applyPanelValue keeps NaN and out-of-range values out).
// maxMeansAll: the top of the slider is the dynamic maximum and stores the
// metadata max, so "all" stays all when the size changes.
bool numberSlider(const ParamInfo& info, double& slot, double dynamicMax) {
  const std::string label(info.label);
  ImGuiSliderFlags flags = ImGuiSliderFlags_AlwaysClamp;
  if (info.logarithmic) flags |= ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_NoRoundToFormat;
  if (info.type == ParamType::Integer) {
    const int lo = static_cast<int>(info.min);
    const int hi = static_cast<int>(std::min(info.max, dynamicMax));
    const bool all = info.maxMeansAll && slot >= hi;
    std::string format = info.unit.empty() ? "%d" : "%d " + std::string(info.unit);
    if (all) format = "all (" + plural(hi, info.unit) + ")";
    int v = static_cast<int>(std::clamp(slot, static_cast<double>(lo), static_cast<double>(hi)));
    if (!ImGui::SliderInt(label.c_str(), &v, lo, std::max(hi, lo), format.c_str(), flags)) {
      return false;
    }
    const double value = info.maxMeansAll && v >= hi ? info.max : v;
    return applyPanelValue(slot, info, value);
  }
  const double lo = info.min;
  const double hi = info.max;
  const char* format = hi - lo <= 10.0 ? "%.3f" : "%.1f";
  double v = slot;
  if (!ImGui::SliderScalar(label.c_str(), ImGuiDataType_Double, &v, &lo, &hi, format, flags)) {
    return false;
  }
  return applyPanelValue(slot, info, v);
}

// A path or name typed in full: it takes effect on Enter, not at every key
// (a file read for each letter would stall the view).
bool textField(const ParamInfo& info, double& slot) {
  std::array<char, 1024> buffer{};
  const std::string text = formatValue(info, slot);
  text.copy(buffer.data(), buffer.size() - 1);
  if (!ImGui::InputText(std::string(info.label).c_str(), buffer.data(), buffer.size(),
                        ImGuiInputTextFlags_EnterReturnsTrue)) {
    return false;
  }
  if (checkText(info, buffer.data())) return false;  // too short or long: kept as it was
  const double id = textId(buffer.data());
  if (id == slot) return false;
  slot = id;
  return true;
}

bool toggle(const ParamInfo& info, double& slot) {
  bool on = slot != 0.0;
  if (!ImGui::Checkbox(std::string(info.label).c_str(), &on)) return false;
  return applyPanelValue(slot, info, on ? 1.0 : 0.0);
}

// A height shown in the world's metres: a level above sea level (from the
// world's base elevation), a span as the metres between two heights; the
// value stays 0..1 of the range.
bool metresSlider(const ParamInfo& info, double& slot, const World& world) {
  const double base = info.height == HeightMeaning::Level ? world.baseElevation : 0.0;
  const double lo = base + info.min * world.heightRange;
  const double hi = base + info.max * world.heightRange;
  double metres = base + slot * world.heightRange;
  const char* format = world.heightRange < 100.0 ? "%.1f m" : "%.0f m";
  if (!ImGui::SliderScalar(std::string(info.label).c_str(), ImGuiDataType_Double, &metres, &lo, &hi,
                           format, ImGuiSliderFlags_AlwaysClamp) ||
      !std::isfinite(metres)) {
    return false;
  }
  const double height = std::clamp((metres - base) / world.heightRange, info.min, info.max);
  return applyPanelValue(slot, info, height);
}

// Strokes are drawn in the view, not typed: how many, and a way to clear.
bool strokesLine(const ParamInfo& info, double& slot) {
  const std::size_t count = isStrokesId(slot) ? strokesOf(slot).size() : 0;
  ImGui::Text("%s: %zu", std::string(info.label).c_str(), count);
  ImGui::SameLine();
  ImGui::BeginDisabled(count == 0);
  const bool cleared = ImGui::SmallButton("Clear");
  ImGui::EndDisabled();
  if (cleared) slot = noStrokesId();
  return cleared;
}

// A list held as text through its codec (a Scatter's species), edited as
// its JSON: applied on Enter when it reads, otherwise kept, with why under it.
bool codedTextField(const ParamInfo& info, double& slot) {
  static std::string problem;  // the last refusal; one field is edited at a time
  std::array<char, 16384> buffer{};
  const std::string text = formatValue(info, slot);
  text.copy(buffer.data(), buffer.size() - 1);
  bool changed = false;
  const ImVec2 size(0.0f, ImGui::GetTextLineHeight() * 6.0f);
  if (ImGui::InputTextMultiline(
          std::string(info.label).c_str(), buffer.data(), buffer.size(), size,
          ImGuiInputTextFlags_EnterReturnsTrue | ImGuiInputTextFlags_CtrlEnterForNewLine)) {
    try {
      const double id = info.codec->parse(buffer.data());
      problem.clear();
      changed = id != slot;
      slot = id;
    } catch (const InputError& e) {
      problem = e.what();
    }
  }
  if (!problem.empty()) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", problem.c_str());
  return changed;
}

}  // namespace

bool paramWidget(const ParamInfo& info, double& slot, double dynamicMax, std::string_view idle,
                 const SourceStage* source, const World* world) {
  const bool inMetres =
      world != nullptr && info.height != HeightMeaning::None && info.type == ParamType::Real;
  ImGui::PushID(info.key.data(), info.key.data() + info.key.size());
  ImGui::BeginDisabled(!idle.empty());
  bool changed = false;
  if (source != nullptr && info.key == "size") {
    changed = sizeCombo(*source, info, slot);
  } else if (info.type == ParamType::Choice) {
    changed = choiceCombo(info, slot);
  } else if (info.type == ParamType::Toggle) {
    changed = toggle(info, slot);
  } else if (info.type == ParamType::Text) {
    changed = textField(info, slot);
  } else if (info.type == ParamType::Strokes && info.codec != strokesParam({}, {}, {}, {}).codec) {
    changed = codedTextField(info, slot);
  } else if (info.type == ParamType::Strokes) {
    changed = strokesLine(info, slot);
  } else if (inMetres) {
    changed = metresSlider(info, slot, *world);
  } else if (info.powerOfTwo) {
    changed = powerOfTwoCombo(info, slot, dynamicMax);
  } else {
    changed = numberSlider(info, slot, dynamicMax);
  }
  ImGui::EndDisabled();
  std::string help = helpWithUnit(info);
  if (inMetres) help += "; shown in metres of the world (the project keeps 0..1 of its range)";
  tooltip(idle.empty() ? help : std::string(idle));
  ImGui::PopID();
  return changed;
}

bool stageParams(const Stage& stage, ParamValues& values, const SourceStage* source,
                 const World* world) {
  bool changed = false;
  const auto params = stage.params();
  for (std::size_t i = 0; i < params.size() && i < values.size(); ++i) {
    changed |= paramWidget(params[i], values[i], stage.dynamicMax(i, values),
                           stage.idleReason(i, values), source, world);
  }
  return changed;
}

}  // namespace terrain::app

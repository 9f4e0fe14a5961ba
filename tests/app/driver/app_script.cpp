#include "tests/app/driver/app_script.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <span>

#include <array>
#include <charconv>

#include "core/base/error.hpp"
#include "core/graph/graph_edits.hpp"
#include "core/graph/node_type.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::testing {
namespace {

constexpr std::string_view kStepsAllowed =
    "next-seed, set:KEY=VALUE, stage:KEY, undo, redo, save:PATH, open:PATH, editor, frame, "
    "node:TYPE@X:Y, link:NODE.PORT>NODE.PORT, output:NODE, select:NODE, pin:NODE, "
    "stroke:U:V>U:V..., stroke-end, drag:U:V>U:V..., key:K (a letter, digit, tab, enter, "
    "escape or delete; ctrl+K with Ctrl), type:TEXT, hover:U:V, wheel:N, press, release";

std::string setKeys(const Document& doc) {
  std::string out;
  for (const ParamInfo& p : sourceStage(chainSource(doc.graph).type).params()) {
    out += (out.empty() ? "" : ", ") + std::string(p.key);
  }
  for (const auto group : {lookTable().infos(), worldTable().infos()}) {
    for (const ParamInfo& p : group) out.append(", ").append(p.key);
  }
  return out;
}

// The value of `step` for its parameter, checked as a typed panel value is.
double checkedValue(const ParamInfo& info, const ScriptStep& step) {
  const double value = parseValue(info, step.value);
  if (auto problem = checkValue(info, value)) throw InputError(*problem);
  return value;
}

// The graph editor's steps that name a node, a type or ports.
std::optional<ScriptStep::Kind> graphStepKind(std::string_view verb) {
  using Kind = ScriptStep::Kind;
  constexpr std::pair<std::string_view, Kind> kVerbs[] = {{"node", Kind::Node},
                                                          {"link", Kind::Link},
                                                          {"output", Kind::Output},
                                                          {"select", Kind::Select},
                                                          {"pin", Kind::Pin}};
  for (const auto& [name, kind] : kVerbs) {
    if (name == verb) return kind;
  }
  return std::nullopt;
}

}  // namespace

std::vector<std::array<double, 2>> strokePoints(std::string_view text) {
  std::vector<std::array<double, 2>> points;
  for (std::size_t begin = 0;;) {
    const auto end = text.find('>', begin);
    const std::string_view point =
        text.substr(begin, end == std::string_view::npos ? end : end - begin);
    const auto colon = point.find(':');
    double u = -1.0, v = -1.0;
    const auto parsed = [](std::string_view t, double& out) {
      const auto [ptr, error] = std::from_chars(t.data(), t.data() + t.size(), out);
      return error == std::errc{} && ptr == t.data() + t.size();
    };
    if (colon == std::string_view::npos || !parsed(point.substr(0, colon), u) ||
        !parsed(point.substr(colon + 1), v) || u < 0.0 || u > 1.0 || v < 0.0 || v > 1.0) {
      throw InputError("'" + std::string(point) + "' is not U:V with U and V in 0..1");
    }
    points.push_back({u, v});
    if (end == std::string_view::npos) return points;
    begin = end + 1;
  }
}

namespace {

std::string_view withoutCtrl(std::string_view key) {
  return key.starts_with("ctrl+") ? key.substr(5) : key;
}

bool isKeyName(std::string_view key) {
  return (key.size() == 1 && std::isalnum(static_cast<unsigned char>(key[0])) != 0) ||
         key == "tab" || key == "enter" || key == "escape" || key == "delete";
}

ScriptStep parseStep(std::string_view text) {
  ScriptStep step;
  step.text = std::string(text);
  const auto colon = text.find(':');
  const std::string_view verb = text.substr(0, colon);
  const std::string_view rest = colon == std::string_view::npos ? "" : text.substr(colon + 1);
  const bool hasArg = colon != std::string_view::npos;
  if (!hasArg && verb == "next-seed") {
    step.kind = ScriptStep::Kind::NextSeed;
  } else if (!hasArg && verb == "undo") {
    step.kind = ScriptStep::Kind::Undo;
  } else if (!hasArg && verb == "redo") {
    step.kind = ScriptStep::Kind::Redo;
  } else if (hasArg && (verb == "save" || verb == "open") && !rest.empty()) {
    step.kind = verb == "save" ? ScriptStep::Kind::Save : ScriptStep::Kind::Open;
    step.value = std::string(rest);
  } else if (hasArg && verb == "stroke" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Stroke;
    step.value = std::string(rest);
    strokePoints(step.value);  // checked here, so a bad one stops the run before it starts
  } else if (hasArg && verb == "drag" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Drag;
    step.value = std::string(rest);
    strokePoints(step.value);
  } else if (!hasArg && verb == "stroke-end") {
    step.kind = ScriptStep::Kind::StrokeEnd;
  } else if (hasArg && verb == "key" && isKeyName(withoutCtrl(rest))) {
    step.kind = ScriptStep::Kind::Key;
    const std::string_view key = withoutCtrl(rest);
    step.value = std::string(rest.substr(0, rest.size() - key.size()));  // "ctrl+" or ""
    step.value +=
        key.size() == 1
            ? std::string(1, static_cast<char>(std::toupper(static_cast<unsigned char>(key[0]))))
            : std::string(key);
  } else if (!hasArg && (verb == "press" || verb == "release")) {
    step.kind = verb == "press" ? ScriptStep::Kind::Press : ScriptStep::Kind::Release;
  } else if (hasArg && verb == "wheel" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Wheel;
    step.value = std::string(rest);
    if (!std::isfinite(std::strtod(step.value.c_str(), nullptr)) ||
        std::strtod(step.value.c_str(), nullptr) == 0.0) {
      throw InputError("wheel: takes the notches turned, e.g. wheel:-20 (towards you)");
    }
  } else if (hasArg && verb == "type" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Type;
    step.value = std::string(rest);
  } else if (hasArg && verb == "hover" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Hover;
    step.value = std::string(rest);
    if (strokePoints(step.value).size() != 1) throw InputError("hover: takes one point U:V");
  } else if (!hasArg && (verb == "editor" || verb == "frame")) {
    step.kind = verb == "editor" ? ScriptStep::Kind::Editor : ScriptStep::Kind::Frame;
  } else if (const auto graphKind = graphStepKind(verb); hasArg && graphKind && !rest.empty()) {
    step.kind = *graphKind;
    step.value = std::string(rest);
  } else if (hasArg && verb == "stage" && !rest.empty()) {
    step.kind = ScriptStep::Kind::Stage;
    step.key = std::string(rest);
  } else if (hasArg && verb == "set" && rest.find('=') != std::string_view::npos &&
             rest.find('=') > 0) {
    step.kind = ScriptStep::Kind::Set;
    step.key = std::string(rest.substr(0, rest.find('=')));
    step.value = std::string(rest.substr(rest.find('=') + 1));
  } else {
    throw InputError("--actions: '" + std::string(text) +
                     "' is not a step; allowed: " + std::string(kStepsAllowed));
  }
  return step;
}

NodeId nodeNumber(std::string_view text) {
  unsigned value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value == 0) {
    throw InputError("'" + std::string(text) + "' is not a node id");
  }
  return value;
}

// "3.a": a node and one of its ports by key.
PortRef portNamed(const Document& doc, std::string_view text, bool input) {
  const auto dot = text.find('.');
  if (dot == std::string_view::npos)
    throw InputError("expected NODE.PORT, not " + std::string(text));
  const NodeId id = nodeNumber(text.substr(0, dot));
  const Graph& graph = doc.graph;
  const GraphNode* node = graph.find(id);
  if (node == nullptr) throw InputError("there is no node " + std::to_string(id));
  const auto ports = input ? typeOf(*node).inputs() : typeOf(*node).outputs();
  for (std::uint32_t p = 0; p < ports.size(); ++p) {
    if (ports[p].key == text.substr(dot + 1)) return {id, p};
  }
  throw InputError(node->type + " has no port " + std::string(text.substr(dot + 1)));
}

// node:, link: and output:, through the editor's own edits; false for
// other steps.
bool applyGraphEdit(Document& doc, const ScriptStep& step) {
  const std::string_view v = step.value;
  switch (step.kind) {
    case ScriptStep::Kind::Node: {
      const auto at = v.find('@');
      const auto colon = v.find(':', at);
      if (at == std::string_view::npos || colon == std::string_view::npos) {
        throw InputError("expected node:TYPE@X:Y");
      }
      addNode(doc.graph, v.substr(0, at), std::stof(std::string(v.substr(at + 1, colon - at - 1))),
              std::stof(std::string(v.substr(colon + 1))));
      return true;
    }
    case ScriptStep::Kind::Link: {
      const auto arrow = v.find('>');
      if (arrow == std::string_view::npos) throw InputError("expected link:NODE.PORT>NODE.PORT");
      connect(doc.graph, portNamed(doc, v.substr(0, arrow), false),
              portNamed(doc, v.substr(arrow + 1), true));
      return true;
    }
    case ScriptStep::Kind::Output:
      setOutput(doc.graph, nodeNumber(v));
      return true;
    case ScriptStep::Kind::Pin:
      pinNode(doc.graph, nodeNumber(v));
      return true;
    default:
      return false;
  }
}

}  // namespace

std::vector<ScriptStep> parseScript(std::string_view list, const Document& start) {
  std::vector<ScriptStep> steps;
  if (list.empty())
    throw InputError("--actions: empty; allowed steps: " + std::string(kStepsAllowed));
  Document doc = start;  // so set: after stage: or set: sees what came before
  for (std::size_t begin = 0;;) {
    const auto end = list.find(',', begin);
    const std::string_view text =
        list.substr(begin, end == std::string_view::npos ? end : end - begin);
    ScriptStep step = parseStep(text);
    if (step.kind == ScriptStep::Kind::Set || step.kind == ScriptStep::Kind::Stage ||
        step.kind == ScriptStep::Kind::Node || step.kind == ScriptStep::Kind::Link ||
        step.kind == ScriptStep::Kind::Output || step.kind == ScriptStep::Kind::Pin) {
      try {
        applyEdit(doc, step);
      } catch (const InputError& e) {
        throw InputError("--actions: '" + step.text + "': " + e.what());
      }
    }
    steps.push_back(std::move(step));
    if (end == std::string_view::npos) break;
    begin = end + 1;
  }
  return steps;
}

void applyEdit(Document& doc, const ScriptStep& step) {
  if (applyGraphEdit(doc, step)) return;
  if (step.kind == ScriptStep::Kind::Stage) {
    ModifierSettings modifier = defaultModifier(step.key);
    if (isProfile(doc) && !modifierStage(step.key).appliesToProfiles()) {
      throw InputError("the " + step.key + " stage does not apply to a profile");
    }
    appendModifier(doc.graph, std::move(modifier));
    return;
  }
  if (step.kind != ScriptStep::Kind::Set) return;
  const SourceStage& source = sourceStage(chainSource(doc.graph).type);
  if (const auto i = source.indexOf(step.key)) {
    chainSource(doc.graph).values[*i] = checkedValue(source.params()[*i], step);
    source.validate(chainSource(doc.graph).values);  // e.g. a size off the source's grid
    return;
  }
  if (const auto param = findDocumentParam(step.key)) {
    if (param->isText()) {
      param->setText(doc, step.value);  // set:ramp=grayscale
    } else {
      param->set(doc, checkedValue(param->info(), step));
    }
    return;
  }
  throw InputError("'" + step.key + "' is not a parameter of " + chainSource(doc.graph).type +
                   ", the world or the look; allowed: " + setKeys(doc));
}

}  // namespace terrain::testing

// From `export`'s arguments to flags: each argument checked against the
// flags there are (the export's own, the outputs', their options', the
// document's), its value taken from "=" or the next argument, and a
// missing value named with what the flag expects.
#include <optional>

#include "app/cli/document_args.hpp"
#include "app/cli/export_flags.hpp"
#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/export/outputs.hpp"
#include "core/look/color.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::cli {
namespace {

// What a flag expects, for "missing value" messages.
std::string expectedValue(std::string_view name, const OptionInfo* option,
                          const OutputFormat* format) {
  if (option != nullptr) return std::string(option->metavar);
  if (format != nullptr) return std::string(format->metavar);
  if (const auto ref = findFormatOption(name)) {
    return allowedText(ref->format->options.infos[ref->index]);
  }
  if (name == "seed") return "0 to 18446744073709551615";
  if (name == "stage") return "one of " + modifierKeyList();
  if (name == "generator") return "one of " + sourceKeyList();
  if (name == "project") return "a project file (.json)";
  for (const auto group : {lookTable().infos(), worldTable().infos()}) {
    for (const ParamInfo& p : group) {
      if (p.key == name) return allowedText(p);
    }
  }
  for (const SourceStage* s : sources()) {
    if (auto i = s->indexOf(name)) return allowedText(s->params()[*i]);
  }
  for (const ModifierStage* m : modifiers()) {
    if (auto i = m->indexOf(name)) return allowedText(m->params()[*i]);
  }
  return "a value";
}

// --mask KIND=FILE is --mask-KIND FILE.
void expandMaskFlag(Token& token) {
  const auto eq = token.value.find('=');
  const std::string kind = token.value.substr(0, eq);
  std::string kinds;
  for (const std::string_view name : maskNames()) {
    kinds.append(kinds.empty() ? "" : "|").append(name);
    if (eq != std::string::npos && name == kind) {
      token.name = std::string("mask-").append(kind);
      token.value = token.value.substr(eq + 1);
      if (token.value.empty()) throw InputError("--mask " + kind + "=: missing the file name");
      return;
    }
  }
  throw InputError("--mask: " + excerpt(token.value) + " is not KIND=FILE.png; KIND is one of " +
                   kinds);
}

}  // namespace

std::vector<Token> tokenize(std::span<char* const> args) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i] != nullptr ? args[i] : "";
    if (arg == "-q") arg = "--quiet";  // the one short form besides -h
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      throw InputError(excerpt(arg) + ": unexpected argument; flags start with -- (see --help)");
    }
    const auto eq = arg.find('=');
    Token token{std::string(arg.substr(2, eq == std::string_view::npos ? eq : eq - 2)), {}};
    const OptionInfo* option = findOption(token.name);
    const OutputFormat* format = findOutputFormat(token.name);
    const auto formatOption = findFormatOption(token.name);
    if (option == nullptr && format == nullptr && !formatOption && !isDocumentFlag(token.name) &&
        token.name != "mask") {
      throw InputError("--" + bareExcerpt(token.name) +
                       ": unknown flag; see 'terrain-explorer export --help'");
    }
    const bool isSwitch = option != nullptr && option->metavar.empty();
    const bool nextIsValue = i + 1 < args.size() && args[i + 1] != nullptr &&
                             std::string_view(args[i + 1]).substr(0, 2) != "--";
    // A lone toggle means on: --hillshade, --flip-rows.
    const bool toggle =
        formatOption &&
        formatOption->format->options.infos[formatOption->index].type == ParamType::Toggle;
    const auto lone = toggle ? std::optional<std::string_view>("on") : loneFlagValue(token.name);
    if (isSwitch) {
      if (eq != std::string_view::npos) throw InputError("--" + token.name + ": takes no value");
    } else if (eq != std::string_view::npos) {
      token.value = std::string(arg.substr(eq + 1));
    } else if (lone && (token.name == "no-hillshade" || !nextIsValue)) {
      token.value = std::string(*lone);
    } else if (nextIsValue) {
      token.value = args[++i];
    } else {
      throw InputError("--" + token.name + ": missing value; expected " +
                       expectedValue(token.name, option, format));
    }
    if (token.name == "mask") expandMaskFlag(token);
    tokens.push_back(std::move(token));
  }
  return tokens;
}

}  // namespace terrain::cli

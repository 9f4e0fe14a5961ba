#include "app/cli/export_options.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <string_view>
#include <vector>

#include "app/cli/spec_args.hpp"
#include "core/color.hpp"
#include "core/error.hpp"

namespace terrain::cli {
namespace {

// Which generators an export option makes sense for.
enum class Scope : std::uint8_t { All, Maps, Profiles };

struct OptionInfo {
  std::string_view name;     // flag without the dashes
  std::string_view metavar;  // "" for a switch
  std::string_view help;
  Scope scope = Scope::All;
};

// Every flag that is not a parameter of the table (those come from core/spec).
constexpr OptionInfo kOptions[] = {
    {"generator", "KEY", "Which article's generator (default diamond-square; see Generators)"},
    {"preset", "article",
     "Start from the article's own values instead of the defaults "
     "('default' is the usual start); explicit flags override"},
    {"ramp", "NAME|FILE.png",
     "Colour ramp: earth, grayscale, coastline, or a 1xN / Nx1 PNG gradient whose first pixel "
     "is the lowest land (default: coastline for the coastline generator, else earth)"},
    {"hillshade", "",
     "Shade the map by its slope towards a north-west sun (default, but for class maps)",
     Scope::Maps},
    {"no-hillshade", "", "Plain ramp colours, no shading", Scope::Maps},
    {"side-width", "PIXELS", "Width of a profile's side view, 16 to 16384 (default 1280)",
     Scope::Profiles},
    {"side-height", "PIXELS", "Height of a profile's side view, 16 to 16384 (default 400)",
     Scope::Profiles},
    {"threads", "N",
     "Worker threads, 0 to 1024, 0 = every hardware thread (default 0); "
     "the terrain is the same for every N"},
    {"heightmap", "FILE.png",
     "Write a 16-bit greyscale heightmap, heights 0..1 -> 0..65535 "
     "(a profile is N x 1)"},
    {"color", "FILE.png", "Write an 8-bit RGB picture: the map, or a profile's side view"},
    {"raw", "FILE.r32", "Write raw little-endian float32 heights 0..1, row-major, no header"},
    {"quiet", "", "Print nothing on success"},
    {"help", "", "Print this help"},
    {"version", "", "Print the version"},
};

constexpr int kMinSideView = 16;
constexpr int kMaxSideView = 16384;
constexpr int kMaxThreads = 1024;

const OptionInfo* findOption(std::string_view name) {
  for (const auto& o : kOptions) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

std::string numberText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// What a parameter accepts, as the core messages say it.
std::string allowedText(const ParamDesc& desc) {
  const ParamInfo& info = desc.info;
  if (info.type == ParamType::Choice) {
    std::string out;
    for (auto c : info.choices) {
      if (!out.empty()) out += "|";
      out += c;
    }
    return out;
  }
  if (info.type == ParamType::Seed) return "0 to 18446744073709551615";
  return numberText(info.min) + " to " + numberText(info.max);
}

struct Token {
  std::string name;
  std::string value;
};

// Splits "--name value", "--name=value" and "--switch" into tokens.
std::vector<Token> tokenize(std::span<char* const> args) {
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view arg = args[i] != nullptr ? args[i] : "";
    if (arg.size() < 3 || arg.substr(0, 2) != "--") {
      throw InputError("'" + std::string(arg) +
                       "': unexpected argument; flags start with -- (see --help)");
    }
    const auto eq = arg.find('=');
    Token token{std::string(arg.substr(2, eq == std::string_view::npos ? eq : eq - 2)), {}};
    const OptionInfo* option = findOption(token.name);
    const ParamDesc* param = findParameter(token.name);
    if (option == nullptr && param == nullptr) {
      throw InputError("--" + token.name + ": unknown flag; see 'terrain-explorer export --help'");
    }
    const bool isSwitch = option != nullptr && option->metavar.empty();
    if (isSwitch) {
      if (eq != std::string_view::npos) throw InputError("--" + token.name + ": takes no value");
    } else if (eq != std::string_view::npos) {
      token.value = std::string(arg.substr(eq + 1));
    } else if (i + 1 < args.size() && args[i + 1] != nullptr &&
               std::string_view(args[i + 1]).substr(0, 2) != "--") {
      token.value = args[++i];
    } else {
      const std::string expected =
          option != nullptr ? std::string(option->metavar) : allowedText(*param);
      throw InputError("--" + token.name + ": missing value; expected " + expected);
    }
    tokens.push_back(std::move(token));
  }
  return tokens;
}

int parseInt(const Token& t, int min, int max) {
  int value = 0;
  const char* first = t.value.data();
  const char* last = first + t.value.size();
  const auto [ptr, ec] = std::from_chars(first, last, value);
  const std::string range = std::to_string(min) + " to " + std::to_string(max);
  if (t.value.empty() || ec == std::errc::invalid_argument || ptr != last) {
    throw InputError("--" + t.name + ": '" + t.value +
                     "' is not a whole number; allowed: " + range);
  }
  if (ec == std::errc::result_out_of_range || value < min || value > max) {
    throw InputError("--" + t.name + ": " + t.value + " is out of range; allowed: " + range);
  }
  return value;
}

std::string nonEmpty(const Token& t, std::string_view what) {
  if (t.value.empty()) throw InputError("--" + t.name + ": empty; expected " + std::string(what));
  return t.value;
}

std::string generatorsWith(bool profile) {
  std::string out;
  for (GeneratorId id : kAllGenerators) {
    if (generatorInfo(id).profile != profile) continue;
    if (!out.empty()) out += ", ";
    out += generatorInfo(id).key;
  }
  return out;
}

void checkScope(const OptionInfo& option, GeneratorId generator) {
  const bool profile = generatorInfo(generator).profile;
  if (option.scope == Scope::All || (option.scope == Scope::Profiles) == profile) return;
  throw InputError("--" + std::string(option.name) + ": does not apply to " +
                   std::string(generatorInfo(generator).key) + "; it applies to " +
                   generatorsWith(option.scope == Scope::Profiles));
}

void applyOption(ExportOptions& o, const Token& t) {
  const std::string_view n = t.name;
  if (n == "ramp") o.ramp = nonEmpty(t, "a ramp name or a .png file");
  if (n == "hillshade") o.hillshadeFlag = true;
  if (n == "no-hillshade") o.hillshadeFlag = false;
  if (n == "side-width") o.sideWidth = parseInt(t, kMinSideView, kMaxSideView);
  if (n == "side-height") o.sideHeight = parseInt(t, kMinSideView, kMaxSideView);
  if (n == "threads") o.threads = parseInt(t, 0, kMaxThreads);
  if (n == "heightmap") o.heightmapPath = nonEmpty(t, "a file name");
  if (n == "color") o.colorPath = nonEmpty(t, "a file name");
  if (n == "raw") o.rawPath = nonEmpty(t, "a file name");
  if (n == "quiet") o.quiet = true;
}

// Two outputs on one path would silently keep only the last.
void checkOutputs(const ExportOptions& o) {
  if (!o.heightmapPath && !o.colorPath && !o.rawPath) {
    throw InputError(
        "no output given; add --heightmap FILE.png, --color FILE.png and/or "
        "--raw FILE.r32");
  }
  const std::pair<const char*, const std::optional<std::string>*> outputs[] = {
      {"heightmap", &o.heightmapPath}, {"color", &o.colorPath}, {"raw", &o.rawPath}};
  for (std::size_t i = 0; i < std::size(outputs); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      const auto& a = *outputs[i].second;
      const auto& b = *outputs[j].second;
      if (a && b &&
          std::filesystem::path(*a).lexically_normal() ==
              std::filesystem::path(*b).lexically_normal()) {
        throw InputError("--" + std::string(outputs[i].first) + ": '" + *a + "' is also the --" +
                         outputs[j].first + " output; give each output its own file");
      }
    }
  }
}

bool hasFlag(std::span<char* const> args, std::string_view a, std::string_view b) {
  for (char* arg : args) {
    if (arg != nullptr && (arg == a || arg == b)) return true;
  }
  return false;
}

}  // namespace

std::string defaultRampName(const TerrainSpec& spec) {
  return isAppletSeaAndLand(spec) ? "coastline" : "earth";
}

bool isAppletSeaAndLand(const TerrainSpec& spec) {
  return spec.generator == GeneratorId::Coastline && spec.coastline.mode == CoastMode::Classes &&
         spec.coastline.classes == 2;
}

ExportOptions parseExportOptions(std::span<char* const> args) {
  ExportOptions options;
  if (hasFlag(args, "--help", "-h")) {
    options.action = ExportOptions::Action::Help;
    return options;
  }
  if (hasFlag(args, "--version", "--version")) {
    options.action = ExportOptions::Action::Version;
    return options;
  }
  const std::vector<Token> tokens = tokenize(args);
  std::vector<SpecFlag> specFlags;
  for (const Token& t : tokens) {
    if (isSpecFlag(t.name)) specFlags.push_back({t.name, t.value});
  }
  options.spec = specFromFlags(specFlags);
  for (const Token& t : tokens) {
    if (isSpecFlag(t.name)) continue;
    checkScope(*findOption(t.name), options.spec.generator);
    applyOption(options, t);
  }
  checkOutputs(options);
  return options;
}

std::string versionText() {
  return "terrain-explorer 0.1.0\n";
}  // CMakeLists' project VERSION

// Appends the parts (avoids temporaries GCC 12 misreads under -Wrestrict).
void add(std::string& out, std::initializer_list<std::string_view> parts) {
  for (auto part : parts) out.append(part);
}

std::string exportHelpText() {
  std::string out =
      "Usage: terrain-explorer export [--generator KEY] [--preset article] [--seed N]\n"
      "         [--PARAMETER VALUE ...] [--ramp NAME|FILE.png] [--hillshade | --no-hillshade]\n"
      "         [--side-width PIXELS] [--side-height PIXELS] [--threads N] [--quiet]\n"
      "         --heightmap FILE.png | --color FILE.png | --raw FILE.r32 ...\n"
      "\n"
      "Generates one terrain without a window and writes it. Flags take their value as\n"
      "'--flag VALUE' or '--flag=VALUE'; the spec starts from the chosen generator's\n"
      "defaults. Files are replaced atomically: a failed export leaves no partial file.\n"
      "Exit status: 0 written; 2 bad input (one line on stderr, nothing written);\n"
      "1 an output could not be written.\n"
      "\nGenerators (--generator KEY):\n";
  for (GeneratorId id : kAllGenerators) {
    const GeneratorInfo& g = generatorInfo(id);
    add(out, {"  ", g.key, std::string(16 - std::min<std::size_t>(g.key.size(), 15), ' '), g.title,
              " (article ", g.article, "), ", g.profile ? "1D profile" : "2D map", "\n",
              std::string(18, ' '), "size: ", sizeRuleText(id), "\n"});
  }
  out += "\nParameters (--KEY VALUE; defaults per generator):\n";
  for (const ParamDesc& p : parameterTable()) {
    const ParamInfo& info = p.info;
    const std::string allowed = allowedText(p);
    add(out, {"  --", info.key, " ", info.type == ParamType::Choice ? allowed : "VALUE", "\n"});
    add(out, {"      ", info.label, info.unit.empty() ? "" : " [", info.unit,
              info.unit.empty() ? "" : "]", ": ", info.help, "\n"});
    add(out, {"      range: ", allowed, "; default:"});
    for (GeneratorId id : kAllGenerators) {
      if (!p.appliesTo(id)) continue;
      const TerrainSpec spec = defaultSpec(id);
      const std::string value =
          info.type == ParamType::Seed ? std::to_string(spec.seed) : formatValue(p, p.get(spec));
      add(out, {" ", generatorInfo(id).key, " ", value, ","});
    }
    out.back() = '\n';
  }
  out += "\nOther flags:\n";
  for (const OptionInfo& o : kOptions) {
    add(out, {"  --", o.name, o.metavar.empty() ? "" : " ", o.metavar, "\n      ", o.help});
    if (o.scope != Scope::All) add(out, {" [", generatorsWith(o.scope == Scope::Profiles), "]"});
    out += "\n";
  }
  out += "\nBuilt-in ramps:";
  for (auto name : builtinRampNames()) add(out, {" ", name});
  out += "\n";
  return out;
}

}  // namespace terrain::cli

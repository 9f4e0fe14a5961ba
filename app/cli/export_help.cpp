// `terrain-explorer export --help`: the usage, the document's flags, every
// output format with its options, and the other flags, all drawn from the
// tables the parser reads, so the help cannot drift from what is accepted.
#include <initializer_list>

#include "app/cli/document_args.hpp"
#include "app/cli/export_args.hpp"
#include "app/cli/export_options.hpp"
#include "core/look/color.hpp"

namespace terrain::cli {

std::string versionText() {
  return "terrain-explorer 0.1.0\n";
}  // CMakeLists' project VERSION

// Appends the parts (avoids temporaries GCC 12 misreads under -Wrestrict).
static void add(std::string& out, std::initializer_list<std::string_view> parts) {
  for (auto part : parts) out.append(part);
}

std::string exportUsageText() {
  return "Usage: terrain-explorer export [--project FILE | --preset LANDFORM |\n"
         "                                --generator KEY [--preset article]]\n"
         "         [--seed N] [--PARAMETER VALUE ...] [--stage KEY [--PARAMETER VALUE ...] ...]\n"
         "         [--water W] [--ramp NAME|FILE.png] [--hillshade auto|on|off] ...\n"
         "         [--side-width PIXELS] [--side-height PIXELS] [--threads N] [--quiet]\n"
         "         OUTPUTS (" +
         outputFlagList() +
         ")\n"
         "\n"
         "Generates one terrain without a window and writes it: the source makes heights,\n"
         "each --stage appends a modifier (the flags after it set its parameters, until the\n"
         "next --stage; the same stage may appear twice), the look colours it. Flags take\n"
         "their value as '--flag VALUE' or '--flag=VALUE'. --project starts from a saved\n"
         "project; every other flag overrides it. Files are replaced atomically: a failed\n"
         "export leaves no partial file.\n"
         "Exit status: 0 written; 2 bad input (one line on stderr, nothing written);\n"
         "1 an output could not be written.\n";
}

std::string exportHelpText() {
  std::string out = exportUsageText();
  out += documentHelpText();
  out += "\nOutputs:\n";
  for (const OutputFormat& f : outputFormats()) {
    if (f.needs == OutputNeeds::Window) continue;
    add(out, {"  --", f.key, " ", f.metavar, "\n      ", f.help, "\n"});
    for (std::size_t i = 0; i < f.options.infos.size(); ++i) {
      const ParamInfo& option = f.options.infos[i];
      add(out, {"    --", option.key, " ", allowedText(option), "\n        ", option.help,
                " (default ", formatValue(option, f.options.defaults[i]), ")\n"});
    }
  }
  out +=
      "  Every export also writes FILE.json beside its first output (not for standard\n"
      "  output or a device) unless --no-sidecar: size, metres per cell, world width and\n"
      "  height range in metres, each file's format, byte order, row order and bit depth,\n"
      "  the seed, source and modifiers (and --project), and engine settings: Unreal's\n"
      "  landscape Z scale (height range m * 100 / 512) and X/Y scale (metres per cell *\n"
      "  100), Unity's heightmap resolution and terrain size.\n";
  out += "\nOther flags:\n";
  for (const ExportFlagInfo& o : otherExportFlags()) {
    add(out, {"  --", o.name, o.metavar.empty() ? "" : " ", o.metavar, "\n      ", o.help, "\n"});
  }
  out += "\nBuilt-in ramps:";
  for (auto name : builtinRampNames()) add(out, {" ", name});
  out += "\n";
  return out;
}

}  // namespace terrain::cli

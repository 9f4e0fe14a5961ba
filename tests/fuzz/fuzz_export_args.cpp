// Bytes -> the arguments of `terrain-explorer export` (split at '\0' and
// '\n', at most 64) -> parseExportOptions, then the shared document-flag
// parser on its own. InputError is the contract for a bad command line (and
// IoError for a --project that cannot be read); anything else escaping is a
// bug. Writes no file (the parser promises that too; it reads a --project).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "app/cli/document_args.hpp"
#include "app/cli/export_options.hpp"
#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

// What the parser promises about what it accepts; a broken promise traps.
void checkAccepted(const terrain::cli::ExportOptions& o) {
  using Action = terrain::cli::ExportOptions::Action;
  if (o.action != Action::Export) return;
  bool ok = (!o.plan.outputs.empty() || o.plan.projectOutput) && o.plan.sideWidth >= 16 &&
            o.plan.sideWidth <= 16384 && o.plan.sideHeight >= 16 && o.plan.sideHeight <= 16384 &&
            o.threads >= 0 && o.threads <= 1024 && !o.doc.look.ramp.empty();
  for (const auto& out : o.plan.outputs) ok = ok && out.format != nullptr && !out.path.empty();
  try {
    terrain::validate(o.doc);  // "validated": must still hold
  } catch (const terrain::InputError&) {
    ok = false;
  }
  if (!ok) __builtin_trap();
}

// "--name value" / "--name=value" pairs straight into documentFromFlags,
// names unchecked (the export parser only ever passes known ones).
void fuzzSpecFlags(const std::vector<std::string>& args) {
  std::vector<terrain::cli::DocumentFlag> flags;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i].starts_with("--") ? args[i].substr(2) : args[i];
    std::string value;
    if (const auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name.resize(eq);
    } else if (i + 1 < args.size()) {
      value = args[++i];
    }
    flags.push_back({std::move(name), std::move(value)});
  }
  try {
    const terrain::Document doc = terrain::cli::documentFromFlags(flags);
    terrain::validate(doc);
  } catch (const terrain::InputError&) {
  } catch (const terrain::IoError&) {
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = terrain::fuzz::splitArgs({data, size});
  const std::vector<char*> argv = terrain::fuzz::argvOf(args);
  try {
    checkAccepted(terrain::cli::parseExportOptions(argv));
  } catch (const terrain::InputError&) {
  } catch (const terrain::IoError&) {
  }
  fuzzSpecFlags(args);
  return 0;
}

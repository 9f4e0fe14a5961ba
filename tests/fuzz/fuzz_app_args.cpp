// Bytes -> the window's command line (everything but `export`; split at
// '\0' and '\n', at most 64 arguments) -> parseAppOptions. InputError is the
// contract for a bad flag; anything else escaping is a bug.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> args = terrain::fuzz::splitArgs({data, size});
  const std::vector<char*> argv = terrain::fuzz::argvOf(args);
  std::optional<terrain::app::AppOptions> parsed;
  try {
    parsed = terrain::app::parseAppOptions(argv);
  } catch (const terrain::InputError&) {
    return 0;
  } catch (const terrain::IoError&) {  // a --project that cannot be read
    return 0;
  }
  // Promised ranges (see options.cpp), and a document that passes validate().
  const terrain::app::AppOptions& o = *parsed;
  bool ok = o.width >= 200 && o.width <= 16384 && o.height >= 200 && o.height <= 16384 &&
            o.frames >= 0 && o.frames <= 100000 && o.crossSectionRow >= -1 &&
            (!o.screenshot || o.frames > 0);
  try {
    terrain::validate(o.doc);
  } catch (const terrain::InputError&) {
    ok = false;
  }
  if (!ok) __builtin_trap();
  return 0;
}

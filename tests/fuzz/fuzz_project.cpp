// Bytes -> a project file -> projectFromJson, and loadProject on the same
// bytes as a file. InputError (IoError for the file) is the contract for a
// bad project; any other exception escaping is a bug. What it accepts must
// keep the loader's promises: a document that validates and comes back
// unchanged through projectToJson / projectFromJson.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "tests/fuzz/fuzz_support.hpp"

namespace {

void checkAccepted(const terrain::Document& doc) {
  try {
    terrain::validate(doc, terrain::GraphCheck::Structure);
    if (terrain::projectFromJson(terrain::projectToJson(doc)) != doc) __builtin_trap();
  } catch (const terrain::InputError&) {
    __builtin_trap();  // accepted, yet invalid or not writable
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  bool accepted = false;
  try {
    checkAccepted(terrain::projectFromJson(text));
    accepted = true;
  } catch (const terrain::InputError&) {
  }

  // The file path: the size cap, the read loop and the path in messages.
  static terrain::fuzz::ScratchFile scratch("project.json");
  const std::string& path = scratch.write({data, size});
  bool loaded = false;
  try {
    checkAccepted(terrain::loadProject(path));
    loaded = true;
  } catch (const terrain::InputError&) {
  } catch (const terrain::IoError&) {
  }
  if (loaded != accepted) __builtin_trap();  // the file and the text must agree
  return 0;
}

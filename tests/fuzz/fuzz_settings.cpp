// Bytes -> the window's settings file -> loadSettings. By contract it never
// throws (a corrupt file gives the defaults and a note), so any exception
// escaping here is a bug and crashes the run.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "app/settings.hpp"
#include "tests/fuzz/fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static terrain::fuzz::ScratchFile scratch("settings.ini");
  const std::string& path = scratch.write({data, size});
  const terrain::app::LoadedSettings loaded = terrain::app::loadSettings(path);

  // What it promises to hand the window: a view it can show and a ramp
  // name it knows (a ramp PNG is only a path, checked when loaded).
  const terrain::app::Settings& s = loaded.settings;
  const bool knownView = terrain::app::viewFromName(terrain::app::viewName(s.view)) == s.view;
  const std::string_view r = s.ramp;
  const bool knownRamp =
      r == terrain::app::kAutoRamp || r == "earth" || r == "grayscale" || r == "coastline";
  // A remembered ramp path is one the system could open and the panel can
  // show: at most PATH_MAX - 1 bytes, no control characters.
  bool usablePath = s.rampPng.size() < 4096;
  for (const char c : s.rampPng) {
    usablePath = usablePath && static_cast<unsigned char>(c) >= 0x20 && c != 0x7f;
  }
  if (!knownView || !knownRamp || !usablePath) __builtin_trap();
  return 0;
}

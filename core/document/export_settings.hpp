#pragma once
// The window's export settings as the project keeps them (issue 38 item 5:
// they reset every session): which formats, where, under which name, each
// format's options, the view picture's width and the engine size. The CLI
// reads none of them (its flags say what it writes); the window's Export
// window starts from them when the project opens.
#include <map>
#include <string>
#include <vector>

#include "core/base/param_table.hpp"

namespace terrain {

struct ExportSettings {
  // Format keys (core/export/outputs.hpp), in the order the window lists them.
  std::vector<std::string> formats = {"heightmap", "color"};
  // Each format's option values by format key; a format not here takes its
  // defaults.
  std::map<std::string, ParamValues, std::less<>> formatOptions;
  // "" = where the explorer was started. In a project file: relative to
  // the file's folder and inside its tree, or not there at all (a project
  // from someone else never decides where files go: see
  // core/document/project_export.hpp); in memory: as the window has it.
  std::string folder;
  // Why the folder a project file named was not taken ("" when it was, or
  // named none): the window says so instead of dropping it silently.
  std::string folderNote;
  std::string name;  // the files' stem; "" = the default (defaultFileStem)
  bool sidecar = true;
  int viewWidth = 1920;    // px, kMinViewWidth..kMaxViewWidth
  std::string engineSize;  // core/export/engine_size.hpp's key, "" = the map's own size
  bool resample = false;   // to the engine size: resample (else crop)
  // An engine's package (core/export/engine_package.hpp: "unreal", "unity",
  // "godot", "blender"), as `export --for` gives it; "" = none (custom).
  std::string engine;

  bool operator==(const ExportSettings&) const = default;
};

inline constexpr int kMinViewWidth = 256;
inline constexpr int kMaxViewWidth = 4096;

}  // namespace terrain

#pragma once
// The Export window's settings and the export job under way
// (app/window_export.hpp drives it, app/export_panel.hpp draws it).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "app/export_worker.hpp"
#include "app/status_line.hpp"
#include "core/base/param_table.hpp"
#include "core/export/engine_size.hpp"

namespace terrain::app {

struct ExportState {
  bool open = false;      // the Export window is shown
  std::string directory;  // empty: the directory the app started in (shown absolute)
  std::string stem;       // empty = the default "<generator>-s<seed>-<size written>"
  // Which formats of core/export/outputs.hpp to write, by key.
  std::vector<std::string> formats = {"heightmap", "color"};
  // Each format's option values (core/export/outputs.hpp), by key; a format not
  // here takes its defaults.
  std::map<std::string, ParamValues, std::less<>> formatOptions;
  bool sidecar = true;   // <first file>.json beside the export (core/export/sidecar.hpp)
  int viewWidth = 1920;  // px, up to 4096; height from the view's aspect
  // An engine size by key (core/export/engine_size.hpp: "unreal-1009"), "" = the
  // map's size as it is; and how the map is brought to it.
  std::string engineSize;
  FitMode fit = FitMode::Crop;
  // An engine's package (core/export/engine_package.hpp: "unreal", "unity",
  // "godot", "blender"): the files `export --for` gives; "" = custom.
  std::string engine;
  bool browseFolder = false;  // Browse... asks the file browser for the folder
  StatusLine status;
  // The export under way (app/export_worker.hpp), for the progress bar.
  bool running = false;
  bool cancelling = false;
  std::optional<ExportProgress> progress;
  // For the running export's status: its files' new name when the one asked
  // for was taken ("; as <name>-2 because <file> existed"), and "; skipped
  // <format>: <why>".
  std::string skipped;
};

}  // namespace terrain::app

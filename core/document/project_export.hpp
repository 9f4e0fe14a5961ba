#pragma once
// The project file's "export" section: the window's export settings
// (core/document/export_settings.hpp), written only when they are not the
// defaults, so a project that never exported reads as it did. Every value
// is checked as the rest of the project's are: a format, an option, an
// engine size the program does not know, a name holding '/', a path with a
// control character, are refused naming the place in the file.
#include <filesystem>

#include "core/document/export_settings.hpp"
#include "core/document/project_values.hpp"

namespace terrain::project_io {

Json exportToJson(const ExportSettings& settings);
// Throws InputError ("project: 'export.formats[2]': ...").
ExportSettings exportFromJson(const Json& section);

// The settings as a project file at `projectFile` keeps them: the folder
// made relative to the file's folder when it lies inside that folder's tree
// (after links), otherwise left out, so a saved project never carries its
// author's home path nor points a reader's exports outside its own tree.
ExportSettings exportsForFile(ExportSettings settings, const std::filesystem::path& projectFile);
// The settings a project file at `projectFile` gave, its folder made
// absolute against the file's folder. A folder that is absolute, climbs
// out with "..", or leads out of the tree through a link is not taken (the
// reason is in folderNote); one that does not exist is kept and noted.
ExportSettings exportsFromFile(ExportSettings settings, const std::filesystem::path& projectFile);

}  // namespace terrain::project_io

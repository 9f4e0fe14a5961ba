#pragma once
// The project file's "export" section: the window's export settings
// (core/document/export_settings.hpp), written only when they are not the
// defaults, so a project that never exported reads as it did. Every value
// is checked as the rest of the project's are: a format, an option, an
// engine size the program does not know, a name holding '/', a path with a
// control character, are refused naming the place in the file.
#include "core/document/export_settings.hpp"
#include "core/document/project_values.hpp"

namespace terrain::project_io {

Json exportToJson(const ExportSettings& settings);
// Throws InputError ("project: 'export.formats[2]': ...").
ExportSettings exportFromJson(const Json& section);

}  // namespace terrain::project_io

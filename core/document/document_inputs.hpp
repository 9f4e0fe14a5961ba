#pragma once
// The files a document reads besides the project itself (issue 37): each
// import's raster and every file that raster makes GDAL read (a VRT's
// sources). An export refuses to write over any of them, however spelled.
#include <string>
#include <utility>
#include <vector>

#include "core/document/document.hpp"
#include "core/io/file_identity.hpp"

namespace terrain {

struct DocumentInput {
  DocumentInput(std::string what_, std::string path_)
      : what(std::move(what_)), path(std::move(path_)), id(identify(path)) {}
  // A message's words, naming the path where the words do not: "the
  // import's file ('dem.tif')", "the --ramp input".
  std::string what;
  std::string path;  // as the document or its VRT names it
  FileIdentity id;   // which file that is, looked up once
};

// Every raster the document's import nodes (or its chain's import source)
// read, in node order. A raster that cannot be read is listed alone: its
// own error comes when it is read.
std::vector<DocumentInput> importedFiles(const Document& doc);

// Throws InputError "<what>: '<path>' is <input>; writing it would destroy
// it" when `path` is the file one of `inputs` names, however spelled (a
// symlink, "..", a hard link: by device and inode, else the normalised
// absolute path). A character device (/dev/null) destroys nothing.
void refuseOverwritingAnInput(const std::string& what, const std::string& path,
                              const std::vector<DocumentInput>& inputs);

}  // namespace terrain

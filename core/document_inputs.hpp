#pragma once
// The files a document reads besides the project itself (issue 37): each
// import's raster and every file that raster makes GDAL read (a VRT's
// sources). An export refuses to write over any of them, however spelled.
#include <string>
#include <vector>

#include "core/document.hpp"

namespace terrain {

struct DocumentInput {
  std::string what;  // a message's words: "the import's file", "a file node 3 (import)'s VRT reads"
  std::string path;  // as the document or its VRT names it
};

// Every raster the document's import nodes (or its chain's import source)
// read, in node order. A raster that cannot be read is listed alone: its
// own error comes when it is read.
std::vector<DocumentInput> importedFiles(const Document& doc);

}  // namespace terrain

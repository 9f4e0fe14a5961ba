#pragma once
// What the document flags (document_args) do with an imported elevation
// file: the file's world becomes the document's, flag by flag.
#include <span>
#include <string>

#include "app/cli/document_args.hpp"
#include "core/document/document.hpp"

namespace terrain::cli {

// An imported file's elevations' range and world (its width in metres, its
// height range) become the document's, unless the flags give them
// themselves. A project keeps what it saved unless a --node-param gives an
// import node another file (`newFile`); `namedBy` is the flag that named the
// file. Throws InputError for a georeference no world can have.
void takeImportedFile(Document& doc, ParamValues& importValues, std::span<const DocumentFlag> flags,
                      const std::string& namedBy, bool newFile = false);

}  // namespace terrain::cli

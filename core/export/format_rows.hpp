#pragma once
// The output formats' rows by family, each family in its own file:
// heights (heights_formats.cpp), maps and images (map_formats.cpp), meshes
// (mesh_formats.cpp), Terrain3D's (terrain3d_formats.cpp). outputs.cpp lists them in the one table;
// nothing else includes this header.
#include <string>
#include <vector>

#include "core/export/normals.hpp"
#include "core/export/output_format.hpp"

namespace terrain::format_rows {

// "WxH", as every row's description starts.
std::string sizeText(const Heightfield& field);
// Why a format that needs a map cannot take a 1D profile ("" when it can).
std::string mapOnly(const OutputInput& in);
// The normal map's convention from its options: a mesh's material takes
// only a map that reads green up the image.
NormalConvention normalConventionOf(const ParamValues& normalOptions);

OutputFormat heightmapFormat();
OutputFormat r16Format();
OutputFormat rawFormat();
OutputFormat exrFormat();

OutputFormat normalsFormat();
OutputFormat colorFormat();
std::vector<OutputFormat> maskFormats();  // slope, flow, wear, deposition
OutputFormat splatFormat();
OutputFormat splat2Format();                   // the fifth material, wet ground
std::string splatOnly(const OutputInput& in);  // mapOnly, and no tile with wet ground
OutputFormat weightFormat();
OutputFormat viewFormat();

OutputFormat objFormat();
OutputFormat glbFormat();

OutputFormat terrain3dHeightFormat();
OutputFormat terrain3dControlFormat();
OutputFormat terrain3dColorFormat();  // in map_formats.cpp, beside the colour map

}  // namespace terrain::format_rows

#include "app/cli/export_flags.hpp"

#include "app/cli/export_options.hpp"
#include "core/base/error.hpp"
#include "core/graph/graph.hpp"
#include "core/nodes/registry.hpp"

namespace terrain::cli {
namespace {

// Every flag that is neither a document flag (cli/document_args) nor an
// output format (core/outputs).
constexpr OptionInfo kOptions[] = {
    {"side-width", "PIXELS", "Width of a profile's side view, 16 to 16384 (default 1280)",
     Scope::Profiles},
    {"side-height", "PIXELS", "Height of a profile's side view, 16 to 16384 (default 400)",
     Scope::Profiles},
    {"no-sidecar", "",
     "Do not write the sidecar FILE.json (sizes, scales, formats, the document, engine "
     "settings) beside the first output"},
    {"save-project", "FILE.json",
     "Also write the project of what was generated, to open in the window or pass to "
     "--project"},
    {"engine-size", "KEY",
     "Bring the map to an engine's size: "
     "unreal-505|unreal-1009|unreal-2017|unreal-4033|unreal-8129 "
     "(Unreal's recommended landscapes) or unity-129 .. unity-4097 (2^n+1); the source makes "
     "the next size it can, then --fit decides",
     Scope::Maps},
    {"fit", "crop|resample",
     "With --engine-size: crop (keep the cells and metres per cell; the world shrinks a little) "
     "or resample (keep the whole world; cells grow a little). Default crop",
     Scope::Maps},
    {"tiles", "COLUMNSxROWS",
     "Cut the world into tiles that share their edge samples (a 2x2 tiling of a 513 world is "
     "four 257 tiles); --size is the world's, up to 1048577 for gradient noise. Each output "
     "FILE becomes a name in --out-dir with the tile in it (world.r16 -> world_x0_y0.r16), "
     "each tile gets FILE_x0_y0.json and the world a manifest FILE.json",
     Scope::Maps},
    {"out-dir", "DIR", "With --tiles: the folder the tiles go to (made if missing)", Scope::Maps},
    {"overlap", "K",
     "With --tiles: every tile grows K samples on each side into its neighbours (default 0)",
     Scope::Maps},
    {"tile", "I|X,Y",
     "With --tiles: compute only tile I (row by row from 0) or column X, row Y; any machine "
     "can make any tile alone, and a complete tile is skipped on a re-run",
     Scope::Maps},
    {"tile-names", "unreal|unity",
     "With --tiles: Unreal's Name_x0_y0 (y from the north edge, default) or Unity's Name_X_Z "
     "(Z from the south edge)",
     Scope::Maps},
    {"world-gltf", "NAME.gltf",
     "With --tiles and --glb: also write NAME.gltf in --out-dir, the whole world in one file: "
     "it names every tile's .glb (no copy) in place, with its name and material",
     Scope::Maps},
    {"for", "unreal|unity|godot|blender",
     "The files an engine imports in one action: unreal checks the landscape's size (505, "
     "1009, 2017, 4033 or 8129 a side, per tile with --tiles) and adds NAME_grass.png, "
     "NAME_rock.png, NAME_sediment.png and NAME_snow.png, one paint layer's weights each, "
     "beside --heightmap/--r16 NAME; the sidecar's engines.unreal has the import scales. "
     "unity checks the resolution (33 .. 4097, 2^n+1, per tile with --tiles, named "
     "Name_X_Z) and writes --r16 south row first (Unity's Import Raw: 16-bit, Windows, no "
     "flip); the sidecar's engines.unity has the terrain's width, length and height in m. "
     "godot adds NAME_control.exr (Terrain3D's control map) and NAME_color.png beside "
     "--terrain3d-height NAME.exr, and NAME_import.gd, the editor script that imports every "
     "piece into a Terrain3D node in place. blender adds NAME_color.png and "
     "NAME_normals.png, the material of --glb NAME.glb, and with --tiles the world glTF "
     "(NAME.gltf) that places every tile (docs/engines/)",
     Scope::Maps},
    {"output-node", "NODE[.PORT]",
     "Export this node's result instead of the terrain, in any document (a chain is a linear "
     "graph; e.g. 5, or 5.mask); a mask is written as a greyscale field of 0..1 (--heightmap, "
     "--r16, --raw, --exr)"},
    {"threads", "N",
     "Worker threads, 0 to 1024, 0 = every CPU this process may use (taskset, a Slurm "
     "cpuset; default 0); "
     "the terrain is the same for every N"},
    {"quiet", "", "Print nothing on success (also -q)"},
    {"help", "", "Print this help (also -h)"},
    {"version", "", "Print the version"},
};

}  // namespace

const OptionInfo* findOption(std::string_view name) {
  for (const auto& o : kOptions) {
    if (o.name == name) return &o;
  }
  return nullptr;
}

std::string sourcesWith(bool profile) {
  std::string out;
  for (const SourceStage* source : sources()) {
    if (source->profile() != profile) continue;
    if (!out.empty()) out += ", ";
    out += source->key();
  }
  return out;
}

void checkScope(const OptionInfo& option, const Document& doc) {
  const bool profile = isProfile(doc);
  if (option.scope == Scope::All || (option.scope == Scope::Profiles) == profile) return;
  const std::string what =
      isLinear(doc.graph) ? chainSource(doc.graph).type : std::string("a graph's map");
  throw InputError("--" + std::string(option.name) + ": does not apply to " + what +
                   "; it applies to " + sourcesWith(option.scope == Scope::Profiles));
}

std::vector<ExportFlagInfo> otherExportFlags() {
  std::vector<ExportFlagInfo> flags;
  for (const OptionInfo& o : kOptions) {
    std::string help(o.help);
    if (o.scope != Scope::All) {
      help += " [";
      help += sourcesWith(o.scope == Scope::Profiles);
      help += "]";
    }
    flags.push_back({o.name, o.metavar, std::move(help)});
  }
  return flags;
}

}  // namespace terrain::cli

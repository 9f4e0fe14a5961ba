#include "core/io/raster_files.hpp"

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_minixml.h>
#include <gdal.h>
#include <gdal_frmts.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "core/base/error.hpp"
#include "core/base/quote.hpp"
#include "core/io/input_file.hpp"

namespace terrain {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void refuse(const std::string& path, const std::string& namedBy,
                         const std::string& why) {
  throw InputError("import: " + excerpt(path) +
                   (namedBy.empty() ? " " : ", named by " + excerpt(namedBy) + ", ") + why);
}

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool under(const fs::path& path, std::string_view root) {
  const std::string text = path.string();
  return text.size() > root.size() && text.compare(0, root.size(), root) == 0 &&
         text[root.size()] == '/';
}

// A path as it is written, before any resolving: no control character, no
// /vsi path, no URL ("://" anywhere: GDAL takes such a name as absolute and
// may fetch it), no XML (GDAL parses a name holding "<VRTDataset" as the
// VRT itself) and, for a name a VRT gives, no driver prefix
// ("GTIFF_DIR:1:x.tif": a colon before the first slash).
void checkSpelling(const std::string& path, const std::string& namedBy) {
  if (path.empty()) refuse(path, namedBy, "is empty; a raster file is needed");
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      refuse(path, namedBy, "holds a control character; a file name may not");
    }
  }
  if (path.rfind("/vsi", 0) == 0) {
    refuse(path, namedBy,
           "is a GDAL virtual file system path; only files on this machine's disk are read");
  }
  if (path.find("://") != std::string::npos) {
    refuse(path, namedBy, "is a URL; only files on this machine's disk are read");
  }
  if (path.find('<') != std::string::npos) {
    refuse(path, namedBy, "holds '<', which GDAL reads as XML; name the file by its path");
  }
  const std::string_view first = std::string_view(path).substr(0, path.find('/'));
  if (!namedBy.empty() && first.find(':') != std::string_view::npos) {
    refuse(path, namedBy,
           "reads as a GDAL connection string, not a file name; name the file by its path");
  }
}

// Names in a directory that are neither files nor folders (FIFOs, devices,
// sockets, links to them): read once per directory a walk meets.
using OddNames = std::vector<std::pair<std::string, mode_t>>;

OddNames oddNamesIn(const fs::path& directory) {
  OddNames odd;
  std::error_code ec;
  for (fs::directory_iterator it(directory, ec), end; !ec && it != end; it.increment(ec)) {
    struct stat st {};
    if (::stat(it->path().c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
      odd.emplace_back(it->path().filename().string(), st.st_mode);
    }
  }
  return odd;
}

struct XmlFree {
  void operator()(CPLXMLNode* node) const noexcept { CPLDestroyXMLNode(node); }
};

// What a VRT's walk found below it: the files it names (counted each time
// they are named) and how many VRTs deep it goes, so a VRT named again is
// counted without being read again.
struct Subtree {
  std::size_t named = 0;
  int depth = 1;
};

struct Walk {
  std::vector<std::string> files;
  std::set<std::string> seen;
  std::map<std::string, OddNames> oddByDirectory;
  std::map<std::string, Subtree> vrts;
  std::size_t named = 0;
};

// The file is a regular file outside the kernel's own trees, and nothing
// beside it that GDAL may open as its sidecar (dem.tif.aux.xml, dem.prj,
// dem.tfw, dem.tif.ovr) is a FIFO or a device that would hang the read.
std::optional<fs::path> checkLocalFile(const std::string& path, const std::string& namedBy,
                                       Walk& w) {
  checkSpelling(path, namedBy);
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    // A mosaic's missing part is refused when a read needs it: a tile of
    // the mosaic reads only the parts under it.
    if (!namedBy.empty() && errno == ENOENT) return std::nullopt;
    refuse(path, namedBy, "does not exist");
  }
  if (!S_ISREG(st.st_mode)) refuse(path, namedBy, std::string("is ") + fileKind(st.st_mode));
  std::error_code ec;
  const fs::path real = fs::canonical(path, ec);
  if (ec) refuse(path, namedBy, "cannot be resolved: " + ec.message());
  // The kernel's trees hold "regular files" that are not (/proc/self/environ
  // reads as empty, then as the process's secrets); /dev/shm is a tmpfs.
  for (const std::string_view root : {"/proc", "/sys", "/dev"}) {
    if (under(real, root) && !under(real, "/dev/shm")) {
      refuse(path, namedBy, "is a system file under " + std::string(root) + ", not a raster");
    }
  }
  // GDAL looks for sidecars beside the name it is given, and beside the
  // file a link leads to.
  const fs::path given = fs::absolute(path, ec).lexically_normal();
  for (const fs::path& place : {real, given}) {
    if (place.empty()) continue;
    const std::string directory = place.parent_path().string();
    auto found = w.oddByDirectory.find(directory);
    if (found == w.oddByDirectory.end()) {
      found = w.oddByDirectory.emplace(directory, oddNamesIn(place.parent_path())).first;
    }
    const std::string stem = lower(place.stem().string()) + ".";
    for (const auto& [name, mode] : found->second) {
      if (lower(name).rfind(stem, 0) != 0) continue;
      refuse(path, namedBy,
             "has " + excerpt(name) + " beside it, which is " + fileKind(mode) +
                 "; GDAL may open it as the raster's sidecar, so nothing is read");
    }
  }
  return real;
}

int walk(const std::string& path, const std::string& namedBy, int depth, Walk& w);

bool named(const CPLXMLNode* node, const char* name) {
  return EQUAL(node->pszValue, name);  // GDAL reads element names in any case
}

// A band or dataset kind that runs code or reads bytes as samples.
void refuseKind(const CPLXMLNode* node, const std::string& shown) {
  const std::string subClass = CPLGetXMLValue(node, "subClass", "");
  if (named(node, "VRTDataset") && !subClass.empty()) {
    refuse(shown, "",
           "is a " + excerpt(subClass) +
               " VRT; only mosaics of rasters are read (make it a GeoTIFF first)");
  }
  if (named(node, "VRTRasterBand") && !subClass.empty() &&
      !EQUAL(subClass.c_str(), "VRTSourcedRasterBand") &&
      !EQUAL(subClass.c_str(), "VRTDerivedRasterBand")) {
    refuse(shown, "",
           "has a " + excerpt(subClass) +
               " band; only bands of raster sources are read (a raw band would read any "
               "file's bytes as heights)");
  }
  if (named(node, "PixelFunctionCode") ||
      (named(node, "PixelFunctionLanguage") && !EQUAL(CPLGetXMLValue(node, nullptr, ""), "C"))) {
    refuse(shown, "", "has a Python pixel function; no code from a file is run");
  }
}

// Every element of the VRT checked, each file it names walked in turn, the
// name resolved as GDAL resolves it. Returns how many VRTs deep it goes.
int walkVrt(const fs::path& vrt, int depth, Walk& w) {
  const std::string shown = vrt.string();
  if (const auto done = w.vrts.find(shown); done != w.vrts.end()) {
    w.named += done->second.named;  // named again: counted, not read again
    if (w.named > kMaxRasterSources) {
      refuse(shown, "",
             "names more than " + std::to_string(kMaxRasterSources) +
                 " raster files, counting those of the VRTs it names");
    }
    if (depth + done->second.depth - 1 > kMaxVrtDepth) {
      refuse(shown, "",
             "is a VRT nested more than " + std::to_string(kMaxVrtDepth) +
                 " deep; build one VRT of the rasters themselves (gdalbuildvrt)");
    }
    return done->second.depth;
  }
  if (depth > kMaxVrtDepth) {
    refuse(shown, "",
           "is a VRT nested more than " + std::to_string(kMaxVrtDepth) +
               " deep; build one VRT of the rasters themselves (gdalbuildvrt)");
  }
  std::string text;
  try {
    text = readRegularFile(shown, kMaxVrtBytes);
  } catch (const std::exception& e) {
    refuse(shown, "", std::string("cannot be read as a VRT: ") + e.what());
  }
  CPLPushErrorHandler(CPLQuietErrorHandler);
  const std::unique_ptr<CPLXMLNode, XmlFree> root(CPLParseXMLString(text.c_str()));
  CPLPopErrorHandler();
  if (!root) refuse(shown, "", "is not a VRT GDAL can read (its XML does not parse)");
  const std::size_t namedBefore = w.named;
  int below = 0;
  std::vector<const CPLXMLNode*> stack{root.get()};
  while (!stack.empty()) {
    const CPLXMLNode* node = stack.back();
    stack.pop_back();
    if (node->psNext != nullptr) stack.push_back(node->psNext);
    if (node->eType != CXT_Element) continue;
    if (node->psChild != nullptr) stack.push_back(node->psChild);
    refuseKind(node, shown);
    if (!named(node, "SourceFilename") && !named(node, "SourceDataset")) continue;
    if (++w.named > kMaxRasterSources) {
      refuse(shown, "",
             "names more than " + std::to_string(kMaxRasterSources) +
                 " raster files, counting those of the VRTs it names");
    }
    const std::string source = CPLGetXMLValue(node, nullptr, "");
    checkSpelling(source, shown);  // as written, before it is resolved
    const bool relative = std::atoi(CPLGetXMLValue(node, "relativeToVRT", "0")) != 0;
    const std::string resolved =
        relative ? CPLProjectRelativeFilename(vrt.parent_path().c_str(), source.c_str()) : source;
    below = std::max(below, walk(resolved, shown, depth + 1, w));
  }
  w.vrts[shown] = Subtree{w.named - namedBefore, below + 1};
  return below + 1;
}

// Returns how many VRTs deep the file goes (0: not a VRT, or missing).
int walk(const std::string& path, const std::string& namedBy, int depth, Walk& w) {
  // A relative path is GDAL's too: from the working directory.
  const std::optional<fs::path> real = checkLocalFile(path, namedBy, w);
  if (!real) return 0;
  if (w.seen.insert(real->string()).second) w.files.push_back(real->string());
  return isVrtFile(real->string()) ? walkVrt(*real, depth, w) : 0;
}

}  // namespace

const char* const* allowedGdalDrivers() {
  static const char* const kDrivers[] = {"GTiff", "SRTMHGT", "AAIGrid", "USGSDEM",
                                         "PNG",   "VRT",     nullptr};
  return kDrivers;
}

void useGdal() {
  static std::once_flag once;
  std::call_once(once, [] {
    CPLSetConfigOption("GDAL_DRIVER_PATH", "disable");  // no plugins
    CPLSetConfigOption("GDAL_VRT_ENABLE_PYTHON", "NO");
    // /vsicurl/ fetches only this name, which no path can reach.
    CPLSetConfigOption("CPL_VSIL_CURL_ALLOWED_FILENAME", "/terrain-explorer/fetches/nothing");
    CPLSetConfigOption("GDAL_HTTP_TIMEOUT", "1");
    GDALRegister_GTiff();
    GDALRegister_SRTMHGT();
    GDALRegister_AAIGrid();
    GDALRegister_USGSDEM();
    GDALRegister_PNG();
    GDALRegister_VRT();
  });
}

bool isVrtFile(const std::string& path) {
  try {
    const InputFile file = openRegularFile(path);
    char head[1024];
    const std::size_t got = std::fread(head, 1, sizeof head, file.get());
    // GDAL's own test is "<VRTDataset" as written; any case is walked here.
    return lower(std::string_view(head, got)).find("<vrtdataset") != std::string::npos;
  } catch (const std::exception&) {
    return false;
  }
}

void checkGdalFileList(const char* const* fileList, const std::vector<std::string>& approved,
                       const std::string& path) {
  for (const char* const* f = fileList; f != nullptr && *f != nullptr; ++f) {
    std::error_code ec;
    const fs::path listed = fs::canonical(*f, ec);
    if (ec) continue;  // not there: nothing read
    const bool ok = std::any_of(approved.begin(), approved.end(), [&](const std::string& a) {
      const fs::path file(a);
      return listed == file ||
             (listed.parent_path() == file.parent_path() &&
              lower(listed.filename().string()).rfind(lower(file.stem().string()) + ".", 0) == 0);
    });
    if (!ok) {
      throw UnapprovedRasterFile("import: " + excerpt(path) + " makes GDAL read " + excerpt(*f) +
                                 ", which none of its checks approved; nothing is read");
    }
  }
}

std::vector<std::string> rasterFiles(const std::string& path) {
  Walk w;
  walk(path, "", 1, w);
  return std::move(w.files);
}

}  // namespace terrain

#include "core/raster_files.hpp"

#include <cpl_conv.h>
#include <cpl_error.h>
#include <cpl_minixml.h>
#include <gdal.h>
#include <gdal_frmts.h>
#include <sys/stat.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string_view>
#include <utility>

#include "core/error.hpp"
#include "core/input_file.hpp"
#include "core/quote.hpp"

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

// "http://...", "vrt://...": a scheme GDAL would fetch or interpret.
bool isUrl(std::string_view path) {
  const std::size_t colon = path.find("://");
  if (colon == std::string_view::npos || colon == 0) return false;
  return std::all_of(
      path.begin(), path.begin() + static_cast<std::ptrdiff_t>(colon),
      [](unsigned char c) { return std::isalnum(c) || c == '+' || c == '-' || c == '.'; });
}

bool under(const fs::path& path, std::string_view root) {
  const std::string text = path.string();
  return text.size() > root.size() && text.compare(0, root.size(), root) == 0 &&
         text[root.size()] == '/';
}

// A path as it is written: no control character, no /vsi path, no URL.
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
  if (isUrl(path)) refuse(path, namedBy, "is a URL; only files on this machine's disk are read");
  // GDAL reads "GTIFF_DIR:1:x.tif", "http:/..." or "<VRTDataset>..." given
  // as a file name as something else than a file: a relative name whose
  // first part holds a colon, or one that starts as XML, is not a file's.
  // (The file given is passed to GDAL by its absolute path.)
  const std::string_view first = std::string_view(path).substr(0, path.find('/'));
  if (namedBy.empty()) return;
  if (path.front() == '<' || (path.front() != '/' && first.find(':') != std::string_view::npos)) {
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

struct Walk {
  std::vector<std::string> files;
  std::set<std::string> seen;
  std::map<std::string, OddNames> oddByDirectory;
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
  const std::string directory = real.parent_path().string();
  auto found = w.oddByDirectory.find(directory);
  if (found == w.oddByDirectory.end()) {
    found = w.oddByDirectory.emplace(directory, oddNamesIn(real.parent_path())).first;
  }
  const std::string stem = lower(real.stem().string()) + ".";
  for (const auto& [name, mode] : found->second) {
    if (lower(name).rfind(stem, 0) != 0) continue;
    refuse(path, namedBy,
           "has " + excerpt(name) + " beside it, which is " + fileKind(mode) +
               "; GDAL may open it as the raster's sidecar, so nothing is read");
  }
  return real;
}

void walk(const std::string& path, const std::string& namedBy, int depth, Walk& w);

// Every element of the VRT: a band or dataset kind that runs code or reads
// bytes as samples is refused; each file it names is walked in turn.
void walkVrt(const fs::path& vrt, int depth, Walk& w) {
  const std::string shown = vrt.string();
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
  std::vector<const CPLXMLNode*> stack{root.get()};
  while (!stack.empty()) {
    const CPLXMLNode* node = stack.back();
    stack.pop_back();
    if (node->psNext != nullptr) stack.push_back(node->psNext);
    if (node->eType != CXT_Element) continue;
    if (node->psChild != nullptr) stack.push_back(node->psChild);
    const std::string_view name = node->pszValue;
    const std::string subClass = CPLGetXMLValue(node, "subClass", "");
    if (name == "VRTDataset" && !subClass.empty()) {
      refuse(shown, "",
             "is a " + excerpt(subClass) +
                 " VRT; only mosaics of rasters are read (make it a GeoTIFF first)");
    }
    if (name == "VRTRasterBand" && !subClass.empty() && subClass != "VRTSourcedRasterBand" &&
        subClass != "VRTDerivedRasterBand") {
      refuse(shown, "",
             "has a " + excerpt(subClass) +
                 " band; only bands of raster sources are read (a raw band would "
                 "read any file's bytes as heights)");
    }
    if (name == "PixelFunctionCode" ||
        (name == "PixelFunctionLanguage" && lower(CPLGetXMLValue(node, nullptr, "")) == "python")) {
      refuse(shown, "", "has a Python pixel function; no code from a file is run");
    }
    if (name != "SourceFilename" && name != "SourceDataset") continue;
    if (++w.named > kMaxRasterSources) {
      refuse(shown, "",
             "names more than " + std::to_string(kMaxRasterSources) +
                 " raster files, counting those of the VRTs it names");
    }
    const std::string source = CPLGetXMLValue(node, nullptr, "");
    const bool relative = std::string_view(CPLGetXMLValue(node, "relativeToVRT", "0")) == "1";
    const bool absolute = !source.empty() && source.front() == '/';
    walk(relative && !absolute ? (vrt.parent_path() / source).string() : source, shown, depth + 1,
         w);
  }
}

void walk(const std::string& path, const std::string& namedBy, int depth, Walk& w) {
  // A relative path is GDAL's too: from the working directory.
  const std::optional<fs::path> real = checkLocalFile(path, namedBy, w);
  if (!real) return;
  if (w.seen.insert(real->string()).second) w.files.push_back(real->string());
  if (isVrtFile(real->string())) walkVrt(*real, depth, w);
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
    return std::string_view(head, got).find("<VRTDataset") != std::string_view::npos;
  } catch (const std::exception&) {
    return false;
  }
}

std::vector<std::string> rasterFiles(const std::string& path) {
  Walk w;
  walk(path, "", 1, w);
  return std::move(w.files);
}

}  // namespace terrain

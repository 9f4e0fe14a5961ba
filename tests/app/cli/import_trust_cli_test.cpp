// A DEM or project from someone else, through the real binary (issue 37):
// a hostile VRT cannot make the export read a file's bytes as heights or
// contact the network, and no output may land on a file the document reads,
// however spelled. Each refusal is exit 2, one line, and nothing written.
#include <arpa/inet.h>
#include <fcntl.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/graph/graph_edits.hpp"
#include "tests/core/test_support.hpp"
#include "tests/support/app_process.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

// A TCP listener on the loopback that counts who connected: the kernel
// completes a connection into the backlog, so accept() after the run finds
// any attempt without a thread.
class Listener {
 public:
  Listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 ||
        ::listen(fd_, 16) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      ADD_FAILURE() << "no loopback listener";
      return;
    }
    port_ = ntohs(address.sin_port);
  }
  ~Listener() {
    if (fd_ >= 0) ::close(fd_);
  }
  Listener(const Listener&) = delete;
  Listener& operator=(const Listener&) = delete;
  int port() const { return port_; }
  int connections() const {
    int n = 0;
    for (int c; (c = ::accept(fd_, nullptr, nullptr)) >= 0; ++n) ::close(c);
    return n;
  }

 private:
  int fd_ = -1;
  int port_ = 0;
};

class ImportTrustCli : public testing::ScratchDirTest {
 protected:
  testing::AppRun exportWith(std::vector<std::string> args) const {
    args.insert(args.begin(), "export");
    return testing::runApp(args, dir_);
  }
  // Exit 2, one line holding `said`, and no file but the run's own output.
  void expectRefused(const std::vector<std::string>& args, const std::string& said,
                     const std::vector<std::string>& untouched = {}) const {
    std::vector<std::string> before;
    for (const std::string& f : untouched) before.push_back(testing::readAll(f));
    const testing::AppRun r = exportWith(args);
    EXPECT_EQ(r.status, 2) << said << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(said), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "out.png")) << said;
    for (std::size_t i = 0; i < untouched.size(); ++i) {
      EXPECT_EQ(testing::readAll(untouched[i]), before[i]) << untouched[i] << " was changed";
    }
  }
  std::string vrtOf(const std::string& name, const std::string& source) const {
    std::ofstream(path(name))
        << "<VRTDataset rasterXSize=\"33\" rasterYSize=\"33\"><VRTRasterBand dataType=\"Float32\" "
           "band=\"1\"><SimpleSource><SourceFilename relativeToVRT=\"1\">"
        << source
        << "</SourceFilename><SourceBand>1</SourceBand></SimpleSource></VRTRasterBand>"
           "</VRTDataset>\n";
    return path(name);
  }
};

TEST_F(ImportTrustCli, ARawBandOfASecretFileIsRefusedNotExported) {
  std::ofstream(path("secret.txt")) << std::string(33 * 33 * 4, 'S');
  std::ofstream(path("raw.vrt"))
      << "<VRTDataset rasterXSize=\"33\" rasterYSize=\"33\"><VRTRasterBand dataType=\"Float32\" "
         "band=\"1\" subClass=\"VRTRawRasterBand\"><SourceFilename relativetoVRT=\"1\">"
         "secret.txt</SourceFilename></VRTRasterBand></VRTDataset>\n";
  expectRefused({"--generator", "import", "--file", path("raw.vrt"), "--size", "33", "--heightmap",
                 path("out.png")},
                "'VRTRawRasterBand' band");
  // The same VRT given to a graph's import node.
  Document doc = testing::makingDocument("import");
  saveProject(path("p.json"), doc);
  expectRefused({"--project", path("p.json"), "--node-param", "1.file=" + path("raw.vrt"),
                 "--heightmap", path("out.png")},
                "'VRTRawRasterBand' band");
}

TEST_F(ImportTrustCli, NoDataFileMakesTheExportContactTheNetwork) {
  const Listener listener;
  const std::string url = "http://127.0.0.1:" + std::to_string(listener.port());
  vrtOf("remote.vrt", "/vsicurl/" + url + "/dem.tif");
  std::ofstream(path("wms.xml")) << "<GDAL_WMS><Service name=\"WMS\"><ServerUrl>" << url
                                 << "/wms?</ServerUrl><Layers>x</Layers></Service>"
                                    "<DataWindow><SizeX>64</SizeX><SizeY>64</SizeY></DataWindow>"
                                    "</GDAL_WMS>\n";
  // An empty file whose name, from its folder on, reads as a URL.
  const std::filesystem::path lookalike =
      dir_ / "http:" / ("127.0.0.1:" + std::to_string(listener.port())) / "x.tif";
  std::filesystem::create_directories(lookalike.parent_path());
  std::ofstream(lookalike.string()).close();
  const std::string relative =
      dir_.string() + "/./http:/127.0.0.1:" + std::to_string(listener.port()) + "/x.tif";
  for (const auto& [file, said] : std::vector<std::pair<std::string, std::string>>{
           {path("remote.vrt"), "is a GDAL virtual file system path"},
           {path("wms.xml"), "is not a raster GDAL can read here"},
           {relative, "is not a raster GDAL can read here"},
           {url + "/dem.tif", "is a URL"}}) {
    expectRefused(
        {"--generator", "import", "--file", file, "--size", "33", "--heightmap", path("out.png")},
        said);
  }
  EXPECT_EQ(listener.connections(), 0) << "the export contacted " << url;
}

TEST_F(ImportTrustCli, AnOutputOnAFileTheDocumentReadsIsRefusedNamingBoth) {
  std::filesystem::copy_file(testing::importSample("hills.asc"), path("hills.asc"));
  const std::string dem = path("hills.asc");
  std::filesystem::create_symlink(dem, path("link.asc"));
  const std::string mosaic = vrtOf("mosaic.vrt", "hills.asc");
  const std::vector<std::string> importing = {"--generator", "import", "--size", "33"};
  const auto with = [&](std::vector<std::string> args, const std::string& file) {
    std::vector<std::string> all = importing;
    all.insert(all.end(), {"--file", file});
    all.insert(all.end(), args.begin(), args.end());
    return all;
  };
  const std::string itsFile = "is the import's file ('" + dem + "')";
  expectRefused(with({"--heightmap", dem}, dem), itsFile, {dem});
  // Other spellings of it: a symlink, a path through "..", a raw heightmap.
  expectRefused(with({"--heightmap", path("link.asc")}, dem), itsFile, {dem});
  expectRefused(with({"--r16", (dir_ / ".." / dir_.filename() / "hills.asc").string()}, dem),
                itsFile, {dem});
  expectRefused(with({"--raw", dem}, path("link.asc")), "is the import's file", {dem});
  // A file the VRT reads, and the VRT itself.
  expectRefused(with({"--heightmap", dem}, mosaic), "is a file the import's '" + mosaic + "' reads",
                {dem, mosaic});
  expectRefused(with({"--color", mosaic}, mosaic), "is the import's file", {mosaic});
  // The sidecar JSON, and the project an export saves.
  expectRefused(with({"--raw", path("h.r32"), "--save-project", dem}, dem), itsFile, {dem});
  // A tile of a tiled export whose name is the DEM's (tile x1_y0 of t.r32).
  ASSERT_EQ(exportWith(with({"--raw", path("t_x1_y0.r32"), "--no-sidecar"}, dem)).status, 0);
  const std::string tileDem = path("t_x1_y0.r32");
  expectRefused({"--generator", "import", "--size", "65", "--file", tileDem, "--tiles", "2x2",
                 "--out-dir", dir_.string(), "--raw", "t.r32"},
                "--raw: '" + tileDem + "' is the import's file", {tileDem});
  EXPECT_FALSE(std::filesystem::exists(path("t_x0_y0.r32"))) << "a tile was made first";
  // A graph project's import node (a node beside it: not a chain, whose
  // import is "the import").
  Document doc = testing::makingDocument("import");
  addNode(doc.graph, "smooth", 200.0f, 200.0f);
  saveProject(path("p.json"), doc);
  expectRefused({"--project", path("p.json"), "--node-param", "1.file=" + dem, "--heightmap",
                 path("link.asc")},
                "is node 1 (import)'s file", {dem});
}

}  // namespace
}  // namespace terrain

// The window's export settings live in the project (issue 38 item 5): they
// are read back as written, a project that never exported has no "export"
// section and reads as before, and every value in the section is checked
// as the rest of the project's are, refused naming its place.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/base/error.hpp"
#include "core/document/document.hpp"
#include "core/document/project.hpp"
#include "core/export/outputs.hpp"
#include "tests/support/scratch_dir_fixture.hpp"

namespace terrain {
namespace {

Document withExports() {
  Document doc = defaultDocument("diamond-square");
  ExportSettings& e = doc.exports;
  e.formats = {"heightmap", "raw", "color"};
  e.folder = "/srv/exports/island";
  e.name = "island-final";
  e.sidecar = false;
  e.viewWidth = 2560;
  e.engineSize = "unreal-1009";
  e.resample = true;
  e.engine = "godot";
  const auto option = findFormatOption("exr-compression");
  EXPECT_TRUE(option.has_value()) << "a format option to set";
  if (option) {
    ParamValues values = option->format->options.defaults;
    values[option->index] = values[option->index] == 0.0 ? 1.0 : 0.0;
    e.formatOptions[std::string(option->format->key)] = values;
  }
  return doc;
}

TEST(ProjectExport, TheExportSettingsAreReadBackAsWritten) {
  const Document doc = withExports();
  const std::string text = projectToJson(doc);
  EXPECT_NE(text.find("\"export\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"engine-size\": \"unreal-1009\""), std::string::npos) << text;
  EXPECT_NE(text.find("\"for\": \"godot\""), std::string::npos) << text;
  const Document back = projectFromJson(text);
  EXPECT_EQ(back.exports, doc.exports);
  EXPECT_EQ(back, doc);
  EXPECT_EQ(projectToJson(back), text);
}

TEST(ProjectExport, AProjectThatNeverExportedHasNoSectionAndReadsAsBefore) {
  const Document doc = defaultDocument("diamond-square");
  const std::string text = projectToJson(doc);
  EXPECT_EQ(text.find("\"export\""), std::string::npos) << text;
  EXPECT_EQ(projectFromJson(text).exports, ExportSettings{});
  // A format's options left at their defaults say nothing either.
  Document defaults = doc;
  const OutputFormat& first = outputFormats().front();
  defaults.exports.formatOptions[std::string(first.key)] = first.options.defaults;
  EXPECT_EQ(projectToJson(defaults).find("\"options\""), std::string::npos);
}

// The section of a project with `exportJson` as its "export" value.
std::string withSection(const std::string& exportJson) {
  std::string text = projectToJson(defaultDocument("diamond-square"));
  const std::size_t end = text.rfind('}');
  return text.substr(0, end) + ", \"export\": " + exportJson + "}\n";
}

std::string refusal(const std::string& exportJson) {
  try {
    projectFromJson(withSection(exportJson));
  } catch (const InputError& e) {
    return e.what();
  }
  return "(read)";
}

TEST(ProjectExport, HostileValuesAreRefusedNamingTheirPlace) {
  EXPECT_EQ(projectFromJson(withSection("{\"formats\": [\"raw\"]}")).exports.formats,
            std::vector<std::string>{"raw"});
  const std::pair<std::string, std::string> cases[] = {
      {"[]", "'export'"},
      {"{\"colour\": 1}", "colour"},
      {"{\"formats\": \"heightmap\"}", "'export.formats' must be a list"},
      {"{\"formats\": [\"heightmap\", \"nope\"]}", "unknown format 'nope' in 'export.formats[1]'"},
      {"{\"formats\": [\"raw\", \"raw\"]}", "listed twice"},
      {"{\"folder\": \"/tmp/a\\u0000b\"}", "'export.folder' holds a control character"},
      {"{\"folder\": 7}", "'export.folder' must be text"},
      {"{\"name\": \"../../etc/passwd\"}", "must not hold '/'"},
      {"{\"name\": \"" + std::string(300, 'a') + "\"}", "at most 255"},
      {"{\"sidecar\": \"yes\"}", "'export.sidecar' must be true or false"},
      {"{\"view-width\": 100000}", "'export.view-width' must be a whole number of pixels"},
      {"{\"view-width\": -5}", "'export.view-width'"},
      {"{\"engine-size\": \"unreal-9999\"}", "unknown engine size 'unreal-9999'"},
      {"{\"fit\": \"stretch\"}", "'export.fit' 'stretch' is not a fit"},
      {"{\"for\": \"cryengine\"}", "'export.for' 'cryengine' is not an engine"},
      {"{\"for\": 3}", "'export.for' must be text"},
      {"{\"options\": {\"nope\": {}}}", "unknown format 'nope' in 'export.options'"},
      {"{\"options\": {\"heightmap\": {\"nope\": 1}}}", "nope"},
  };
  for (const auto& [json, said] : cases) {
    const std::string why = refusal(json);
    EXPECT_NE(why.find(said), std::string::npos) << json << " -> " << why;
    EXPECT_EQ(why.rfind("project", 0), 0u) << json << " -> " << why;
  }
}

namespace fs = std::filesystem;

// Where a project's exports go is the reader's to decide: a project file
// keeps its export folder relative to itself and only inside its own tree.
class ProjectExportFolder : public testing::ScratchDirTest {
 protected:
  void SetUp() override {
    fs::create_directories(dir_ / "shared" / "exports");
    fs::create_directories(dir_ / "elsewhere");
  }
  std::string projectFile() const { return path("shared/island.terrain.json"); }
  // A project file whose "export" section is `exportJson`.
  void writeWith(const std::string& exportJson) const {
    std::string text = projectToJson(defaultDocument("diamond-square"));
    text = text.substr(0, text.rfind('}')) + ", \"export\": " + exportJson + "}\n";
    std::ofstream(projectFile()) << text;
  }
  static std::string textOf(const std::string& file) {
    std::ifstream in(file);
    return {std::istreambuf_iterator<char>(in), {}};
  }
};

TEST_F(ProjectExportFolder, IsSavedRelativeToTheProjectAndOnlyInsideItsTree) {
  Document doc = defaultDocument("diamond-square");
  doc.exports.folder = path("shared/exports");
  saveProject(projectFile(), doc);
  const std::string text = textOf(projectFile());
  EXPECT_NE(text.find("\"folder\": \"exports\""), std::string::npos) << text;
  EXPECT_EQ(text.find(dir_.string()), std::string::npos) << "no absolute path saved: " << text;
  const Document back = loadProject(projectFile());
  EXPECT_EQ(back.exports.folder, fs::canonical(dir_ / "shared" / "exports").string());
  EXPECT_EQ(back.exports.folderNote, "");

  // A folder outside the project's tree (the author's home) is not saved.
  doc.exports.folder = path("elsewhere");
  saveProject(projectFile(), doc);
  EXPECT_EQ(textOf(projectFile()).find("\"folder\""), std::string::npos) << textOf(projectFile());
  EXPECT_EQ(loadProject(projectFile()).exports.folder, "");
}

TEST_F(ProjectExportFolder, AProjectCannotPointExportsOutOfItsTree) {
  fs::create_directory_symlink(dir_ / "elsewhere", dir_ / "shared" / "link");
  const std::string outside = path("elsewhere");
  for (const std::string& folder : {outside, std::string("../elsewhere"),
                                    std::string("exports/../../elsewhere"), std::string("link")}) {
    writeWith("{\"folder\": \"" + folder + "\"}");
    const Document doc = loadProject(projectFile());
    EXPECT_EQ(doc.exports.folder, "") << folder;
    EXPECT_NE(doc.exports.folderNote.find("not used"), std::string::npos)
        << folder << " -> " << doc.exports.folderNote;
  }
}

TEST_F(ProjectExportFolder, AMissingFolderIsKeptAndSaid) {
  writeWith("{\"folder\": \"renders/final\"}");
  const Document doc = loadProject(projectFile());
  EXPECT_EQ(doc.exports.folder, (fs::canonical(dir_ / "shared") / "renders" / "final").string());
  EXPECT_NE(doc.exports.folderNote.find("does not exist"), std::string::npos)
      << doc.exports.folderNote;
  // Saved again, it is still there, not replaced by the window's.
  saveProject(projectFile(), doc);
  EXPECT_NE(textOf(projectFile()).find("\"folder\": \"renders/final\""), std::string::npos)
      << textOf(projectFile());
}

}  // namespace
}  // namespace terrain

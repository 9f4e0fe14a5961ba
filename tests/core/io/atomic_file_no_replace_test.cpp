// Two writers racing for one new name (two windows exporting into one
// folder) never replace each other's file: under a NoReplaceScope the name
// is taken atomically at commit (link, or rename with RENAME_NOREPLACE on
// a filesystem without O_TMPFILE), and the loser fails naming the file,
// leaving no temporary.
#include <gtest/gtest.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "core/base/error.hpp"
#include "core/io/atomic_file.hpp"
#include "tests/support/files.hpp"
#include "tests/support/scratch_dir_fixture.hpp"
#include "tests/support/without_tmpfile.hpp"

namespace terrain {
namespace {

using testing::readAll;

class NoReplace : public testing::ScratchDirTest {
 protected:
  // Both writers made while the name is free, then committed in turn: the
  // second's error, or "" when it committed.
  std::string race(const std::string& name) {
    const NoReplaceScope scope;
    AtomicFile first(path(name));
    AtomicFile second(path(name));
    first.write("first", 5);
    second.write("second", 6);
    first.commit();
    try {
      second.commit();
    } catch (const IoError& e) {
      return e.what();
    }
    return {};
  }
};

TEST_F(NoReplace, TheSecondOfTwoWritersRacingForANameFailsAndTheFirstsBytesStay) {
  const std::string error = race("t.r16");
  EXPECT_NE(error.find(path("t.r16")), std::string::npos) << error;
  EXPECT_NE(error.find("exists"), std::string::npos) << error;
  EXPECT_EQ(readAll(path("t.r16")), "first");
  EXPECT_EQ(entries(), std::vector<std::string>{"t.r16"}) << "no temporary left";
}

TEST_F(NoReplace, WithoutOTmpfileTheNamedTemporaryIsRenamedOnlyOntoAFreeName) {
  const testing::WithoutTmpfile named;
  const std::string error = race("t.png");
  EXPECT_NE(error.find("exists"), std::string::npos) << error;
  EXPECT_EQ(readAll(path("t.png")), "first");
  EXPECT_EQ(entries(), std::vector<std::string>{"t.png"}) << "no temporary left";
}

TEST_F(NoReplace, OutsideTheScopeTheSecondWriterReplacesAsEver) {
  AtomicFile first(path("t"));
  AtomicFile second(path("t"));
  first.write("first", 5);
  second.write("second", 6);
  first.commit();
  second.commit();
  EXPECT_EQ(readAll(path("t")), "second");
}

TEST_F(NoReplace, ANameTakenBeforeTheWriteIsRefusedAtOnceEvenByADanglingLink) {
  const NoReplaceScope scope;
  writeFileAtomically(path("old"), [](AtomicFile& f) { f.write("old", 3); });
  // The scope refuses the plain file; a dangling link is a name as taken.
  EXPECT_THROW(AtomicFile(path("old")), IoError);
  std::filesystem::create_symlink(path("nowhere"), path("link"));
  EXPECT_THROW(writeFileAtomically(path("link"), [](AtomicFile& f) { f.write("new", 3); }),
               IoError);
  EXPECT_EQ(readAll(path("old")), "old");
  EXPECT_TRUE(std::filesystem::is_symlink(path("link")));
  EXPECT_FALSE(std::filesystem::exists(path("nowhere")));
  EXPECT_EQ(entries(), (std::vector<std::string>{"link", "old"}));
}

}  // namespace
}  // namespace terrain

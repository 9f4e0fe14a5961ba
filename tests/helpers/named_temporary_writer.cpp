// A test helper (tests/app/cli/cli_signals_test.cpp): writes FILE through
// AtomicFile with a named temporary from the start, as on a filesystem
// without O_TMPFILE, 64 KiB every 10 ms until a signal ends it, with the
// export's signal cleanup installed. Usage: named_temporary_writer FILE
#include <unistd.h>

#include <vector>

#include "core/io/atomic_file.hpp"
#include "core/io/temporary_cleanup.hpp"
#include "tests/support/without_tmpfile.hpp"

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  terrain::installTemporaryCleanupOnSignals();
  const terrain::testing::WithoutTmpfile named;
  const std::vector<char> block(std::size_t{64} << 10, 'x');
  terrain::writeFileAtomically(argv[1], [&](terrain::AtomicFile& file) {
    for (;;) {
      file.write(block.data(), block.size());
      ::usleep(10000);
    }
  });
  return 1;  // not reached: the loop ends with the signal
}
